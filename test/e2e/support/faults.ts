/**
 * Helpers of the cross-cutting suites (faults, a11y, keyboard, CSP):
 *
 * - {@link injectFault}: makes one API call fail in one of the ways of {@link FAULTS}
 *   (HTTP 500 with and without an `errors` body, a dropped connection, 200 with a body
 *   that is not JSON or lacks required fields, 401), through `page.route`.
 * - {@link message}: the exact text of a message key ("core.errors.loadProject") from the
 *   catalogues in the repository, in any shipped language.
 * - {@link waitForContent}: waits until a screen shows content, not spinners.
 * - {@link seededPaths}: every route of docs/product.md#routes with seeded uuids (incident and notification
 *   uuids come from the API).
 * - {@link examplePages}: the integrator example pages the demo server serves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { portalPath } from '../screens/BasePage.ts';
import { DEMO_LIVE_VIEW_UUID, PAGES, PROJECTS, SITES, SYSTEMS } from '../../../demo/server/seed-ids.ts';
import { NAMESPACES } from '../../../src/core/i18n/namespaces.ts';
import type { DemoApi } from './demo-api.ts';

export const REPO = resolve(import.meta.dirname, '..', '..', '..');

// ---------------------------------------------------------------------------------------
// Message texts

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

/** Every namespace of one language, as the demo server merges them: `{ core: {...}, users: {...} }`. */
function catalogue(locale: string): Catalogue {
  let merged = catalogues.get(locale);
  if (!merged) {
    merged = {};
    for (const [ns, dir] of Object.entries(NAMESPACES)) {
      const file = join(REPO, dir, `${locale}.json`);
      if (existsSync(file)) merged[ns] = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
    }
    catalogues.set(locale, merged);
  }
  return merged;
}

/**
 * The text of a message key in a language (default English), with `{{name}}` parameters
 * filled in. Throws for an unknown key, so a renamed key fails loudly rather than
 * matching nothing.
 */
