/**
 * The portal router's gates for the leave guard (leave-guard.ts): added to the window before
 * @nanostores/router's own popstate and hashchange listeners, so that a held guard can keep a
 * Back/Forward from the router. They hand the event to the guard once leave-guard.ts has
 * been loaded (by an editor that can hold one); until then there is nothing to guard and
 * they do nothing. Kept apart so the portal's first load does not carry the guard itself.
 */
import { shared } from '../shared.ts';

interface LeaveGates {
  onPopState: ((event: PopStateEvent) => void) | null;
  onHashChange: ((event: Event) => void) | null;
}

/** Filled in by leave-guard.ts when it loads (page-wide, so any copy of the suite finds it). */
export const leaveGates = shared('router.leaveGates', (): LeaveGates => ({ onPopState: null, onHashChange: null }));

export function gatePopState(event: PopStateEvent): void {
  leaveGates.onPopState?.(event);
}

export function gateHashChange(event: Event): void {
  leaveGates.onHashChange?.(event);
}
