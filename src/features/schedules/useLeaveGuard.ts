import { useEffect } from 'react';
import { shared } from '../../core/shared.ts';

interface Guards {
  /** Messages of the editors with unsaved changes right now. */
  active: Set<{ message: string }>;
  installed: boolean;
  /** The listeners, page-wide too, so any copy of the suite can remove them. */
  onBeforeUnload: (event: BeforeUnloadEvent) => void;
  onClick: (event: MouseEvent) => void;
}

const guards = shared('schedules.leaveGuards', (): Guards => ({ active: new Set(), installed: false, onBeforeUnload, onClick }));

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (guards.active.size === 0) return;
  event.preventDefault();
  event.returnValue = ''; // older browsers need it to show their prompt
}

/** A plain left click on a link that leaves this page (in-app links of the portal included). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement && n.hasAttribute('href'));
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href, location.href);
  const here = new URL(location.href);
  return to.origin === here.origin && to.pathname === here.pathname && to.search === here.search ? null : link;
}

function onClick(event: MouseEvent): void {
  const first = guards.active.values().next().value;
  if (!first || !leavingLink(event)) return;
  // eslint-disable-next-line no-alert -- a synchronous answer is needed before the link acts
  if (!window.confirm(first.message)) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/**
 * While `active`, leaving asks first: the browser's own prompt on reload/close/typed URL
 * (beforeunload), and a confirm on any link that leaves the page, including the portal's
 * in-app links (caught in the capture phase, before the portal's router sees the click,
 * through shadow roots via composedPath). One prompt however many editors are dirty.
 * Not covered: the browser's Back button inside the portal (popstate cannot be
 * cancelled) and programmatic navigation.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const entry = { message };
    guards.active.add(entry);
    if (!guards.installed) {
      window.addEventListener('beforeunload', guards.onBeforeUnload);
      window.addEventListener('click', guards.onClick, true);
      guards.installed = true;
    }
    return () => {
      guards.active.delete(entry);
      if (guards.active.size === 0 && guards.installed) {
        // No listener left behind (a beforeunload listener can keep a page out of the back-forward cache).
        window.removeEventListener('beforeunload', guards.onBeforeUnload);
        window.removeEventListener('click', guards.onClick, true);
        guards.installed = false;
      }
    };
  }, [active, message]);
}
