// Fault injection: every API call the portal makes (SPEC §7, DESIGN.md's list, pages and
// demo calls), broken in every way (HTTP 500 with and without an `errors` body, network
// failure, 200 with a body that is not JSON or lacks required fields, 401), on the screen
// that makes it. For each: the SPEC §8 text shows (role=alert), or the 401 rule applies;
// nothing uncaught reaches the console; edits in progress are kept; the page stays usable.
//
// One test per call (a row of CALLS), one step per fault, the 401 last (it signs out). How a
// step provokes the call depends on the row (see Row.mode): a fresh page load for start-up
// calls, an in-app navigation into the screen for calls made when a screen opens, or the
// user's action repeated in place (a retry after the previous failure) for actions.
// After each fault the navigation is checked; after an action's last fault too.
import type { Locator, Page } from '@playwright/test';
import { DEMO_LIVE_VIEW_UUID, PAGES, PROJECTS, SITES, SYSTEMS, USERS } from '../../demo/server/seed-ids.ts';
import { expect, test, type DemoApi } from './fixtures.ts';
import { portalPath } from './pages/BasePage.ts';
import {
  describeOutcome,
  expectOutcome,
  expireSessionAfter,
  expectUsable,
  FAILED_REQUEST_CONSOLE,
  FAULT_KINDS,
  alertText,
  FAULTS,
  goInApp,
  INJECTED_MESSAGE,
  injectFault,
  message,
  storedUser,
  waitForContent,
  type CallMatcher,
  type Fault,
  type InjectedFault,
  type Outcome,
} from './support/faults.ts';

test.describe.configure({ mode: 'default' });
test.use({ dbReset: 'file' });

const MANAGER = 'manager@vigil.test';

/** Uuids a row needs, looked up through the API with the manager's token. */
interface Data {
  incident: string;
  incidentWithMedia: string;
  /** An incident handled by someone else (their name is looked up). */
  incidentHandledByOther: string;
  notification: string;
  unreadNotification: string;
  /** A member of Northwind other than the manager. */
  otherUser: { uuid: string; name: string };
}

/** A call to the API as the signed-in user `token`; throws unless it answers 2xx. */
async function authed<T = unknown>(api: DemoApi, token: string, method: string, url: string): Promise<T> {
  const res = await api.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

async function lookUp(api: DemoApi, token: string): Promise<Data> {
  lookedUp ??= await lookUpOnce(api, token);
  return lookedUp;
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
    incidentHandledByOther: need(incidents.find((i) => i.handled_by && i.handled_by !== 'manager')?.uuid, 'incident handled by another user'),
    notification: need(notifications[0]?.uuid, 'notification'),
    unreadNotification: need(notifications.find((n) => !n.read_at)?.uuid, 'unread notification'),
    otherUser: need(users.find((u) => u.uuid !== USERS.manager), 'other member'),
  };
}

