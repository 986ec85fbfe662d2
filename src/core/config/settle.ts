/**
 * Settling the page's API base (README "For integrators", "Security"). All elements of a
 * page talk to one API, and the bearer token belongs to the API that issued it, so the
 * base is settled once per page, before the session's first request, whatever order the
 * elements are inserted in. In order, the first that gives one:
 *
 * 1. `configure({ apiBase })`, called by the integrator's own module before that;
 * 2. `<meta name="vigil-api-base" content="…">` in the document's head;
 * 3. the `api-base` attribute of the Vigil elements present at that moment (the whole
 *    document is scanned, plus the elements connected so far, in shadow roots too); an
 *    element without one names the page's own origin. An API named this way is trusted
 *    only when every element agrees and a stored sign-in, if any, is that API's. Otherwise
 *    the page settles on nothing: markup injected before (or beside) the real element must
 *    neither win nor sign the user out, so `$apiBase` is the empty string: every element
 *    shows the conflict, no form is usable, no request is sent and the stored
 *    sign-in is kept — the integrator declares the API with 1. or 2.;
 * 4. the API that issued the stored sign-in (when no element names one);
 * 5. the page's own origin.
 *
 * Settling waits for the end of the current task, so elements inserted together are all
 * seen. Once settled the base never moves: an element naming another API shows a message
 * instead (see the element factory) and the token never goes there. A stored sign-in of
 * another API than the one the integrator declared (1. or 2.; or one from an older version
 * that does not say which API issued it, unless the page's origin is the API) is dropped:
 * the elements then ask to sign in to this API. Elements alone never drop it (3.).
 */
import { $currentUser, $unreadCount, boundApiBase } from '../session/store.ts';
import { shared } from '../shared.ts';
import { $apiBase, normalizeApiBase, pageOrigin } from './config.ts';

/** What the integrator may configure in code. */
export interface VigilConfig {
  /**
   * The Vigil API's base URL: absolute (`https://vigil.example.com`) or a path on the
   * page's origin (`/vigil`).
   */
  apiBase: string;
}

/** The `<meta name>` that declares the API base in a page's head. */
export const API_BASE_META = 'vigil-api-base';

const state = shared('config.settle', () => ({
  configured: null as string | null,
  pending: null as Promise<string | null> | null,
  /** Elements connected before settling (some may sit in shadow roots the scan cannot see). */
  connected: new Set<Element>(),
  watching: false,
}));

/**
 * Sets the page's API base in code. Call it before the first Vigil element connects (from
 * a module that runs before, or in the same task as, the one that loads the suite). A
 * second call with the same base is harmless.
 *
 * @example
 * import { configure } from 'vigil-portal';
 * configure({ apiBase: 'https://vigil.example.com' });
 *
 * @throws TypeError when `apiBase` is not an http(s) URL or a path; Error when the page's
 * API base is already settled to another one.
 */
export function configure(options: VigilConfig): void {
  const base = normalizeApiBase(String(options?.apiBase ?? ''));
  if (!base) throw new TypeError(`Vigil: configure({ apiBase }) needs an http(s) URL or a path, not ${JSON.stringify(options?.apiBase)}.`);
  const settled = $apiBase.get();
  if (settled && settled !== base) {
    throw new Error(`Vigil: this page already talks to ${settled}; call configure() before the first Vigil element connects.`);
  }
  state.configured = base;
}

function metaBase(): string | null {
  if (typeof document === 'undefined') return null;
  // Only the head: markup injected into the body cannot declare the page's API.
  const meta = document.head?.querySelector(`meta[name="${API_BASE_META}"]`);
  const content = meta?.getAttribute('content');
  return content ? normalizeApiBase(content) : null;
}

/**
 * What the page's Vigil elements name: the distinct `api-base` values (normalised; an
 * invalid one is reported by its element and names nothing), and whether some element
 * names none — which counts as naming the page's own API. The suite's own elements (the
 * toast region, any inside a Vigil element's shadow root) are not the page's and name nothing.
 */
