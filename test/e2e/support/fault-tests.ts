// Fault injection: every API call the portal makes (docs/product.md#api-calls, pages and
// demo calls), broken in every way (HTTP 500 with and without an `errors` body, network
// failure, 200 with a body that is not JSON or lacks required fields, 401), on the screen
// that makes it. For each: the docs/product.md#errors text shows (role=alert), or the 401 rule applies;
// nothing uncaught reaches the console; edits in progress are kept; the page stays usable.
//
// One test per call (a row of the table), one step per fault, the 401 last (it signs out); a
// screen's call meets the stricter of two faults that reach it as the same error (faultsOf,
// fault-rows.ts). How a step provokes the call depends on the row (see Row.mode): a fresh
// page load for start-up calls, an in-app navigation into the screen for calls made when a
// screen opens, or the user's action repeated in place (a retry after the previous failure)
// for actions.
// After each fault the navigation is checked; after an action's last fault too.
//
// The table is split over three spec files (faults-session, faults-resources,
// faults-actions.spec.ts), each calling `faultTests` with its rows, so that parallel workers
// share the work; each file resets the database once and runs its rows in order.
import type { Page, Request } from '@playwright/test';
import { PROJECTS, USERS } from '../../../demo/server/seed-ids.ts';
import { type DemoApi, expect, test } from '../fixtures.ts';
import { portalPath } from '../screens/BasePage.ts';
import {
  alertText,
  type CallMatcher,
  describeOutcome,
  expectOutcome,
  expectUsable,
  expireSessionAfter,
  FAILED_REQUEST_CONSOLE,
  FAULTS,
  goInApp,
  type InjectedFault,
  injectFault,
  matches,
  waitForContent,
} from './faults.ts';
import { authed, type Data, faultsOf, MANAGER, type Mode, type Row } from './fault-rows.ts';

/** The page module the ping row breaks, so that the timeout page appears. */
const PROJECTS_PAGE_CHUNK: CallMatcher = { method: 'GET', path: /^\/dist\/chunks\/ProjectsPage-[^/]+\.js$/ };

/** A clean tab: no routes, no stored session (the sign-in seeds it again on the next load). */
async function freshTab(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  }
}

/** Dismisses every toast on screen, so that the next one is known to be new. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

/** Where a step starts from in 'nav' mode: the screen the usability check leaves us on. */
function neutralFor(route: string, signedIn: boolean): string {
  if (!signedIn) return '/login';
  return route.startsWith('/inbox') ? '/' : '/inbox';
}