interface Row {
  call: string;
  screen: string;
  match: CallMatcher;
  /** Signed in as this account (default: the manager); null: signed out. */
  as?: string | null;
  /** Faults that apply (default: all; see faultsOf; answers with no required content skip 'bad-shape'). */
  faults?: Fault[];
  /** The screen: opened with the fault armed (a call made on arrival) or before `act`. */
  open: (d: Data) => string;
  /** The user action that makes the call (the fault is armed just before it). */
  act?: (page: Page, d: Data) => Promise<void>;
  outcome: (fault: Fault) => Outcome;
  /**
   * For a 401: the session has expired, so re-validating the user (GET /api/v2/user)
   * answers 401 too once the call has failed. Default: when the outcome is a sign-out.
   */
  expireOn401?: boolean;
  /** What the user typed or painted is still there. */
  kept?: (page: Page, d: Data) => Promise<void>;
  /** Instead of the common navigation check. */
  usable?: (page: Page) => Promise<void>;
  /** Before the test / after it (through the API, with the manager's token). */
  setup?: (api: DemoApi, token: string) => Promise<void>;
  cleanup?: (api: DemoApi, token: string) => Promise<void>;
  /** Extra console lines this call's failure makes (besides "Failed to load resource"). */
  console?: RegExp;
  /** `open` is a page of the server (an example), not a portal route. */
  page?: boolean;
  /**
   * How each fault is provoked: 'boot' loads the page afresh (calls made at start-up),
   * 'nav' opens the screen by an in-app navigation from a neutral one (default for calls
   * made when a screen opens), 'retry' repeats the user's action in place (default with
   * `act`; the 401 comes last, on a fresh load).
   */
  mode?: Mode;
  /**
   * The screen reports the failure only after retrying for a while (camera feeds: offline
   * after three failed frames a second apart): the page's clock is installed and moved on
   * while waiting, instead of waiting seconds per fault.
   */
  retriesOverTime?: boolean;
  /**
   * The call goes out while the start-up validation (GET /api/v2/user) is under way: its
   * failure is answered after the validation's answer, as a token that expired just after
   * start-up would be (otherwise the 401's re-validation joins the one already running).
   */
  afterValidation?: boolean;
}

type Mode = 'boot' | 'nav' | 'retry';

/** The manager's session for API look-ups, once per file (the database is reset per file). */
let managerUser: { token: string } | undefined;
async function managerSession(api: DemoApi): Promise<{ token: string }> {
  managerUser ??= await api.login(MANAGER);
  return managerUser;
}
let lookedUp: Data | undefined;

/** Answers with nothing required in them (`{ data? }`): a body "missing fields" is still valid. */
const NO_CONTENT: Fault[] = FAULT_KINDS.filter((f) => f !== 'bad-shape');

/**
 * The faults of a row. A user action is retried in place, so it meets every fault. A call
 * made when a screen opens costs a page load or navigation per fault, so it meets one of the
 * two malformed answers: both end in the same place of the client (`request()` turns a body
 * that is not JSON and one that misses required fields into the same malformed error, see
 * src/core/api/client.test.ts), so the second one would test nothing new about the screen.
 */
function faultsOf(row: Row, mode: Mode): Fault[] {
  const all = row.faults ?? FAULT_KINDS;
  if (mode === 'retry') return all;
  return all.includes('bad-shape') ? all.filter((f) => f !== 'not-json') : all;
}
const path = (re: string) => new RegExp(`^${re}$`);
const U = '[^/]+';

/**
 * A 401 on a call made with the token signs out (the server refused the token; SPEC §4
 * names validation and the JWT, and the portal applies it to every call but the terms).
 */
const signedOutOn401 = (other: (fault: Fault) => Outcome) => (fault: Fault): Outcome => (fault === '401' ? { signedOut: true } : other(fault));
/** The SPEC §8 toast for any failure; a 401 signs out. */
const toastOr401 = (key: string) => signedOutOn401(() => ({ alert: message(key) }));
/** A form's alert: the server's message when it sent one, else the generic text. */
const formAlert = (fault: Fault): Outcome => ({
  alert: fault === '500-errors' ? INJECTED_MESSAGE : fault === '401' ? 'Unauthenticated.' : message('core.errors.generic'),
});

const evacuate = (scope: 'projects' | 'sites', uuid: string, action: 'start' | 'abort') => async (api: DemoApi, token: string) => {
  await authed(api, token, 'POST', `/api/public/v1/${scope}/${uuid}/evacuation/${action}`);
};

/** Confirms in the open dialog, opening it with `opener` first unless it is open (a retry after a failure). */
async function confirmInDialog(page: Page, opener: Locator, confirm: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  if (!(await dialog.isVisible())) await opener.click();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
}

/** Fills the login-like field if it is empty. */
async function fill(page: Page, label: string | RegExp, value: string): Promise<void> {
  const field = page.getByRole('main').getByLabel(label, { exact: typeof label === 'string' });
  if (!(await field.inputValue())) await field.fill(value);
}