function elementBases(): { named: string[]; bare: boolean } {
  const named: string[] = [];
  let bare = false;
  const add = (el: Element) => {
    if (el.localName === 'vigil-toast-region' || (el.getRootNode() as ShadowRoot).host?.localName.startsWith('vigil-')) return;
    const raw = el.getAttribute('api-base')?.trim();
    const base = raw && normalizeApiBase(raw);
    if (!raw) bare = true;
    else if (base && !named.includes(base)) named.push(base);
  };
  if (typeof document !== 'undefined') for (const el of document.querySelectorAll('*')) if (el.localName.startsWith('vigil-')) add(el);
  for (const el of state.connected) if (el.isConnected) add(el);
  return { named, bare };
}

/**
 * Keeps the stored sign-in bound to the settled API base (origin and path): records the
 * base of one bound only by its origin, binds one from before any binding to the page's
 * own origin when that is the base, drops a foreign one.
 */
function bindStoredUser(base: string): void {
  const user = $currentUser.get();
  if (!user) return;
  if ((boundApiBase(user) ?? pageOrigin()) !== base) {
    $currentUser.set(null);
    $unreadCount.set(0);
  } else if (user.api_base !== base) $currentUser.set({ ...user, api_base: base });
}

/**
 * Settles the API base now (if it is not settled yet) and returns it. The client calls
 * {@link whenApiBaseSettled} instead, which waits for the end of the current task first.
 */
export function settleApiBase(): string | null {
  const settled = $apiBase.get();
  if (settled !== null) return settled || null;
  const meta = metaBase();
  const declared = state.configured || meta;
  const { named, bare } = declared ? { named: [], bare: false } : elementBases();
  state.connected.clear();
  // The API base of the stored sign-in (none, or one from before any binding: null).
  const user = $currentUser.get();
  const stored = user && boundApiBase(user);
  const fromStored = stored ? normalizeApiBase(stored) : null;
  // Undeclared, an element naming an API is trusted only when every element agrees — one
  // without api-base names the page's own — and the stored sign-in is not another API's:
  // markup must neither win nor sign anyone out (the stored sign-in is kept, unused).
  const disagree = named.length > 1 || (named.length === 1 && bare && named[0] !== pageOrigin());
  const otherSignIn = !disagree && named.length === 1 && user !== null && (fromStored ?? pageOrigin()) !== named[0];
  if (disagree || otherSignIn) {
    $apiBase.set('');
    return null;
  }
  // configure(), else the meta tag, else the elements, else the stored sign-in's, else the page's.
  const base = declared || named[0] || fromStored || pageOrigin();
  $apiBase.set(base);
  bindStoredUser(base);
  return base;
}

function watchStoredUser(): void {
  if (state.watching) return;
  state.watching = true;
  // A sign-in written by another tab of this origin for another API is not this page's.
  $currentUser.subscribe(() => {
    const api = $apiBase.get();
    if (api) bindStoredUser(api);
  });
}

/** Runs `run` in a new task: a message, which background tabs do not throttle as they do timers. */
function afterThisTask(run: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}

/**
 * Resolves to the settled API base, or null when the page's elements disagree on it;
 * settles it after the current task when nobody has yet.
 */
export function whenApiBaseSettled(): Promise<string | null> {
  const settled = $apiBase.get();
  if (settled) {
    watchStoredUser();
    return Promise.resolve(settled);
  }
  state.pending ??= new Promise<string | null>((resolve) =>
    afterThisTask(() => {
      state.pending = null;
      const base = settleApiBase();
      watchStoredUser();
      resolve(base);
    }),
  );
  return state.pending;
}

/** An element connected: its `api-base` takes part in settling, which it schedules. */
export function elementConnected(element: Element): void {
  if ($apiBase.get() !== null) return;
  state.connected.add(element);
  void whenApiBaseSettled();
}

/**
 * The settled base when an element's `api-base` names another API than the page's, else
 * null (not given, invalid — reported apart —, the same API, or not settled yet).
 */
export function conflictingApiBase(value: string | null | undefined): string | null {
  const settled = $apiBase.get();
  const base = value ? normalizeApiBase(value) : null;
  return settled && base && base !== settled ? settled : null;
}
