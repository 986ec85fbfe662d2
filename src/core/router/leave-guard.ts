/**
 * Asking before unsaved work is left (the schedule editors' drafts). Page-wide: one set of
 * listeners and ONE prompt however many editors are dirty, and no listener at all while
 * nothing is (a `beforeunload` listener keeps a page out of the back-forward cache; the
 * portal router's two gates below do nothing then, and popstate does not block it).
 *
 * What asks, while a guard is held:
 * - reload, close, a typed URL, Back/Forward to another document: the browser's own
 *   prompt (`beforeunload`);
 * - a plain left click on a link that leaves the page (other path or query), in-app links
 *   of the portal included: a confirm, in the capture phase, before the portal's router
 *   sees the click (through shadow roots via composedPath);
 * - Back/Forward within the page (same-document traversals) that leave it:
 *   - with the Navigation API, the `navigate` event is cancelled before anything moves
 *     when the user answers Cancel: no popstate, the URL and the page stay. This is also
 *     all that is done on an integrator's page (standalone elements): nothing of the
 *     host's history or router is touched, and the host sees no popstate at all;
 *   - inside `<vigil-portal>` only, when a traversal cannot be cancelled (no Navigation
 *     API, or the browser says `cancelable: false`): the `popstate` reaches the portal
 *     router's gate first (leave-gates.ts, added before @nanostores/router's own
 *     listener: a window's listeners run in the order they were added, capture or not),
 *     the confirm is shown, and on Cancel the router never sees the event and the
 *     position is restored with `history.go(-delta)` (delta from the Navigation API's
 *     entry indices, or from the index the portal router stamps in history.state,
 *     history-index.ts); that popstate (and a hashchange in between) is swallowed too. A step to an entry without a known
 *     position is let through (the draft stays in sessionStorage and is offered back).
 * Not covered: programmatic navigation (navigate(), redirects), hash-only steps (they do
 * not leave the page).
 *
 * The question: a guard may bring its own (`ask`, the portal's dialog with "Save and
 * leave", "Leave without saving", "Stay"), answered later. Then every step is held first
 * and, when the answer is "leave", done again: the link is clicked again (so the portal's
 * router or the browser follows it as usual), a cancelled Back/Forward is walked again
 * with `history.go`; those repeats pass untouched (`passing`). While a question is open
 * further steps are held without asking twice. Without `ask`, the browser's confirm().
 */
import { $navigator } from './navigation.ts';
import { entryIndex } from './history-index.ts';
import { leaveGates } from './leave-gates.ts';
import { shared } from '../shared.ts';

/** The part of the Navigation API used here (not in TypeScript's DOM library yet). */
interface NavigationLike extends EventTarget {
  readonly currentEntry: { readonly index: number } | null;
}
interface NavigateEventLike extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly destination: { readonly url: string; readonly index: number; readonly sameDocument: boolean };
}

/** A guard's own question: resolves to true to leave (after saving or discarding), false to stay. */
export type AskToLeave = () => Promise<boolean>;

interface Guard {
  message: string;
  ask?: AskToLeave;
}

interface Guards {
  /** The guards held right now (oldest first). */
  active: Set<Guard>;
  /** A guard's own question is open (further steps are held without asking again). */
  asking: boolean;
  /** A step the user chose to take after being asked is under way: let it through. */
  passing: boolean;
  installed: boolean;
  /** The guarded page: its path and query, and its history position when known. */
  here: { url: string; index: number | null };
  /** A traversal the Navigation API could not cancel: how far it goes (the popstate asks). */
  pendingDelta: number | null;
  /** Our own way back after a cancelled traversal is under way. */
  reverting: boolean;
  /** The listeners (and the portal router's gates), page-wide too, so any copy of the code can remove them. */
  onBeforeUnload: (event: BeforeUnloadEvent) => void;
  onClick: (event: MouseEvent) => void;
  onNavigate: (event: Event) => void;
  onPopState: (event: PopStateEvent) => void;
  onHashChange: (event: Event) => void;
}

const guards = shared('router.leaveGuards', (): Guards => ({
  active: new Set(),
  asking: false,
  passing: false,
  installed: false,
  here: { url: '', index: null },
  pendingDelta: null,
  reverting: false,
  onBeforeUnload,
  onClick,
  onNavigate,
  onPopState,
  onHashChange,
}));

const navigationApi = (): NavigationLike | null => (globalThis as { navigation?: NavigationLike }).navigation ?? null;
const pageOf = (href: string): string => {
  const url = new URL(href, location.href);
  return url.origin + url.pathname + url.search;
};
const currentIndex = (): number | null => navigationApi()?.currentEntry?.index ?? entryIndex();
const first = (): Guard | undefined => guards.active.values().next().value;

function ask(): boolean {
  // eslint-disable-next-line no-alert -- a synchronous answer is needed before the navigation acts
  return window.confirm(first()?.message ?? '');
}

/** The first guard's own question, if it has one. */
const asker = (): AskToLeave | undefined => first()?.ask;

/**
 * Asks with the guard's own question, then, on "leave", takes the step with `go` (which
 * the guard lets through). One question at a time.
 */
