import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { CONFIG } from '../../core/config/config.ts';
import { $navigator } from '../../core/router/navigation.ts';
import { shared } from '../../core/shared.ts';

/**
 * What leads the portal's title: the counts its header shows, "(2 open · 12 unread)" or
 * "(12)" (set by the header's inbox counts, features/layout/InboxCounts.tsx); empty when
 * there is nothing to count or nobody is signed in.
 */
export const $titleCounts = shared('layout.titleCounts', () => atom(''));

/**
 * Page title = the page's title followed by the site suffix (docs/product.md#routes,
 * #constants-and-limits), led by the counts: "(2 open · 12 unread) Inbox | Vigil". Only
 * inside the portal: an embedded element never changes its host page's title.
 */
export function usePageTitle(title: string | null | undefined): void {
  const nav = useStore($navigator);
  const counts = useStore($titleCounts);
  useEffect(() => {
    if (!nav) return;
    const base = title ? `${title} | ${CONFIG.title}` : CONFIG.title;
    document.title = counts ? `${counts} ${base}` : base;
  }, [nav, title, counts]);
}
