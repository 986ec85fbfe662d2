/**
 * The start of every single-element script (`dist/vigil-<name>.js`): the build writes it in
 * front of a plan (scripts/loaders.ts) and makes it the file integrators name in their
 * script tag. Before anything else, it asks for every file the element will need at once:
 * the element's module with everything it imports, and the parts it loads on first use
 * (the signed-in view, or the sign-in form; the answers' validation). So the browser
 * fetches the whole element in one round trip after this file, instead of discovering it
 * one import at a time. Then it imports the element's module, whose requests are already
 * on their way (`<link rel="modulepreload">`: the module map reuses what they fetched).
 *
 * It also asks for the element's first answers from the API (the session's catalogue and
 * user, the element's own resource), so that they arrive with the code rather than after it.
 * Last, at low priority, it asks for what a signed-in element wants soon after its first
 * screen (its dialog, the live channel): with six connections to a server that speaks
 * HTTP/1.1, every request ahead of the first screen's costs it a share of a round trip.
 *
 * Kept tiny, and bundled into each loader: anything it imported at run time would be one
 * more round trip.
 */
import { EARLY, SESSION_STATE, TOLD, type TakeEarly } from '../../src/core/api/prefetched.ts';

/** What the build fills in for each element: chunk names (`chunks/<name>.js` beside this script). */
export interface LoadPlan {
  /** Always needed: the element's module and its static imports. */
  all: string[];
  /** Needed when a user is signed in on this page. */
  signedIn: string[];
  /** Needed when nobody is. */
  signedOut: string[];
  /**
   * Wanted soon after the first screen when a user is signed in (a dialog's first opening,
   * the live channel), not for it: asked for after the first answers and at low priority,
   * so that on a connection the browser shares six ways they hold up neither.
   */
  later: string[];
}

/** localStorage key of the signed-in user (the session store's). */
const USER_STORAGE_KEY = 'auth.currentUser';

function signedIn(): boolean {
  try {
    return Boolean(localStorage.getItem(USER_STORAGE_KEY));
  } catch {
    return false; // storage unavailable: the element shows its sign-in
  }
}

/** Adds a `modulepreload` link for each file not already asked for on this page. */
function addLinks(files: string[], base: string, priority?: 'low'): void {
  const asked = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href));
  for (const file of files) {
    const href = new URL(`chunks/${file}.js`, base).href;
    if (asked.has(href)) continue;
    asked.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    if (priority) link.fetchPriority = priority;
    link.href = href;
    document.head.append(link);
  }
}

/** Asks for what the element needs for its first screen: its module, and the signed-in view or the sign-in form. */
export function preload(plan: LoadPlan, base: string): void {
  addLinks([...plan.all, ...(signedIn() ? plan.signedIn : plan.signedOut)], base);
}

/** Asks, at low priority, for what a signed-in element wants soon after its first screen. */
export function preloadLater(plan: LoadPlan, base: string): void {
  if (signedIn()) addLinks(plan.later, base, 'low');
}

/**
 * Makes the page's first date formatter while the element's code and answers are on their
 * way. The first `Intl.DateTimeFormat` a page makes costs tens of milliseconds of main
 * thread (the browser loads its calendar and zone data once, whatever the language), which
 * the first screen's render would otherwise pay for its times ("Last confirmed at 14:02");
 * every later one, of any language or options, costs about a millisecond. Not
 * `warmClock` of src/core/time/format.ts: that one reads the session's language store,
 * which this file, bundled into every loader, must not import.
 */
function warmClock(): void {
  const warm = () => {
    try {
      new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(0);
    } catch {
      // No Intl here: the element's own formatting says so when it runs.
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 1000 });
  else setTimeout(warm, 0);
}

/**
 * What the element asks the API for first, as paths under the API base: `{attribute}`
 * stands for an attribute of the first element of its tag on the page (the path is skipped
 * when that element has no such attribute, or not a uuid), `{locale}` for the language the
 * session starts in. `[attribute=value]` before a path asks for it only when the attribute
 * has that value, or has none and `value` is its default (`[view=incidents*]`).
 */
export interface DataPlan {
  tag: string;
  /** Sent with the token, in the language the session starts in. */
  paths: string[];
}

/**
 * The language the session starts in and its catalogue: the user's saved one, else the
 * browser's (as src/core/i18n/languages.ts matches them, in short; a rare difference only costs the
 * client its own request).
 */
function startLanguage(user: StoredUser): [string, string] {
  for (const [value, languages] of [
    [user.locale, 'en|de|fr|nl|es|it'],
    [navigator.language, 'en|de|fr|nl|it'],
  ] as const) {
    const match = typeof value === 'string' && new RegExp(`^(${languages})(-be)?(-|$)`, 'i').exec(value);
    if (match) {
      const messages = match[1]!.toLowerCase();
      return [match[2] && /fr|nl/.test(messages) ? `${messages}-BE` : messages, messages];
    }
  }
  return ['en', 'en'];
}

/** One answer asked for early. */
interface Early {
  /** The Authorization header it went out with ('' for none). */
  auth: string;
  /** When it went out (Date.now()). */
  at: number;
  response: Promise<Response>;
}

/** An early answer older than this is not used (the client asks again). */
const FRESH_MS = 10_000;

/** The page's registry of what every copy of Vigil shares (src/core/shared.ts). */
const SHARED = Symbol.for('vigil.shared.v1');

/** Where the early answers wait on the page. */
const STORE = Symbol.for('vigil.prefetched.store.v1');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StoredUser {
  token?: unknown;
  api_base?: unknown;
  api_origin?: unknown;
  locale?: unknown;
}