function askThen(question: AskToLeave, go: () => void): void {
  if (guards.asking) return;
  guards.asking = true;
  void question()
    .catch(() => false)
    .then((leave) => {
      guards.asking = false;
      if (!leave) return;
      guards.passing = true;
      go();
    });
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (guards.active.size === 0 || guards.passing) return;
  event.preventDefault();
  event.returnValue = ''; // older browsers need it to show their prompt
}

/** A plain left click on a link that leaves this page (in-app links of the portal included). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement && n.hasAttribute('href'));
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  return pageOf(link.href) === pageOf(location.href) ? null : link;
}

function onClick(event: MouseEvent): void {
  if (guards.active.size === 0) return;
  if (guards.passing) {
    guards.passing = false; // the click that follows the answer: on its way
    return;
  }
  const link = leavingLink(event);
  if (!link) return;
  const question = asker();
  if (!question) {
    if (!ask()) {
      event.preventDefault();
      event.stopPropagation();
    }
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  askThen(question, () => {
    if (link.isConnected) link.click();
    else {
      guards.passing = true; // no click to come: the unload must not ask again
      location.assign(link.href);
    }
  });
}

function onNavigate(raw: Event): void {
  const event = raw as NavigateEventLike;
  if (guards.active.size === 0 || guards.reverting || guards.passing || event.defaultPrevented) return;
  // Cross-document steps meet beforeunload; pushes and replaces come from links (guarded above) or code.
  if (event.navigationType !== 'traverse' || !event.destination.sameDocument) return;
  if (pageOf(event.destination.url) === pageOf(location.href)) return;
  const question = asker();
  if (event.cancelable) {
    if (!question) {
      if (!ask()) event.preventDefault();
      return;
    }
    // Held; on "leave" the same step again (its popstate lets it through).
    event.preventDefault();
    const from = navigationApi()?.currentEntry?.index;
    const to = event.destination.index;
    if (from === undefined || to < 0) return;
    askThen(question, () => history.go(to - from));
    return;
  }
  const from = navigationApi()?.currentEntry?.index;
  // Only the portal's own history may be walked back; on a host's page the step goes on.
  if ($navigator.get() && from !== undefined && event.destination.index >= 0) guards.pendingDelta = event.destination.index - from;
}

function onPopState(event: PopStateEvent): void {
  if (guards.active.size === 0) {
    guards.reverting = false;
    guards.passing = false;
    return;
  }
  if (guards.passing && !guards.reverting) {
    // The step the user chose to take after being asked: the router follows it.
    guards.passing = false;
    guards.pendingDelta = null;
    guards.here = { url: pageOf(location.href), index: currentIndex() };
    return;
  }
  if (guards.reverting) {
    guards.reverting = false;
    // Our way back to the guarded page: nobody needs to hear of it (the router never left).
    if (pageOf(location.href) === guards.here.url) {
      event.stopImmediatePropagation();
      return;
    }
  }
  const delta = navigationApi() ? guards.pendingDelta : fallbackDelta(event.state);
  guards.pendingDelta = null;
  if (delta === null || delta === 0 || !$navigator.get()) return;
  if (pageOf(location.href) === guards.here.url) return; // a hash-only step
  const question = asker();
  if (!question && ask()) {
    guards.here = { url: pageOf(location.href), index: currentIndex() };
    return;
  }
  // The router's own listener comes after the gate: the portal keeps its page.
  event.stopImmediatePropagation();
  guards.reverting = true;
  history.go(-delta);
  // Asked once back in place; on "leave" the same step again.
  if (question) askThen(question, () => history.go(delta));
}

/** How far a popstate went, from the positions the portal router stamps (history-index.ts). */
function fallbackDelta(state: unknown): number | null {
  const to = entryIndex(state);
  const from = guards.here.index;
  return to === null || from === null ? null : to - from;
}

function onHashChange(event: Event): void {
  // The hash of the entry we are leaving again: the router must not follow it.
  if (guards.reverting) event.stopImmediatePropagation();
}

function install(): void {
  guards.here = { url: pageOf(location.href), index: currentIndex() };
  guards.pendingDelta = null;
  guards.reverting = false;
  guards.asking = false;
  guards.passing = false;
  window.addEventListener('beforeunload', guards.onBeforeUnload);
  window.addEventListener('click', guards.onClick, true);
  navigationApi()?.addEventListener('navigate', guards.onNavigate);
  guards.installed = true;
}

function uninstall(): void {
  window.removeEventListener('beforeunload', guards.onBeforeUnload);
  window.removeEventListener('click', guards.onClick, true);
  navigationApi()?.removeEventListener('navigate', guards.onNavigate);
  guards.installed = false;
}

// The portal router's gates (leave-gates.ts, in the portal's first load) call these.
leaveGates.onPopState = (event) => guards.onPopState(event);
leaveGates.onHashChange = (event) => guards.onHashChange(event);

/**
 * Holds a guard: until the returned function is called, leaving the page asks first: with
 * the guard's own question `ask` when it has one, else a confirm with `text` (the first
 * guard's when several are held). See the module comment.
 */
export function holdLeaveGuard(text: string, ask?: AskToLeave): () => void {
  const entry: Guard = ask ? { message: text, ask } : { message: text };
  guards.active.add(entry);
  if (!guards.installed) install();
  return () => {
    guards.active.delete(entry);
    if (guards.active.size === 0 && guards.installed) uninstall();
  };
}
