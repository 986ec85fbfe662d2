import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CONFIG } from '../../core/config/config.ts';
import { $navigator } from '../../core/router/navigation.ts';

/**
 * Page title = the page's title followed by the site suffix (SPEC §2, §9). Only inside the
 * portal: an embedded element never changes its host page's title.
 */
export function usePageTitle(title: string | null | undefined): void {
  const nav = useStore($navigator);
  useEffect(() => {
    if (!nav) return;
    document.title = title ? `${title} | ${CONFIG.title}` : CONFIG.title;
  }, [nav, title]);
}
