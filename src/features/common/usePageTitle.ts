import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CONFIG } from '../../core/config/config.ts';
import { $navigator } from '../../core/router/navigation.ts';
import { $unreadCount } from '../../core/session/session.ts';

/**
 * Page title = the page's title followed by the site suffix (docs/product.md#routes, #constants-and-limits), led by the unread
 * count when there are unread notifications: "(3) Inbox | Vigil". Only inside the portal: an
 * embedded element never changes its host page's title.
 */
export function usePageTitle(title: string | null | undefined): void {
  const nav = useStore($navigator);
  const unread = useStore($unreadCount);
  useEffect(() => {
    if (!nav) return;
    const base = title ? `${title} | ${CONFIG.title}` : CONFIG.title;
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [nav, title, unread]);
}