export function message(key: string, params: Record<string, string | number> = {}, locale = 'en'): string {
  let node: unknown = catalogue(locale);
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message "${key}" in the ${locale} catalogues`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

// ---------------------------------------------------------------------------------------
// Faults

/** The text an injected `errors` body carries (forms show a server's own message). */
export const INJECTED_MESSAGE = 'Injected failure: the e2e fault suite broke this call on purpose.';

export const FAULTS = {
  /** HTTP 500 with no body at all. */
  '500': 'HTTP 500 without a body',
  /** HTTP 500 with `{ errors: [{ message }] }`. */
  '500-errors': 'HTTP 500 with an errors body',
  /** The connection fails (`route.abort('failed')`). */
  network: 'network failure',
  /** 200 with a body that is not JSON. */
  'not-json': '200 with a body that is not JSON',
  /** 200 with JSON lacking the answer's required fields. */
  'bad-shape': '200 with a body missing required fields',
  /** HTTP 401 with an errors body (the token is not valid any more). */
  '401': 'HTTP 401',
} as const;
export type Fault = keyof typeof FAULTS;
/** Every fault, the 401 last (it signs the user out). Not Object.keys: '401' and '500' are index-like keys and would come first. */
export const FAULT_KINDS: Fault[] = ['500', '500-errors', 'network', 'not-json', 'bad-shape', '401'];

/** A JSON body lacking what every answer of the contract needs (`data`, and `meta` of lists). */
const BAD_SHAPE = JSON.stringify({ data: { unexpected: true }, meta: { total: 'many' } });

/** Fulfils (or aborts) one intercepted request with a fault. */
export async function fulfilFault(route: Route, fault: Fault): Promise<void> {
  const json = (status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  switch (fault) {
    case '500':
      return route.fulfill({ status: 500, body: '' });
    case '500-errors':
      return json(500, { errors: [{ message: INJECTED_MESSAGE }] });
    case 'network':
      return route.abort('failed');
    case 'not-json':
      return route.fulfill({ status: 200, contentType: 'application/json', body: 'not json' });
    case 'bad-shape':
      return route.fulfill({ status: 200, contentType: 'application/json', body: BAD_SHAPE });
    case '401':
      return json(401, { errors: [{ message: 'Unauthenticated.' }] });
  }
}

/** Which requests a fault hits: a method and a path pattern, optionally a test on the query. */
export interface CallMatcher {
  method: string;
  /** Matched against the URL's pathname (anchor it: /^\/api\/v2\/projects$/). */
  path: RegExp;
  /** Extra condition on the query (e.g. only the unread-count call of /api/v2/notifications). */
  query?: (params: URLSearchParams) => boolean;
}

export function matches(call: CallMatcher, request: Request): boolean {
  if (request.method() !== call.method) return false;
  const url = new URL(request.url());
  return call.path.test(url.pathname) && (!call.query || call.query(url.searchParams));
}

export interface InjectedFault {
  /** How many requests the fault hit so far. */
  readonly hits: number;
  /** Resolves at the first hit. */
  readonly hit: Promise<void>;
  /** Stops injecting: later requests reach the server again. */
  remove(): Promise<void>;
}

/**
 * Makes the requests matching `call` fail with `fault` (all of them, or the first `times`),
 * letting every other request through. Registered last, so it wins over earlier routes.
 * With `holdUntil`, the failure is answered only once that has settled (e.g. after another
 * call's answer, to order two calls the page makes at the same time).
 */
/**
 * A session that expired: once `fault` has hit (its 401), re-validating the user
 * (GET /api/v2/user) answers 401 too, as the server would.
 */
export async function expireSessionAfter(page: Page, fault: InjectedFault): Promise<() => Promise<void>> {
  const handler = async (route: Route, request: Request) => {
    if (fault.hits > 0 && matches({ method: 'GET', path: /^\/api\/v2\/user$/ }, request)) return fulfilFault(route, '401');
    return route.fallback();
  };
  await page.route('**/api/v2/user', handler);
  return () => page.unroute('**/api/v2/user', handler);
}

export async function injectFault(
  page: Page,
  call: CallMatcher,
  fault: Fault,
  { times = Infinity, holdUntil }: { times?: number; holdUntil?: Promise<unknown> } = {},
): Promise<InjectedFault> {
  let hits = 0;
  let resolveHit!: () => void;
  const hit = new Promise<void>((r) => (resolveHit = r));
  const handler = async (route: Route, request: Request) => {
    if (!matches(call, request) || hits >= times) return route.fallback();
    hits++;
    resolveHit();
    if (holdUntil) await holdUntil.catch(() => undefined);
    return fulfilFault(route, fault);
  };
  await page.route('**/*', handler);
  return {
    get hits() {
      return hits;
    },
    hit,
    remove: () => page.unroute('**/*', handler),
  };
}

/**
 * The console lines Chromium writes for the failures we inject ("Failed to load resource:
 * the server responded with a status of 500", "… net::ERR_FAILED"): expected, so tolerated.
 */
export const FAILED_REQUEST_CONSOLE = /^Failed to load resource: (the server responded with a status of (500|401|403|404)|net::ERR_FAILED)/;

// ---------------------------------------------------------------------------------------
// Waiting for content

/**
 * Waits until the page shows content: no visible spinner (`.v-spinner`) and nothing marked
 * `aria-busy="true"` (inside shadow roots too), and an h1 when `heading` is set.
 */
export async function waitForContent(page: Page, { heading = true, timeout = 10_000 } = {}): Promise<void> {
  if (heading) await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout });
  await expect(page.locator('.v-spinner:visible'), 'spinners still showing').toHaveCount(0, { timeout });
  await expect(page.locator('[aria-busy="true"]:visible'), 'parts still busy').toHaveCount(0, { timeout });
}

/**
 * Waits until every card of the element gallery shows content: the portal's iframe first,
 * then each card, scrolled to while something in it still spins (cameras load only while
 * on screen).
 */
export async function waitForGallery(page: Page, tags: readonly string[]): Promise<void> {
  // Tall enough that an instance's cameras are all on screen at once.
  await page.setViewportSize({ width: 1280, height: 2000 });
  await expect(page.locator('#gallery')).toHaveAttribute('aria-busy', 'false');
  const portal = page.frameLocator('iframe[title]').first();
  await expect(portal.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(portal.locator('.v-spinner:visible')).toHaveCount(0);
  for (const tag of tags) {
    const spinning = page.locator(`section#${tag}`).locator('.v-spinner:visible');
    await expect
      .poll(
        async () => {
          const n = await spinning.count();
          // Bring the live instance on screen (a spinner is never "stable" for Playwright's
          // own scrolling, so scroll from the page).
          if (n > 0)
            await page
              .locator(`section#${tag} ${tag}`)
              .first()
              .evaluate((el) => el.scrollIntoView({ block: 'start' }))
              .catch(() => undefined);
          return n;
        },
        { message: `${tag} is still loading`, timeout: 15_000 },
      )
      .toBe(0);
  }
  await waitForContent(page, { heading: false, timeout: 15_000 });
}