function storedUser(): StoredUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as unknown;
    return user && typeof user === 'object' ? (user as StoredUser) : null;
  } catch {
    return null;
  }
}

/** An API base as the session compares them: origin and path, without a trailing slash. */
function normalized(value: string | null | undefined): string | null {
  try {
    const url = new URL((value ?? '').trim(), location.href);
    return /^https?:$/.test(url.protocol) && !url.search && !url.hash ? (url.origin + url.pathname).replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/**
 * Asks for the element's first answers at once, before its code has arrived, when that
 * is safe: a user is signed in, the page names no API base other than the one that issued
 * the stored token, and the token goes only there (as the client itself would send it).
 * The client takes an answer only for the very request it would have sent (a GET of the
 * same URL with the same token) and only while it is fresh; anything else goes out as
 * usual. The language is not compared: an answer that depends on it names it in its URL
 * (`locale=`), and the session's first calls race the catalogue for the header's value.
 */
export function prefetch(plan: DataPlan): void {
  const user = storedUser();
  if (!user || typeof user.token !== 'string' || !window.fetch) return;
  const element = document.querySelector(plan.tag);
  // The API the page names (its meta tag; else every Vigil element's attribute, one without
  // naming the page's own origin), else the one that issued the token, else the page's own
  // origin: the session settles on the same (src/core/config/settle.ts).
  const meta = document.querySelector<HTMLMetaElement>('meta[name=vigil-api-base]')?.content;
  let named = meta == null ? [] : [normalized(meta)];
  if (meta == null) {
    const tags = [...document.querySelectorAll('*')].filter(
      (el) => el.localName.startsWith('vigil-') && el.localName !== 'vigil-toast-region',
    );
    const given = tags.map((el) => el.getAttribute('api-base'));
    if (given.some((value) => value != null)) named = given.map((value) => (value == null ? location.origin : normalized(value)));
  }
  const bound = user.api_base ?? user.api_origin;
  const owner = bound === undefined ? location.origin : normalized(String(bound));
  const base = named[0] ?? owner;
  // The token goes only to the API that issued it, and only when nothing names another.
  if (!base || base !== owner || named.some((value) => value !== base)) return;
  // One map per page, whichever loader made it: each element's loader adds to it.
  // A taken answer stays as null: a loader that runs later (its script came after the
  // session's first calls) does not ask again what the page has asked already. An answer
  // left waiting would be handed to a later call, such as the check of the session after a
  // refused call, which must hear the server as it is now.
  const page = window as { [STORE]?: Map<string, Early | null>; [SHARED]?: Map<string, unknown> };
  const store = (page[STORE] ??= new Map());
  // The client asks this before sending a request (src/core/api/prefetched.ts).
  const take: TakeEarly = (url, init) => {
    const early = store.get(url);
    if (!early) return undefined;
    store.set(url, null);
    const headers = new Headers(init.headers);
    // Not from before a change the live channel has told of since (another element's code
    // opened it while this one's was on its way): that answer may be what was true before.
    const told = shared.get(TOLD) as Map<string, number> | undefined;
    const same =
      (init.method ?? 'GET') === 'GET' &&
      early.auth === (headers.get('Authorization') ?? '') &&
      Date.now() - early.at < FRESH_MS &&
      ![...(told?.values() ?? [])].some((at) => at >= early.at);
    // A failed early request: the client's own goes out instead.
    return same ? early.response.catch(() => fetch(url, init)) : undefined;
  };
  const shared = (page[SHARED] ??= new Map());
  if (!shared.get(EARLY)) shared.set(EARLY, take);
  const ask = (path: string, auth: string, lang: string, priority?: 'low') => {
    const url = base + path;
    if (store.has(url)) return;
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
    if (auth) headers.Authorization = auth;
    const response = fetch(url, priority ? { headers, priority } : { headers });
    response.catch(() => {}); // the client asks again
    store.set(url, { auth, at: Date.now(), response });
  };
  const [tag, messages] = startLanguage(user);
  // The session asks for its catalogue before its language is applied (in English), then
  // for the user, and once the user is validated for the JWT and the unread count, in that
  // language. No first screen waits for those two: they go last and at low priority, so
  // that on a connection the browser shares six ways neither holds up the element's own
  // answers or its code (the browser sends them once those have a connection). None of
  // them when the page's session has started already (this script came after another
  // element's): it has asked for them itself, and an answer left waiting would be handed
  // to a later check, such as the session's after a refused call.
  const sessionToStart = !(shared.get(SESSION_STATE) as { started?: unknown } | undefined)?.started;
  if (sessionToStart) {
    ask(`/i18n/messages/${messages}.json`, '', 'en');
    ask('/api/v2/user', `Bearer ${user.token}`, tag);
  }
  for (const entry of plan.paths) {
    const [, name, wanted, byDefault, path = entry] = /^\[(\w[\w-]*)=(\w+)(\*?)\](.*)$/.exec(entry) ?? [];
    if (name && (element?.getAttribute(name) ?? (byDefault ? wanted : null)) !== wanted) continue;
    let complete = true;
    const filled = path.replace(/\{(\w[\w-]*)\}/g, (_, attribute: string) => {
      if (attribute === 'locale') return tag;
      const value = element?.getAttribute(attribute) ?? '';
      if (!UUID.test(value)) complete = false;
      return value;
    });
    if (complete) ask(filled, `Bearer ${user.token}`, tag);
  }
  if (sessionToStart) {
    ask('/auth/jwt', `Bearer ${user.token}`, tag, 'low');
    ask(`/api/v2/notifications?filter%5Bunread%5D=true&locale=${tag}&per_page=1`, `Bearer ${user.token}`, tag, 'low');
  }
  // Each element with answers of its own shows times with them.
  warmClock();
}