const CALLS: Row[] = [
  // --- Signing in (signed out) -----------------------------------------------------------
  {
    call: 'POST /api/v2/user/login',
    screen: '/login',
    as: null,
    match: { method: 'POST', path: path('/api/v2/user/login') },
    open: () => '/login',
    act: async (page) => {
      await page.getByRole('main').getByLabel('E-mail address').fill(MANAGER);
      await page.getByRole('main').getByLabel('Password', { exact: true }).fill('vigil-demo');
      await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    },
    outcome: formAlert,
    kept: async (page) => {
      await expect(page.getByRole('main').getByLabel('E-mail address')).toHaveValue(MANAGER);
      expect(new URL(page.url()).pathname).toBe('/login');
    },
  },
  {
    call: 'POST /api/v2/user/forgot-password',
    screen: '/forgot-password',
    as: null,
    faults: NO_CONTENT,
    match: { method: 'POST', path: path('/api/v2/user/forgot-password') },
    open: () => '/forgot-password',
    act: async (page) => {
      await page.getByRole('main').getByLabel('E-mail address').fill(MANAGER);
      await page.getByRole('button', { name: 'Send reset link' }).click();
    },
    outcome: formAlert,
    kept: async (page) => {
      await expect(page.getByRole('main').getByLabel('E-mail address')).toHaveValue(MANAGER);
    },
  },
  {
    call: 'POST /api/v2/user/reset-password',
    screen: '/reset-password/{token}',
    as: null,
    faults: NO_CONTENT,
    match: { method: 'POST', path: path('/api/v2/user/reset-password') },
    open: () => `/reset-password/e2e-token?email=${encodeURIComponent(MANAGER)}`,
    act: async (page) => {
      await fill(page, 'E-mail address', MANAGER);
      await page.getByLabel('New password', { exact: true }).fill('a-new-password');
      await page.getByLabel('Confirm new password').fill('a-new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
    },
    outcome: formAlert,
    kept: async (page) => {
      await expect(page.getByRole('main').getByLabel('E-mail address')).toHaveValue(MANAGER);
    },
  },
  {
    call: 'GET /i18n/messages/{locale}.json',
    mode: 'boot',
    screen: 'language picker (Deutsch)',
    match: { method: 'GET', path: path('/i18n/messages/de\\.json') },
    open: () => '/',
    act: async (page) => {
      await page.getByRole('banner').getByRole('combobox').selectOption('de');
    },
    outcome: signedOutOn401(() => ({
      quiet: 'falls back to English',
      check: async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
        await expect(page.getByRole('banner').getByRole('navigation').getByRole('link', { name: /^Inbox/ })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      },
    })),
  },
  // --- The session (signed in) -------------------------------------------------------------
  {
    call: 'GET /api/v2/user',
    mode: 'boot',
    screen: 'start-up validation (/)',
    match: { method: 'GET', path: path('/api/v2/user') },
    open: () => '/',
    outcome: toastOr401('core.errors.validateUser'),
  },
  {
    call: 'GET /auth/jwt',
    mode: 'boot',
    screen: 'start-up (/)',
    faults: NO_CONTENT,
    match: { method: 'GET', path: path('/auth/jwt') },
    open: () => '/',
    outcome: toastOr401('core.errors.fetchJwt'),
    expireOn401: false, // a 401 on the JWT alone signs out (SPEC §4)
  },
  {
    call: 'GET /api/v2/notifications?filter[unread]=true (unread count)',
    mode: 'boot',
    screen: 'start-up (/)',
    match: { method: 'GET', path: path('/api/v2/notifications'), query: (q) => q.get('filter[unread]') === 'true' && !q.has('page') },
    open: () => '/',
    outcome: toastOr401('core.errors.loadUnread'),
  },
  {
    call: 'PUT /api/v2/user/locale',
    mode: 'boot',
    screen: 'language picker (Deutsch)',
    faults: NO_CONTENT,
    match: { method: 'PUT', path: path('/api/v2/user/locale') },
    open: () => '/',
    act: async (page) => {
      await page.getByRole('banner').getByRole('combobox').selectOption('de');
    },
    // Shown in the language just applied.
    outcome: signedOutOn401(() => ({ alert: message('core.errors.setLocale', {}, 'de') })),
    usable: async (page) => {
      if ((await storedUser(page)) === null) return expectUsable(page);
      await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: /^Posteingang|^Inbox/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/inbox');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    call: 'GET /api/v2/pages',
    afterValidation: true,
    mode: 'boot',
    screen: "the 'More' pill (/)",
    match: { method: 'GET', path: path('/api/v2/pages') },
    open: () => '/',
    // The pill is an extra: without the list it is simply not shown.
    outcome: signedOutOn401(() => ({
      quiet: "hides 'More'",
      check: async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
        await expect(page.getByRole('banner').getByRole('link', { name: 'More' })).toHaveCount(0);
      },
    })),
  },
  {
    call: 'PUT /api/v2/user/terms',
    screen: '/terms (new@vigil.test)',
    as: 'new@vigil.test',
    faults: NO_CONTENT,
    match: { method: 'PUT', path: path('/api/v2/user/terms') },
    open: () => '/terms',
    act: async (page) => {
      await page.getByRole('button', { name: 'Accept the terms' }).click();
    },
    outcome: (fault) => (fault === '401' ? { heldAtTerms: true } : { alert: message('core.errors.acceptTerms') }),
  },
  {
    call: 'HEAD /api/ping',
    mode: 'boot',
    screen: 'timeout page (a page module fails to load)',
    faults: ['500', '500-errors', 'network', '401'],
    match: { method: 'HEAD', path: path('/api/ping') },
    open: () => '/',
    outcome: signedOutOn401(() => ({ alert: message('core.errors.timeout') })),
    usable: async (page) => {
      await page.unrouteAll({ behavior: 'wait' });
      if ((await storedUser(page)) === null) return expectUsable(page);
      await page.getByRole('button', { name: 'Reload the page' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    },
  },
  // --- Resources ----------------------------------------------------------------------------
  {
    call: 'GET /api/v2/projects',
    screen: '/',
    match: { method: 'GET', path: path('/api/v2/projects') },
    open: () => '/',
    outcome: toastOr401('core.errors.loadProjects'),
  },
  {
    call: 'GET /api/v2/projects/{uuid}?filter[systemtype]=UFO',
    screen: '/project/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/projects/${U}`) },
    open: () => `/project/${PROJECTS.northwind}`,
    outcome: toastOr401('core.errors.loadProject'),
  },
  {
    call: 'GET /api/v2/sites/{uuid}',
    screen: '/site/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/sites/${U}`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    outcome: toastOr401('core.errors.loadSite'),
  },
  {
    call: 'GET /api/v2/systems/{uuid}',
    screen: '/system/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/systems/${U}`) },
    open: () => `/system/${SYSTEMS.antwerpDocks}`,
    outcome: toastOr401('core.errors.loadSystem'),
  },
  {
    call: 'GET /api/v2/media/{uuid} (camera frames)',
    retriesOverTime: true,
    screen: '/system/{uuid} live view',
    faults: NO_CONTENT,
    match: { method: 'GET', path: path(`/api/v2/media/${U}`) },
    open: () => `/system/${SYSTEMS.antwerpDocks}`,
    // The frame loop tells once per outage; the cameras show offline.
    outcome: toastOr401('core.errors.loadMedia'),
  },
  {
    call: 'GET /api/v2/incidents?page=&per_page=',
    mode: 'boot', // the list keeps its failed state page-wide: reopening the inbox in the app does not load it again
    screen: '/inbox',
    match: { method: 'GET', path: path('/api/v2/incidents') },
    open: () => '/inbox',
    outcome: toastOr401('core.errors.loadIncidents'),
  },
  {
    call: 'GET /api/v2/incidents/{uuid}',
    screen: '/inbox/incident/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/incidents/${U}`) },
    open: (d) => `/inbox/incident/${d.incident}`,
    outcome: toastOr401('core.errors.loadIncident'),
  },
  {
    call: 'GET {media url} (incident images)',
    screen: '/inbox/incident/{uuid} with images',
    faults: NO_CONTENT,
    match: { method: 'GET', path: path(`/api/v2/media/${U}`) },
    open: (d) => `/inbox/incident/${d.incidentWithMedia}`,
    outcome: toastOr401('core.errors.loadMedia'),
  },
  {
    call: 'GET /api/users/{username}',
    screen: '/inbox/incident/{uuid} (handled by)',
    match: { method: 'GET', path: path(`/api/users/${U}`) },
    open: (d) => `/inbox/incident/${d.incidentHandledByOther}`,
    outcome: toastOr401('core.errors.loadUser'),
  },
  {
    call: 'GET /api/v2/notifications?page=&per_page=&locale=',
    mode: 'boot', // the list keeps its failed state page-wide: reopening the inbox in the app does not load it again
    screen: '/inbox/notifications',
    match: { method: 'GET', path: path('/api/v2/notifications'), query: (q) => q.has('page') },
    open: () => '/inbox/notifications',
    outcome: toastOr401('core.errors.loadNotifications'),
  },
  {
    call: 'GET /api/v2/notifications/{uuid}?locale=',
    screen: '/inbox/notification/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/notifications/${U}`) },
    open: (d) => `/inbox/notification/${d.notification}`,
    outcome: toastOr401('core.errors.loadNotification'),
  },
  {
    call: 'PUT /api/v2/notifications/{uuid}/mark-as-read',
    screen: '/inbox/notification/{uuid} (unread)',
    faults: NO_CONTENT,
    match: { method: 'PUT', path: path(`/api/v2/notifications/${U}/mark-as-read`) },
    open: (d) => `/inbox/notification/${d.unreadNotification}`,
    outcome: toastOr401('core.errors.markRead'),
  },
  {
    call: 'GET /api/v2/pages/{uuid}?locale=',
    screen: '/page/{uuid}',
    match: { method: 'GET', path: path(`/api/v2/pages/${U}`) },
    open: () => `/page/${PAGES.contact}`,
    outcome: toastOr401('core.errors.loadPage'),
  },
  // --- Evacuation -----------------------------------------------------------------------------
  {
    call: 'GET /api/public/v2/projects/{uuid}/evacuation/status',
    mode: 'boot', // a status that failed before is re-checked quietly (no second toast) within the page
    screen: '/project/{uuid} (banner)',
    match: { method: 'GET', path: path(`/api/public/v2/projects/${U}/evacuation/status`) },
    open: () => `/project/${PROJECTS.northwind}`,
    outcome: toastOr401('evacuation.errors.loadStatus'),
  },
  {
    call: 'GET /api/public/v2/sites/{uuid}/evacuation/status',
    mode: 'boot', // a status that failed before is re-checked quietly (no second toast) within the page
    screen: '/site/{uuid}',
    match: { method: 'GET', path: path(`/api/public/v2/sites/${U}/evacuation/status`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    outcome: toastOr401('evacuation.errors.loadStatus'),
  },
  {
    call: 'POST /api/public/v1/sites/{uuid}/evacuation/start',
    screen: '/site/{uuid}: Start evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/sites/${U}/evacuation/start`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    act: (page) => confirmInDialog(page, page.getByRole('button', { name: 'Start evacuation' }), 'Start evacuation'),
    outcome: toastOr401('evacuation.errors.start'),
  },
  {
    call: 'POST /api/public/v1/sites/{uuid}/evacuation/abort',
    screen: '/site/{uuid}: Abort evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/sites/${U}/evacuation/abort`) },
    setup: evacuate('sites', SITES.antwerpWarehouse, 'start'),
    cleanup: evacuate('sites', SITES.antwerpWarehouse, 'abort'),
    open: () => `/site/${SITES.antwerpWarehouse}`,
    act: (page) => confirmInDialog(page, page.getByRole('main').getByRole('button', { name: /^Abort evacuation/ }).first(), 'Abort evacuation'),
    outcome: toastOr401('evacuation.errors.abort'),
  },
  {
    call: 'POST /api/public/v1/projects/{uuid}/evacuation/abort',
    screen: '/project/{uuid}: banner, Abort evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/projects/${U}/evacuation/abort`) },
    setup: evacuate('projects', PROJECTS.northwind, 'start'),
    cleanup: evacuate('projects', PROJECTS.northwind, 'abort'),
    open: () => `/project/${PROJECTS.northwind}`,
    act: (page) =>
      confirmInDialog(page, page.getByRole('region', { name: 'Evacuation in progress' }).getByRole('button', { name: /^Abort evacuation/ }).first(), 'Abort evacuation'),
    outcome: toastOr401('evacuation.errors.abort'),
  },
  {
    call: 'POST /api/public/v1/projects/{uuid}/evacuation/start',
    screen: '/project/{uuid}: Start evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/projects/${U}/evacuation/start`) },
    open: () => `/project/${PROJECTS.northwind}`,
    act: (page) => confirmInDialog(page, page.getByRole('main').getByRole('button', { name: 'Start evacuation' }), 'Start evacuation'),
    outcome: toastOr401('evacuation.errors.start'),
  },
  {
    call: 'POST /api/public/v1/projects/{uuid}/evacuation/start',
    screen: 'examples/evacuation.html (<vigil-evacuation project>)',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/projects/${U}/evacuation/start`) },
    page: true,
    open: () => '/examples/evacuation.html',
    act: (page) => confirmInDialog(page, page.getByRole('button', { name: 'Start evacuation' }), 'Start evacuation'),
    outcome: (fault) => (fault === '401' ? { signedOutInPlace: true } : { alert: message('evacuation.errors.start') }),
    usable: async (page) => {
      const dialog = page.getByRole('alertdialog');
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      const start = page.getByRole('button', { name: 'Start evacuation' });
      if ((await page.evaluate(() => localStorage.getItem('auth.currentUser'))) !== null) {
        await expect(start).toBeFocused();
        await expect(start).toBeEnabled();
      }
    },
  },
  // --- Project users ----------------------------------------------------------------------------
  {
    call: 'GET /api/v2/projects/{uuid}/users',
    screen: '/projects/{uuid}/users',
    match: { method: 'GET', path: path(`/api/v2/projects/${U}/users`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    outcome: toastOr401('core.errors.loadProjectUsers'),
  },
  {
    call: 'POST /api/v2/projects/{uuid}/users',
    screen: '/projects/{uuid}/users: Add user',
    match: { method: 'POST', path: path(`/api/v2/projects/${U}/users`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    act: async (page) => {
      const form = page.getByRole('form', { name: 'Add a user' });
      if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add user', exact: true }).first().click();
      await form.getByLabel('E-mail', { exact: true }).fill('fault.test@example.com');
      await form.getByLabel('Name', { exact: true }).fill('Fault Test');
      await form.getByRole('checkbox', { name: 'Evacuate', exact: true }).check();
      await form.getByRole('button', { name: 'Add user' }).click();
    },
    outcome: toastOr401('users.errors.add'),
    kept: async (page) => {
      const form = page.getByRole('form', { name: 'Add a user' });
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('fault.test@example.com');
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Fault Test');
      await expect(form.getByRole('checkbox', { name: 'Evacuate', exact: true })).toBeChecked();
    },
  },
  {
    call: 'PATCH /api/v2/projects/{uuid}/users/{userUuid}',
    screen: '/projects/{uuid}/users: Edit',
    match: { method: 'PATCH', path: path(`/api/v2/projects/${U}/users/${U}`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    act: async (page, d) => {
      const form = page.getByRole('form', { name: `Edit ${d.otherUser.name}` });
      if (!(await form.isVisible())) await page.getByRole('button', { name: `Edit ${d.otherUser.name}`, exact: true }).click();
      await form.getByLabel('Name', { exact: true }).fill(`${d.otherUser.name} (renamed)`);
      await form.getByRole('button', { name: 'Save changes' }).click();
    },
    outcome: toastOr401('users.errors.edit'),
    kept: async (page, d) => {
      await expect(page.getByRole('form', { name: `Edit ${d.otherUser.name}` }).getByLabel('Name', { exact: true })).toHaveValue(`${d.otherUser.name} (renamed)`);
    },
  },
  {
    call: 'DELETE /api/v2/projects/{uuid}/users/{userUuid}',
    screen: '/projects/{uuid}/users: Remove, confirm',
    faults: NO_CONTENT,
    match: { method: 'DELETE', path: path(`/api/v2/projects/${U}/users/${U}`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    act: (page, d) => confirmInDialog(page, page.getByRole('button', { name: `Remove ${d.otherUser.name}`, exact: true }), 'Remove user'),
    outcome: toastOr401('users.errors.remove'),
    kept: async (page, d) => {
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: d.otherUser.name })).toHaveCount(1);
    },
  },
  // --- Schedules ----------------------------------------------------------------------------------
  {
    call: 'POST /api/public/v3/projects/{uuid}/update-site-schedules',
    screen: '/site/{uuid}: paint, Save',
    match: { method: 'POST', path: path(`/api/public/v3/projects/${U}/update-site-schedules`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    act: async (page) => {
      const grid = page.getByRole('grid', { name: /^Security hours of / });
      for (const name of ['Wednesday 12:00–12:30', 'Wednesday 12:30–13:00']) {
        const cell = grid.getByRole('gridcell', { name, exact: true });
        if ((await cell.getAttribute('aria-selected')) !== 'true') await cell.click();
      }
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    },
    // A dropped connection says so; any other failure is the save error (SPEC §8 wording).
    outcome: (fault) => (fault === '401' ? { signedOut: true } : { alert: message(fault === 'network' ? 'core.errors.offline' : 'schedules.errors.save') }),
    kept: async (page) => {
      const grid = page.getByRole('grid', { name: /^Security hours of / });
      await expect(grid.getByRole('gridcell', { name: 'Wednesday 12:00–12:30', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(grid.getByRole('gridcell', { name: 'Wednesday 12:30–13:00', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(message('schedules.editor.keptCells'))).toBeVisible();
    },
  },
  // --- The public demo live view (signed out) -------------------------------------------------
  {
    call: 'GET /api/public/v1/demo-live-views/{uuid}',
    screen: '/demo-live-view/{uuid}',
    as: null,
    match: { method: 'GET', path: path(`/api/public/v1/demo-live-views/${U}`) },
    open: () => `/demo-live-view/${DEMO_LIVE_VIEW_UUID}`,
    outcome: () => ({ alert: message('liveView.demo.loadFailed') }),
  },
  {
    call: 'GET /api/public/v1/demo-live-views/{uuid}/media/{camera}',
    retriesOverTime: true,
    screen: '/demo-live-view/{uuid} cameras',
    as: null,
    faults: NO_CONTENT,
    match: { method: 'GET', path: path(`/api/public/v1/demo-live-views/${U}/media/${U}`) },
    open: () => `/demo-live-view/${DEMO_LIVE_VIEW_UUID}`,
    outcome: () => ({ alert: message('core.errors.loadMedia') }),
  },
];

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

for (const row of CALLS) {
  const mode: Mode = row.mode ?? (row.act ? 'retry' : 'nav');
  const faults = faultsOf(row, mode);
  test(`${row.call} — ${row.screen}`, async ({ page, api, signIn, browserProblems }) => {
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
              ? page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/v2/user', { timeout: 20_000 })
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
