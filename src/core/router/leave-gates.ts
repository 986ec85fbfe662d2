/**
 * The portal router's gates for the leave guard (leave-guard.ts): added to the window before
 * @nanostores/router's own popstate and hashchange listeners, so that a held guard can keep a
 * Back/Forward from the router. They hand the event to the guard once leave-guard.ts has
 * been loaded (by an editor that can hold one); until then there is nothing to guard and
 * they do nothing. Kept apart so the portal's first load does not carry the guard itself.
 *
 * One gap is closed here: an edit made while the guard's code is still on its way (the
 * first touch of an editor starts loading it). {@link holdUntilGuarded} holds a Back/Forward
 * taken meanwhile — cancelled through the Navigation API where it can be, else (in the
 * portal) kept from the router and walked back — and takes it again once the guard holds,
 * so the guard asks as for any other step.
 */
import { entryIndex } from './history-index.ts';
import { shared } from '../shared.ts';

/** The part of the Navigation API used here (not in TypeScript's DOM library yet). */
interface NavigationLike extends EventTarget {
  readonly currentEntry: { readonly index: number } | null;
}
interface TraverseLike extends Event {
  readonly navigationType: string;
  readonly destination: { readonly index: number; readonly sameDocument: boolean };
}

interface LeaveGates {
  onPopState: ((event: PopStateEvent) => void) | null;
  onHashChange: ((event: Event) => void) | null;
  /** Editors whose guard code is still loading. */
  waiting: number;
  /** Where the page was when the wait began (its history position). */
  here: number | null;
  /** A step held meanwhile: how far it went, taken again once the guard holds. */
  held: number | null;
  /** Our own way back after a step that could not be cancelled. */
  reverting: boolean;
}

/** Filled in by leave-guard.ts when it loads (page-wide, so any copy of the suite finds it). */
export const leaveGates = shared('router.leaveGates', (): LeaveGates => ({
  onPopState: null,
  onHashChange: null,
  waiting: 0,
  here: null,
  held: null,
  reverting: false,
}));

const navigationApi = (): NavigationLike | null => (globalThis as { navigation?: NavigationLike }).navigation ?? null;
const position = (): number | null => navigationApi()?.currentEntry?.index ?? entryIndex();

function onNavigateWhileWaiting(raw: Event): void {
  const event = raw as TraverseLike;
  if (leaveGates.reverting || event.navigationType !== 'traverse' || !event.destination.sameDocument || !event.cancelable) return;
  const from = navigationApi()?.currentEntry?.index;
  if (from === undefined || event.destination.index < 0) return;
  event.preventDefault();
  leaveGates.held = event.destination.index - from;
}

/**
 * Holds Back/Forward until `arrived` settles (the guard's code loaded and the editor's guard
 * held), then takes a step held meanwhile again.
 */
export function holdUntilGuarded(arrived: Promise<unknown>): void {
  if (leaveGates.waiting++ === 0) {
    leaveGates.here = position();
    leaveGates.held = null;
    navigationApi()?.addEventListener('navigate', onNavigateWhileWaiting);
  }
  const done = () => {
    if (--leaveGates.waiting > 0) return;
    navigationApi()?.removeEventListener('navigate', onNavigateWhileWaiting);
    const delta = leaveGates.held;
    leaveGates.held = null;
    if (delta) history.go(delta);
  };
  void arrived.then(done, done);
}

export function gatePopState(event: PopStateEvent): void {
  if (leaveGates.reverting) {
    leaveGates.reverting = false;
    event.stopImmediatePropagation();
    return;
  }
  if (leaveGates.waiting === 0 || leaveGates.here === null) {
    leaveGates.onPopState?.(event);
    return;
  }
  // A step the browser would not let us cancel, taken before the guard could ask: the
  // router must not follow it; back to where the edit is, and again once the guard holds.
  const to = entryIndex(event.state);
  if (to === null || to === leaveGates.here) return;
  event.stopImmediatePropagation();
  leaveGates.held = to - leaveGates.here;
  leaveGates.reverting = true;
  history.go(leaveGates.here - to);
}

export function gateHashChange(event: Event): void {
  if (leaveGates.reverting) {
    event.stopImmediatePropagation();
    return;
  }
  leaveGates.onHashChange?.(event);
}
