import { useEffect } from 'react';
import { holdLeaveGuard } from '../../core/router/leave-guard.ts';

/**
 * While `active`, leaving asks first (src/core/router/leave-guard.ts): the browser's own
 * prompt on reload/close/typed URL (beforeunload); a confirm with `message` on any link
 * that leaves the page, the portal's in-app links included; and the same confirm on the
 * browser's Back/Forward within the page — Cancel keeps the page, its edits and its URL
 * (the Navigation API cancels the step; inside `<vigil-portal>` without it, the popstate
 * is kept from the router and the history position restored). On an integrator's page
 * Back/Forward asks only where the browser lets the step be cancelled, so the host's
 * history is never touched. One prompt however many editors are dirty; no listener left
 * when none is. Not covered: programmatic navigation.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => (active ? holdLeaveGuard(message) : undefined), [active, message]);
}
