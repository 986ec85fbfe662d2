/**
 * Helpers of the cross-cutting suites (faults, a11y, keyboard, CSP):
 *
 * - {@link injectFault}: makes one API call fail in one of the ways of {@link FAULTS}
 *   (HTTP 500 with and without an `errors` body, a dropped connection, 200 with a body
 *   that is not JSON or lacks required fields, 401), through `page.route`.
 * - {@link message}: the exact text of a message key ("core.errors.loadProject") from the
 *   catalogues in the repository, in any shipped language.
 * - {@link waitForContent}: waits until a screen shows content, not spinners.
 * - {@link seededPaths}: every route of SPEC §2 with seeded uuids (incident and notification
 *   uuids come from the API).
 * - {@link examplePages}: the integrator example pages the demo server serves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, type Page, type Request, type Route } from '@playwright/test';
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
export const FAULT_KINDS = Object.keys(FAULTS) as Fault[];

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
 */
export async function injectFault(page: Page, call: CallMatcher, fault: Fault, { times = Infinity } = {}): Promise<InjectedFault> {
  let hits = 0;
  let resolveHit!: () => void;
  const hit = new Promise<void>((r) => (resolveHit = r));
  const handler = async (route: Route, request: Request) => {
    if (!matches(call, request) || hits >= times) return route.fallback();
    hits++;
    resolveHit();
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

/** SPEC §2 routes open to a signed-out visitor. */
export const SIGNED_OUT_ROUTES = ['/login', '/forgot-password', '/reset-password/x', '/404', `/demo-live-view/${DEMO_LIVE_VIEW_UUID}`] as const;

/** SPEC §2 routes of a signed-in user (manager@vigil.test), /terms apart (it needs new@vigil.test). */
export function signedInRoutes(ids: SeededPaths): string[] {
  return [
    '/',
    `/project/${ids.project}`,
    `/site/${ids.site}`,
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
 * - `react-app/index.html`, the Vite source of the React example (the server serves its
 *   build, `react-app/dist/index.html`);
 * - `cross-origin/index.html`, which is served from another origin by its own server
 *   (examples/cross-origin/serve.ts, no CSP) and loads the bundle from :8080 on purpose.
 */
export function examplePages(): string[] {
  return exampleHtmlFiles().filter((p) => p !== '/examples/react-app/index.html' && !p.startsWith('/examples/cross-origin/'));
}
