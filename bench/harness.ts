/**
 * Benchmark harness: a demo server on a free port with a fresh in-memory database, and
 * Debian's Chromium through playwright-core. Scenarios get a `Bench` and return rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromium } from '../scripts/chromium.mjs';

export const REPO = join(import.meta.dirname, '..');

/**
 * How long a bench waits for a page, a condition or a quiet network. The scenarios count
 * requests and bytes or time what happens after the page is ready, never the wait itself,
 * so on a loaded 2-core machine they wait long rather than fail.
 */
export const PATIENCE = 120_000;

export interface Bench {
  base: string;
  browser: Browser;
  /** A fresh context; with `as`, signed in as that seeded account. */
  context(options?: { as?: string; viewport?: { width: number; height: number } }): Promise<BrowserContext>;
  /** Serves `html` at `path` on the server's origin (for synthetic pages). */
  htmlPage(page: Page, path: string, html: string): Promise<string>;
  reset(): Promise<void>;
  bulkInbox(email: string, counts: { incidents?: number; notifications?: number }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitForServer(base: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${base}/api/ping`, { method: 'HEAD' });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('demo server did not start');
}

export async function startBench(): Promise<{ bench: Bench; stop(): Promise<void>; serverUp(): Promise<boolean> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnServer = (): ChildProcess =>
    spawn(process.execPath, [join(REPO, 'demo/server/main.ts'), '--no-csp'], {
      env: { ...process.env, PORT: String(port), VIGIL_DB: ':memory:', VIGIL_TEST_HOOKS: '1', VIGIL_PUBLIC_URL: base },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  let server = spawnServer();
  await waitForServer(base);
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });

  const login = async (email: string) => {
    const r = await fetch(`${base}/api/v2/user/login?locale=en`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'vigil-demo', device_name: 'bench' }),
    });
    if (!r.ok) throw new Error(`login ${email}: ${r.status}`);
    // Bound to the API base that issued the token, as the portal stores a sign-in.
    return { ...((await r.json()) as { data: object }).data, api_base: base };
  };

  const bench: Bench = {
    base,
    browser,
    async context({ as, viewport } = {}) {
      const context = await browser.newContext({ baseURL: base, viewport: viewport ?? { width: 1280, height: 900 } });
      context.setDefaultTimeout(PATIENCE);
      context.setDefaultNavigationTimeout(PATIENCE);
      if (as) {
        const user = await login(as);
        await context.addInitScript((u) => localStorage.setItem('auth.currentUser', JSON.stringify(u)), user);
      }
      return context;
    },
    async htmlPage(page, path, html) {
      const url = base + path;
      await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
      return url;
    },
    async reset() {
      // A scenario that broke the server (or its connection) is already reported as failed;
      // the reset only prepares the next one, so it must not end the run.
      await fetch(`${base}/__test/reset`, { method: 'POST' }).catch((e: unknown) => {
        console.warn(`bench: reset failed (${String(e)})`);
      });
    },
    async bulkInbox(email, counts) {
      const r = await fetch(`${base}/__test/bulk-inbox`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, ...counts }),
      });
      if (!r.ok) throw new Error(`bulk-inbox: ${r.status}`);
    },
  };
  return {
    bench,
    /**
     * Whether the demo server answers; one that exited is started again on the same port
     * (with a fresh seed), so the scenarios after a crash still run. False when it cannot be.
     */
    async serverUp() {
      if (server.exitCode === null && server.signalCode === null) {
        const answers = await fetch(`${base}/api/ping`, { method: 'HEAD' }).then(
          (r) => r.ok,
          () => false,
        );
        if (answers) return true;
        server.kill();
      }
      console.warn('bench: the demo server is gone; starting it again');
      server = spawnServer();
      return waitForServer(base).then(
        () => true,
        () => false,
      );
    },
    async stop() {
      await browser.close();
      server.kill();
    },
  };
}

export interface RequestLog {
  /** Every request so far (method, URL, resource type), since the last `clear()`. */
  all(): { method: string; url: URL; resourceType: string }[];
  /** Forgets the requests so far (before loading the page again). */
  clear(): void;
  /**
   * Resolves once no request has been in flight for `quietMs`. Gives up after `limit` with
   * a warning instead of failing (a page that polls fast may never be quiet for long).
   */
  quiet(quietMs?: number, limit?: number): Promise<void>;
}

/**
 * The live event stream: open for as long as the page is, so it never counts as in flight
 * (and `waitForLoadState('networkidle')` never comes while it is open: use `quiet`).
 */
export const isEventStream = (r: Request): boolean => new URL(r.url()).pathname === '/api/v2/events';

/** Records every request a page makes (method + path + query) and which are in flight (the event stream aside). */
export function recordRequests(page: Page): RequestLog {
  const list: { method: string; url: URL; resourceType: string }[] = [];
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (r) => {
    list.push({ method: r.method(), url: new URL(r.url()), resourceType: r.resourceType() });
    if (isEventStream(r)) return;
    inFlight.add(r);
    changed = Date.now();
  });
  const done = (r: Request) => {
    if (!inFlight.has(r)) return;
    inFlight.delete(r);
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    all: () => list,
    clear: () => void list.splice(0),
    async quiet(quietMs = 1000, limit = PATIENCE) {
      const deadline = Date.now() + limit;
      while (inFlight.size > 0 || Date.now() - changed < quietMs) {
        if (Date.now() > deadline) {
          console.warn(
            `bench: the network of ${page.url()} was not quiet for ${quietMs} ms within ${limit} ms (${inFlight.size} in flight); going on`,
          );
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/**
 * Opens `url` and waits for `ready` (the page's own condition: its elements rendered), each
 * with a generous limit; when either fails, loads the page once more (after `beforeRetry`,
 * which resets what the scenario recorded) before giving up.
 */
export async function loadPage(page: Page, url: string, ready: (page: Page) => Promise<void>, beforeRetry?: () => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: PATIENCE });
      await ready(page);
      return;
    } catch (e) {
      // What the page showed, for whoever reads the failure (bench/results is not committed).
      const shot = join(REPO, 'bench/results', `not-ready-${new URL(url, 'http://x').pathname.replace(/\W+/g, '-')}-${attempt}.png`);
      await page.screenshot({ path: shot, fullPage: true }).then(
        () => console.warn(`bench: ${shot}`),
        () => undefined,
      );
      if (attempt > 1) throw e;
      console.warn(`bench: ${url} was not ready (${String(e).split('\n')[0]}); loading it once more`);
      beforeRetry?.();
    }
  }
}

/** Waits until `locator` matches exactly `count` elements (piercing shadow roots). */
export async function waitForCount(locator: Locator, count: number, limit = PATIENCE): Promise<void> {
  const deadline = Date.now() + limit;
  let seen = await locator.count();
  while (seen !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} of ${locator}, found ${seen} after ${limit} ms`);
    await new Promise((r) => setTimeout(r, 200));
    seen = await locator.count();
  }
}

/** Polls in the page until `selector` (piercing shadow roots) is an enabled, visible button. */
export async function timeToUsable(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  await locator.first().waitFor({ state: 'visible', timeout: PATIENCE });
  await page.waitForFunction((el) => el && !(el as HTMLButtonElement).disabled, await locator.first().elementHandle(), {
    timeout: PATIENCE,
  });
  return page.evaluate(() => performance.now());
}