/** The custom elements of the built manifest (what the gallery renders). */
export function manifestTags(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO, 'dist', 'custom-elements.json'), 'utf8')) as {
    modules: { declarations?: { tagName?: string; customElement?: boolean }[] }[];
  };
  return manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName)
    .map((d) => d.tagName as string)
    .sort();
}

/**
 * An in-app navigation, as the browser's Back/Forward makes one (the portal's router
 * follows history). Resolves once the previous page is gone (its h1 detached: the portal
 * renders each path afresh), so that what is checked next is the new page, not the old one.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  const previous = (await heading.count()) > 0 ? await heading.elementHandle() : null;
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  if (previous) await page.waitForFunction((el) => !el.isConnected, previous, { timeout: 15_000 });
  await previous?.dispose();
}

// ---------------------------------------------------------------------------------------
// Routes and pages

export interface SeededPaths {
  incident: string;
  notification: string;
  page: string;
  project: string;
  site: string;
  system: string;
}

/** Seeded uuids: fixed ones from seed-ids.ts, the inbox's first incident and notification from the API. */
export async function seededUuids(api: DemoApi, token: string): Promise<SeededPaths> {
  const auth = { authorization: `Bearer ${token}` };
  const first = async (path: string): Promise<string> => {
    const res = await api.request.get(path, { headers: auth });
    expect(res.status(), `GET ${path}`).toBe(200);
    const body = (await res.json()) as { data: { uuid: string }[] };
    const uuid = body.data[0]?.uuid;
    if (!uuid) throw new Error(`GET ${path} listed nothing`);
    return uuid;
  };
  return {
    incident: await first('/api/v2/incidents?page=1&per_page=1'),
    notification: await first('/api/v2/notifications?page=1&per_page=1'),
    page: PAGES.contact,
    project: PROJECTS.northwind,
    site: SITES.antwerpWarehouse,
    system: SYSTEMS.antwerpDocks,
  };
}

/** docs/product.md#routes routes open to a signed-out visitor. */
export const SIGNED_OUT_ROUTES = [
  '/login',
  '/forgot-password',
  '/reset-password/x',
  '/404',
  `/demo-live-view/${DEMO_LIVE_VIEW_UUID}`,
] as const;

/** docs/product.md#routes routes of a signed-in user (manager@vigil.test), /terms apart (it needs new@vigil.test). */
export function signedInRoutes(ids: SeededPaths): string[] {
  return [
    '/',
    `/project/${ids.project}`,
    `/site/${ids.site}`,
    `/site/${ids.site}/schedule`,
    `/system/${ids.system}`,
    '/inbox',
    '/inbox/notifications',
    `/inbox/incident/${ids.incident}`,
    `/inbox/notification/${ids.notification}`,
    `/projects/${ids.project}/site-schedules`,
    `/projects/${ids.project}/users`,
    `/page/${ids.page}`,
  ];
}

/**
 * One of two parts of a route list (the first half, or the rest), for walks that check
 * every route: two tests, each well within its limit, and the heavy screens split.
 */
export function halfOf<T>(routes: readonly T[], part: 0 | 1): T[] {
  const middle = Math.ceil(routes.length / 2);
  return part === 0 ? routes.slice(0, middle) : routes.slice(middle);
}

/** Every HTML file under examples/ as a URL path ("/examples/evacuation.html"). */
export function exampleHtmlFiles(): string[] {
  const root = join(REPO, 'examples');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.name.endsWith('.html')) out.push(`/examples/${relative(root, abs).split('\\').join('/')}`);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * The example pages meant to be opened on the demo server, i.e. all but:
 * - `react-app/index.html`, `vue-app/index.html` and `svelte-app/index.html`, the Vite
 *   sources of the framework examples (the server serves their builds, `<app>/dist/index.html`);
 * - `cross-origin/index.html`, which is served from another origin by its own server
 *   (examples/cross-origin/serve.ts, no CSP) and loads the bundle from :8080 on purpose.
 */
export function examplePages(): string[] {
  const viteSources = ['react-app', 'vue-app', 'svelte-app'].map((app) => `/examples/${app}/index.html`);
  return exampleHtmlFiles().filter((p) => !viteSources.includes(p) && !p.startsWith('/examples/cross-origin/'));
}

// ---------------------------------------------------------------------------------------
// The fault table's runner

/** An error shown to the user: a toast or a form's alert (both role=alert), with this exact text. */
export function alertText(page: Page, text: string) {
  const alerts = page.getByRole('alert');
  const whole = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return alerts.getByText(text, { exact: true }).or(alerts.filter({ hasText: whole }));
}

