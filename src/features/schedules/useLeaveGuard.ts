import { useEffect } from 'react';

type LeaveGuardModule = typeof import('../../core/router/leave-guard.ts');
let loading: Promise<LeaveGuardModule> | null = null;

/**
 * Starts loading the guard's code: editors call it when the user first touches them
 * (focus or pointer inside), so it is there before the first change. A schedule that is
 * only looked at never loads it.
 */
export function preloadLeaveGuard(): Promise<LeaveGuardModule> {
  loading ??= import('../../core/router/leave-guard.ts');
  return loading;
}

/** {@link preloadLeaveGuard} as an event handler. */
export const startLeaveGuard = (): void => void preloadLeaveGuard();

/**
 * While `active`, leaving asks first (src/core/router/leave-guard.ts): the browser's own
 * prompt on reload/close/typed URL (beforeunload); a confirm with `message` on any link
 * that leaves the page, the portal's in-app links included; and the same confirm on the
 * browser's Back/Forward within the page — Cancel keeps the page, its edits and its URL
 * (the Navigation API cancels the step; inside `<vigil-portal>` without it, the popstate
 * is kept from the router and the history position restored). On an integrator's page
 * Back/Forward asks only where the browser lets the step be cancelled, so the host's
 * history is never touched. One prompt however many editors are dirty; no listener left
 * when none is. Not covered: programmatic navigation. Should the code still be on its way
 * when the first change is made, the guard holds from its arrival (the draft is kept in
 * sessionStorage from the first change and offered back after a reload anyway).
 */
export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    let release: (() => void) | null = null;
    let done = false;
    void preloadLeaveGuard().then(({ holdLeaveGuard }) => {
      if (!done) release = holdLeaveGuard(message);
    });
    return () => {
      done = true;
      release?.();
    };
  }, [active, message]);
}
