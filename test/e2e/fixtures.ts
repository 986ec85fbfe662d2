/**
 * The end-to-end test API: import `test` and `expect` from here, never from
 * '@playwright/test' directly, so that every test gets the guards below.
 *
 *   import { expect, test } from './fixtures.ts';
 *
 *   test('inbox lists incidents', async ({ page, api, signIn }) => {
 *     await signIn('manager@example.com');       // API login + localStorage, before navigation
 *     await page.goto('/inbox');
 *     expect(await axe(page)).toEqual([]);
 *   });
 *
 * Fixtures:
 * - `api`          DemoApi: test hooks (reset, expireTokens, lastResetLink, bulkInbox), login, ping.
 * - `signIn(email, { password })`  signs in through the API and seeds `auth.currentUser`
 *                  in localStorage before the page's next navigation, bound to the server's
 *                  origin as its API base (as a sign-in in the portal stores it); returns the
 *                  user as the API answered it.
 * - `signedInPage(email, { path, password })`  signIn, then goes to `path` (default "/");
 *                  returns the page.
 * - `browserProblems`  what the guard collected so far; `.allow(/re/)` tolerates matching
 *                  console errors for the rest of this test, `.allowCsp(/re/)` likewise for
 *                  CSP violations.
 * - `desktopAlertOffer`  'made' (default): every seeded account has already been offered
 *                  desktop alerts in this browser, as on a device it signed in on before, so
 *                  the portal's one-time offer (a toast that stays until answered) does not
 *                  appear in tests about something else; `test.use({ desktopAlertOffer:
 *                  'due' })` for a device the accounts never signed in on.
 *
 * Automatic, for every test:
 * - the database is reset (`POST /__test/reset`) before each test; `test.use({ dbReset:
 *   'file' })` resets once per file instead, `'off'` never;
 * - console errors, uncaught page errors and CSP violations (console "Refused to …" / "… violates
 *   the following Content Security Policy directive …" and `securitypolicyviolation` events) fail the test after it ran. Allow expected console
 *   errors with `test.use({ allowedConsoleErrors: /status of 401|favicon/ })` (one
 *   RegExp, per file or describe) or `browserProblems.allow(…)` inside a test. Note that Chromium logs every
 *   failed request ("Failed to load resource: … 404") as a console error.
 * - a test that failed gets a screenshot of each of its pages (`screenshot` is off in
 *   playwright.config.ts: Playwright's own takes one of every test's pages, failed or not).
 *
 * Helpers: `axe(page, options)` returns axe-core's violations (it looks into open shadow
 * roots), `formatViolations`, `expectNoA11yViolations(page, options)`.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Result as AxeResult } from 'axe-core';
import { USERS_SEED } from '../../demo/server/seed-data/places.ts';
import type { CurrentUser } from '../../src/core/api/contract.ts';
import { portalPath } from './screens/BasePage.ts';
import { DemoApi } from './support/demo-api.ts';

export { expect };
export { DemoApi };
export { SEED_PASSWORD } from '../../demo/server/seed-ids.ts';

/** localStorage key of the signed-in user (docs/product.md#constants-and-limits; src/core/session/store.ts). */
export const USER_STORAGE_KEY = 'auth.currentUser';

// ---------------------------------------------------------------------------------------
// Console, page-error and CSP guard

export interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  line: number;
  sample: string;
  page: string;
}

export interface BrowserProblems {
  /** Console messages of type "error" (except CSP messages, which are in `cspMessages`). */
  readonly consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in any page of the test. */
  readonly pageErrors: string[];
  /** CSP console messages ("Refused to …", "… violates the following Content Security Policy directive …"). */
  readonly cspMessages: string[];
  /** `securitypolicyviolation` events. */
  readonly cspViolations: CspViolation[];
  /** Tolerate console and page errors matching `re` for the rest of this test. */
  allow(re: RegExp): void;
  /** Tolerate CSP violations/messages matching `re` (only for tests that provoke one on purpose). */
  allowCsp(re: RegExp): void;
  /** Everything not allowed, one line each; empty when the test is clean. */
  unexpected(): string[];
}

/** CSP console messages: "Refused to …" (older wording) and "… violates the following Content Security Policy directive …" (Chromium 156). */
const CSP_MESSAGE = /^(\[Report Only\] )?Refused to |violates the following Content Security Policy directive/;
/**
 * Console errors that are the browser's doing, not the page's: Chromium fetches
 * /favicon.ico by itself and logs its 404.
 */
const BROWSER_NOISE = [/Failed to load resource: .*\(\S*\/favicon\.ico:\d+\)$/];
const CSP_BINDING = '__vigilE2eCspViolation';