async function lookUpOnce(api: DemoApi, token: string): Promise<Data> {
  const get = <T>(url: string) => authed<T>(api, token, 'GET', url);
  const incidents = await get<{ uuid: string; media: string[]; handled_by: string | null }[]>('/api/v2/incidents?page=1&per_page=50');
  const notifications = await get<{ uuid: string; read_at: string | null }[]>('/api/v2/notifications?page=1&per_page=50');
  const users = await get<{ uuid: string; name: string }[]>(`/api/v2/projects/${PROJECTS.northwind}/users`);
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the seed has no ${what}`);
    return value;
  };
  return {
    incident: need(incidents[0]?.uuid, 'incident'),
    incidentWithMedia: need(incidents.find((i) => i.media.length > 0)?.uuid, 'incident with media'),
    incidentHandledByOther: need(
      incidents.find((i) => i.handled_by && i.handled_by !== 'manager')?.uuid,
      'incident handled by another user',
    ),
    notification: need(notifications[0]?.uuid, 'notification'),
    unreadNotification: need(notifications.find((n) => !n.read_at)?.uuid, 'unread notification'),
    otherUser: need(
      users.find((u) => u.uuid !== USERS.manager),
      'other member',
    ),
  };
}

/**
 * Declares one test per row of `rows`, in the calling spec file. The file's database is
 * reset once (its rows run in order in one worker); the manager's session and the seed's
 * look-ups are made once per file.
 */
export function faultTests(rows: readonly Row[]): void {
  test.describe.configure({ mode: 'default' });
  test.use({ dbReset: 'file' });

  let managerUser: { token: string } | undefined;
  const managerSession = async (api: DemoApi) => (managerUser ??= await api.login(MANAGER));
  let lookedUp: Data | undefined;
  const lookUp = async (api: DemoApi, token: string) => (lookedUp ??= await lookUpOnce(api, token));

  for (const row of rows) {
    const mode: Mode = row.mode ?? (row.act ? 'retry' : 'nav');
    const faults = faultsOf(row, mode);
    test(`${row.call} — ${row.screen}`, async ({ page, api, signIn, browserProblems }) => {
      // Each fault is a page load or a screen opened anew, and its checks: the default 30 s
      // is for one such walk, not six. At load 15–17 the site's evacuation rows (six faults)
      // took 31–33 s with every step passing, so the limit grows with the steps.
      test.setTimeout(15_000 + faults.length * 10_000);
      browserProblems.allow(FAILED_REQUEST_CONSOLE);
      if (row.console) browserProblems.allow(row.console);
      // Leaving a screen with unsaved edits asks first (the schedule editor): leave.
      page.on('dialog', (dialog) => void dialog.accept());

      const account = row.as === undefined ? MANAGER : row.as;
      if (account) await signIn(account);
      const manager = await managerSession(api);
      const data = await lookUp(api, manager.token);
      await row.setup?.(api, manager.token);
      const url = (route: string) => (row.page ? route : portalPath(route));
      // The row's call as the page makes it on its own, unbroken: a screen may make it too
      // (every signed-in page's alarm bar loads the projects). One still on its way when a
      // fault is armed is not broken, and the screen opened next may take its answer
      // instead of asking (concurrent loads share one request): a step waits for it first.
      const ownCalls = new Set<Request>();
      page.on('request', (request) => void (matches(row.match, request) && ownCalls.add(request)));
      page.on('requestfinished', (request) => void ownCalls.delete(request));
      page.on('requestfailed', (request) => void ownCalls.delete(request));
      const target = row.open(data);
      let opened = false;

      try {
        for (const fault of faults) {
          const outcome = row.outcome(fault);
          await test.step(`${FAULTS[fault]} → ${describeOutcome(outcome)}`, async () => {
            const armed: InjectedFault[] = [];
            const undo: (() => Promise<void>)[] = [];
            const arm = async () => {
              const validated = row.afterValidation
                ? page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/v2/user', {
                    timeout: 20_000,
                  })
                : undefined;
              const injected = await injectFault(page, row.match, fault, validated ? { holdUntil: validated } : {});
              armed.push(injected);
              const expired = fault === '401' && (('signedOut' in outcome && row.expireOn401 !== false) || 'signedOutInPlace' in outcome);
              if (expired) undo.push(await expireSessionAfter(page, injected));
            };

            if (mode === 'boot') {
              // The call is made while the page starts: a fresh load per fault.
              await freshTab(page);
              if (row.call.startsWith('HEAD /api/ping')) await injectFault(page, PROJECTS_PAGE_CHUNK, 'network');
              if (!row.act) await arm();
              await page.goto(url(target), { waitUntil: 'domcontentloaded' });
              if (row.act) {
                await waitForContent(page, { heading: !row.page });
                await arm();
                await row.act(page, data);
              }
            } else if (mode === 'nav') {
              // The call is made when the screen opens: from a neutral screen, navigate in the app.
              if (!opened) {
                if (row.retriesOverTime) await page.clock.install();
                await page.goto(url(neutralFor(target, Boolean(account))), { waitUntil: 'domcontentloaded' });
                await waitForContent(page);
                opened = true;
              }
              await dismissToasts(page);
              await expect.poll(() => ownCalls.size, { message: `the screen's own ${row.call} has its answer` }).toBe(0);
              await arm();
              await goInApp(page, portalPath(target));
            } else {
              // A user action makes the call: retry it in place after each failure, as a user would.
              if (!opened || fault === '401') {
                await page.goto(url(target), { waitUntil: 'domcontentloaded' });
                await waitForContent(page, { heading: !row.page });
                opened = true;
              }
              await dismissToasts(page);
              await arm();
              await row.act!(page, data);
            }

            await expect.poll(() => armed[0]?.hits ?? 0, { message: `${row.call} was called`, timeout: 15_000 }).toBeGreaterThan(0);
            if (row.retriesOverTime && 'alert' in outcome) {
              const shown = alertText(page, outcome.alert);
              await expect
                .poll(async () => ((await shown.count()) > 0 ? true : (await page.clock.fastForward(1000), false)), {
                  message: `${row.call}: “${outcome.alert}” after retries`,
                  intervals: [100],
                  timeout: 15_000,
                })
                .toBe(true);
            }
            await expectOutcome(page, outcome, `${row.call}, ${FAULTS[fault]}`);
            if (row.kept && 'alert' in outcome) await row.kept(page, data);
            for (const a of armed) await a.remove();
            for (const u of undo) await u();
            // In 'retry' mode the screen stays for the next attempt; its usability is checked
            // after the last failure before the 401, and after the 401.
            const lastBefore401 = faults.filter((f) => f !== '401').at(-1);
            if (mode !== 'retry' || fault === '401' || fault === lastBefore401) {
              await (row.usable ?? expectUsable)(page);
              opened = mode === 'nav';
            }
          });
        }
      } finally {
        await row.cleanup?.(api, manager.token);
      }
    });
  }
}