/** What the user must see after a fault. */
export type Outcome =
  /** An error (toast, form alert or page alert: role=alert) with exactly this text. */
  | { alert: string }
  /** Signed out: at /login, `auth.currentUser` removed (a 401 when the session expired). */
  | { signedOut: true }
  /** Signed out on a page with elements (not the portal): the element offers its sign-in. */
  | { signedOutInPlace: true }
  /** Kept on /terms with the flag false (a 401 on accepting the terms). */
  | { heldAtTerms: true }
  /** No error shown; `check` says what is seen instead (e.g. English when a catalogue failed). */
  | { quiet: string; check: (page: Page) => Promise<void> };

export function describeOutcome(outcome: Outcome): string {
  if ('alert' in outcome) return `shows “${outcome.alert}”`;
  if ('signedOut' in outcome) return 'signs out to /login';
  if ('signedOutInPlace' in outcome) return 'signs out (the element offers its sign-in)';
  if ('heldAtTerms' in outcome) return 'stays on /terms';
  return outcome.quiet;
}

/** The route of the page (path and query, no origin). */
export function routeOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The stored user (parsed), or null. */
export async function storedUser(page: Page): Promise<{ terms_accepted_web_portal?: boolean; locale?: string } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('auth.currentUser'));
  return raw ? (JSON.parse(raw) as { terms_accepted_web_portal?: boolean }) : null;
}

export async function expectOutcome(page: Page, outcome: Outcome, what: string): Promise<void> {
  if ('alert' in outcome) {
    await expect(alertText(page, outcome.alert).first(), `${what}: the error “${outcome.alert}”`).toBeVisible({ timeout: 10_000 });
  } else if ('signedOut' in outcome) {
    await expect.poll(() => new URL(page.url()).pathname, { message: `${what}: signed out to /login`, timeout: 10_000 }).toBe('/login');
    expect(await storedUser(page), `${what}: auth.currentUser removed`).toBeNull();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } else if ('signedOutInPlace' in outcome) {
    await expect.poll(() => storedUser(page), { message: `${what}: auth.currentUser removed` }).toBeNull();
    await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
  } else if ('heldAtTerms' in outcome) {
    await expect
      .poll(async () => (await storedUser(page))?.terms_accepted_web_portal, { message: `${what}: terms flag false` })
      .toBe(false);
    expect(new URL(page.url()).pathname, `${what}: still on /terms`).toBe('/terms');
    await expect(page.getByRole('button', { name: 'Accept the terms' })).toBeVisible();
  } else {
    await outcome.check(page);
    await expect(page.getByRole('alert'), `${what}: no error shown`).toHaveCount(0);
  }
}

/**
 * The page still works after the fault (with the fault removed): an open dialog can be
 * cancelled, and the navigation goes somewhere else and shows that screen. Links are found
 * by where they go, so this works in any language.
 */
export async function expectUsable(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  if (await dialog.isVisible()) {
    await dialog.getByRole('button').first().press('Escape');
    await expect(dialog).toBeHidden();
  }
  const path = new URL(page.url()).pathname;
  const signedIn = (await storedUser(page)) !== null;
  const logo = page.getByRole('banner').getByRole('link').first();
  const go = async (link: Locator, to: string) => {
    await link.click();
    // Unsaved security hours (a failed save kept them): the portal asks in its own dialog
    // (Stay, Leave without saving, Save and leave) — leave without saving.
    const leave = page.locator('[part~="leave-dialog"]');
    await expect.poll(async () => (await leave.isVisible()) || new URL(page.url()).pathname === portalPath(to)).toBe(true);
    if (await leave.isVisible()) await leave.getByRole('button').nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname, { message: `navigates to ${to}` }).toBe(portalPath(to));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  };
  if (path === portalPath('/terms')) {
    // Held at /terms: going home brings the user back to the terms.
    await go(logo, '/terms');
  } else if (!signedIn && path === portalPath('/login')) {
    await go(page.getByRole('main').locator(`a[href^="${portalPath('/forgot-password')}"]`), '/forgot-password');
  } else if (!signedIn) {
    await go(logo, '/login');
  } else {
    const to = path.startsWith(portalPath('/inbox')) ? '/' : '/inbox';
    await go(
      page
        .getByRole('banner')
        .getByRole('navigation')
        .locator(`a[href="${portalPath(to)}"]`),
      to,
    );
  }
}