function createBrowserProblems(allowed: RegExp | undefined): BrowserProblems {
  const allowList = allowed ? [allowed] : [];
  const cspAllowList: RegExp[] = [];
  const problems = {
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    cspMessages: [] as string[],
    cspViolations: [] as CspViolation[],
    allow: (re: RegExp) => void allowList.push(re),
    allowCsp: (re: RegExp) => void cspAllowList.push(re),
    unexpected(): string[] {
      const ok = (s: string) => allowList.some((re) => re.test(s)) || BROWSER_NOISE.some((re) => re.test(s));
      const cspOk = (s: string) => cspAllowList.some((re) => re.test(s));
      return [
        ...problems.pageErrors.filter((s) => !ok(s)).map((s) => `page error: ${s}`),
        ...problems.consoleErrors.filter((s) => !ok(s)).map((s) => `console error: ${s}`),
        ...problems.cspMessages.filter((s) => !cspOk(s)).map((s) => `CSP: ${s}`),
        ...problems.cspViolations
          .map(
            (v) =>
              `${v.directive} blocked ${v.blockedURI || '(inline)'} at ${v.sourceFile || v.page}:${v.line}${v.sample ? ` "${v.sample}"` : ''}`,
          )
          .filter((s) => !cspOk(s))
          .map((s) => `CSP violation: ${s}`),
      ];
    },
  };
  return problems;
}

/** Runs in every page before its own scripts: records CSP violation events. */
function recordCspViolations(binding: string): void {
  const w = window as unknown as Record<string, unknown>;
  const list: unknown[] = [];
  w.__vigilCspViolations = list;
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      const v = {
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
        page: location.href,
      };
      list.push(v);
      // Also straight to the test (survives navigations); absent in pages opened without it.
      const report = w[binding];
      if (typeof report === 'function') void (report as (v: unknown) => Promise<void>)(v);
    },
    true,
  );
}

// ---------------------------------------------------------------------------------------
// Accessibility

export interface AxeOptions {
  /** CSS selectors (or axe's `{ fromShadowDom: [...] }`) to check; default: the whole page. */
  include?: Parameters<AxeBuilder['include']>[0][];
  exclude?: Parameters<AxeBuilder['exclude']>[0][];
  /** Only rules with these tags (e.g. ['wcag2a', 'wcag2aa']); default: axe's default set. */
  tags?: string[];
  /** Only these rules (e.g. the colour rules, for a second colour scheme); default: all of the set. */
  rules?: string[];
  disableRules?: string[];
}

/**
 * Runs axe-core on the page (including open shadow roots) and returns its violations.
 *
 * In axe's legacy mode: one `axe.run` in the page, frames reached by message. The default
 * mode injects axe's 500 KB source again for each frame and once more into a blank page
 * where it merges the results; measured on the site's schedule screen it took 5.9–9.1 s
 * against 2.1–3.3 s, and axe was about a sixth of the end-to-end suite's time. What legacy
 * mode cannot do is look into a frame of another origin: axe then reports `frame-tested`
 * as incomplete, and that fails here, so no frame goes unchecked without anyone noticing.
 */
export async function axe(page: Page, options: AxeOptions = {}): Promise<AxeResult[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  for (const sel of options.include ?? []) builder = builder.include(sel);
  for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
  if (options.tags) builder = builder.withTags(options.tags);
  if (options.rules) builder = builder.withRules(options.rules);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const untested = results.incomplete.find((r) => r.id === 'frame-tested');
  if (untested) throw new Error(`axe could not check a frame: ${untested.nodes.map((n) => n.html).join(', ')}`);
  return results.violations;
}

/** A readable list of violations: rule, impact, help and each node's target and HTML. */
export function formatViolations(violations: AxeResult[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const target = (n.target as unknown[]).map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ');
          return `    - ${target}\n      ${n.html}\n      ${n.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? ''}`;
        })
        .join('\n');
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

/** Fails (with the list) when axe finds any violation. */
export async function expectNoA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  const violations = await axe(page, options);
  expect(violations.length, `accessibility violations:\n${formatViolations(violations)}`).toBe(0);
}

// ---------------------------------------------------------------------------------------
// The desktop-alert offer

const SEEDED_USERNAMES = USERS_SEED.map((u) => u.username);

/**
 * Runs in every page before its own scripts: records the portal's one-time desktop-alert
 * offer as made for these accounts (src/core/inbox/live/alert-offer.ts, `offerDesktopAlerts`).
 */
export function markAlertOfferMade(usernames: string[]): void {
  try {
    for (const name of usernames) {
      const key = `vigil.alerts.offered.${name}`;
      if (localStorage.getItem(key) === null) localStorage.setItem(key, 'before this test');
    }
  } catch {
    // storage unavailable (opaque origin): nothing to mark
  }
}

// ---------------------------------------------------------------------------------------
// Fixtures

export type DbReset = 'test' | 'file' | 'off';

export interface VigilOptions {
  /**
   * Console/page errors matching this do not fail the test. One RegExp (combine with
   * `|`): Playwright's `test.use` would misread an array of two as a fixture tuple.
   */
  allowedConsoleErrors: RegExp | undefined;
  /** When to reset the demo database: before each test (default), each file, or never. */
  dbReset: DbReset;
  /** Whether the portal's one-time desktop-alert offer was already made to every seeded account ('made') or is still due. */
  desktopAlertOffer: 'made' | 'due';
}

export interface SignInOptions {
  password?: string;
}

export interface VigilFixtures {
  api: DemoApi;
  signIn: (email: string, options?: SignInOptions) => Promise<CurrentUser>;
  signedInPage: (email: string, options?: SignInOptions & { path?: string }) => Promise<Page>;
  browserProblems: BrowserProblems;
  _dbReset: void;
  _failureScreenshots: void;
  _browserGuard: void;
  _alertOffer: void;
}

interface VigilWorkerFixtures {
  _lastResetFile: { file?: string };
}

export const test = base.extend<VigilOptions & VigilFixtures, VigilWorkerFixtures>({
  allowedConsoleErrors: [undefined, { option: true }],
  dbReset: ['test', { option: true }],
  desktopAlertOffer: ['made', { option: true }],

  _lastResetFile: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern as a fixture's first argument
    async ({}, use) => {
      await use({});
    },
    { scope: 'worker' },
  ],

  api: async ({ request }, use) => {
    await use(new DemoApi(request));
  },

  _dbReset: [
    async ({ api, dbReset, _lastResetFile }, use, testInfo) => {
      const due = dbReset === 'test' || (dbReset === 'file' && _lastResetFile.file !== testInfo.file);
      if (due) {
        await api.reset();
        _lastResetFile.file = testInfo.file;
      }
      await use();
    },
    { auto: true },
  ],

  browserProblems: async ({ allowedConsoleErrors }, use) => {
    await use(createBrowserProblems(allowedConsoleErrors));
  },

  // Declared before the guard, so that its check has run (and failed the test) when this looks.
  _failureScreenshots: [
    async ({ context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const [i, page] of context.pages().entries()) {
        const path = testInfo.outputPath(`test-failed-${i + 1}.png`);
        try {
          await page.screenshot({ path, timeout: 5_000, caret: 'initial' });
          testInfo.attachments.push({ name: 'screenshot', path, contentType: 'image/png' });
        } catch {
          // the page closed or crashed: nothing to show
        }
      }
    },
    { auto: true },
  ],

  _browserGuard: [
    async ({ context, browserProblems }, use) => {
      const problems = browserProblems;
      await context.exposeBinding(CSP_BINDING, (_source, v: CspViolation) => {
        problems.cspViolations.push(v);
      });
      await context.addInitScript(recordCspViolations, CSP_BINDING);
      context.on('console', (msg) => {
        const where = msg.location();
        const at = where.url ? ` (${where.url}:${where.lineNumber})` : '';
        const text = msg.text();
        if (CSP_MESSAGE.test(text)) problems.cspMessages.push(text + at);
        else if (msg.type() === 'error') problems.consoleErrors.push(text + at);
      });
      context.on('weberror', (webError) => {
        const e = webError.error();
        problems.pageErrors.push(e.stack || `${e.name}: ${e.message}`);
      });

      await use();

      const unexpected = problems.unexpected();
      if (unexpected.length > 0) {
        throw new Error(
          `The browser reported ${unexpected.length} problem(s) during the test:\n` +
            unexpected.map((s) => `  - ${s}`).join('\n') +
            `\n(Allow expected console errors with test.use({ allowedConsoleErrors: /…/ }) or browserProblems.allow(/…/).)`,
        );
      }
    },
    { auto: true },
  ],

  _alertOffer: [
    async ({ context, desktopAlertOffer }, use) => {
      if (desktopAlertOffer === 'made') await context.addInitScript(markAlertOfferMade, SEEDED_USERNAMES);
      await use();
    },
    { auto: true },
  ],

  signIn: async ({ page, api, baseURL }, use) => {
    let n = 0;
    await use(async (email, options = {}) => {
      const user = await api.login(email, options.password);
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      // Seeds the user once per tab (a sessionStorage flag), so a later logout in the
      // same test is not undone by the next navigation.
      await page.addInitScript(
        ({ key, value, origin, flag }) => {
          if (location.origin !== origin) return;
          try {
            if (sessionStorage.getItem(flag)) return;
            localStorage.setItem(key, value);
            sessionStorage.setItem(flag, '1');
          } catch {
            // storage unavailable (opaque origin): nothing to seed
          }
        },
        // Bound to the API base that issued the token (the server's origin), as a sign-in in
        // the portal stores it: the head script's early requests see what users' pages see.
        { key: USER_STORAGE_KEY, value: JSON.stringify({ ...user, api_base: origin }), origin, flag: `__vigil_e2e_signed_in_${++n}` },
      );
      return user;
    });
  },

  signedInPage: async ({ page, signIn }, use) => {
    await use(async (email, { path = '/', ...options } = {}) => {
      await signIn(email, options);
      await page.goto(portalPath(path), { waitUntil: 'domcontentloaded' });
      return page;
    });
  },
});
