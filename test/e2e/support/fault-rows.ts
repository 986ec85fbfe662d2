/**
 * The fault-injection table's vocabulary (test/e2e/support/fault-tests.ts): what a row says about
 * one API call — where it is made, how each fault is provoked, what the user must see —
 * and the small helpers rows share. The rows themselves are in fault-calls-*.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { type DemoApi, expect } from '../fixtures.ts';
import { type CallMatcher, describeOutcome, type Fault, FAULT_KINDS, INJECTED_MESSAGE, message, type Outcome } from './faults.ts';

/** The account the table signs in with unless a row says otherwise. */
export const MANAGER = 'manager@vigil.test';

/** Uuids a row needs, looked up through the API with the manager's token. */
export interface Data {
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
export async function authed<T = unknown>(api: DemoApi, token: string, method: string, url: string): Promise<T> {
  const res = await api.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

export interface Row {
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

export type Mode = 'boot' | 'nav' | 'retry';

/** Answers with nothing required in them (`{ data? }`): a body "missing fields" is still valid. */
export const NO_CONTENT: Fault[] = FAULT_KINDS.filter((f) => f !== 'bad-shape');

/**
 * The faults of a row. A user action is retried in place, so it meets every fault. A call
 * made when a screen opens costs a page load or navigation per fault, so where two faults
 * reach the screen as the same error it meets the stricter one:
 * - of the two malformed answers, the one missing required fields: `request()` turns it and
 *   a body that is not JSON into the same malformed error (src/core/api/client.test.ts);
 * - of the two 500s, the one with an errors body, when the row expects the same outcome for
 *   both: the screen gets the same error (kind, status) with the server's message in it
 *   instead of the generic one (a 500 without a body gets the generic message, also
 *   client.test.ts), so showing the expected text there proves the screen shows its own
 *   text for both, where a 500 without a body would pass a screen that shows the server's.
 */
export function faultsOf(row: Row, mode: Mode): Fault[] {
  const all = row.faults ?? FAULT_KINDS;
  if (mode === 'retry') return all;
  const same = (a: Fault, b: Fault) => describeOutcome(row.outcome(a)) === describeOutcome(row.outcome(b));
  return all.filter(
    (f) => !(f === 'not-json' && all.includes('bad-shape')) && !(f === '500' && all.includes('500-errors') && same('500', '500-errors')),
  );
}

export const path = (re: string) => new RegExp(`^${re}$`);

export const U = '[^/]+';

/**
 * A 401 on a call made with the token signs out (the server refused the token; docs/product.md#session
 * names validation and the JWT, and the portal applies it to every call but the terms).
 */
export const signedOutOn401 =
  (other: (fault: Fault) => Outcome) =>
  (fault: Fault): Outcome =>
    fault === '401' ? { signedOut: true } : other(fault);

/** The docs/product.md#errors toast for any failure; a 401 signs out. */
export const toastOr401 = (key: string) => signedOutOn401(() => ({ alert: message(key) }));

/** A form's alert: the server's message when it sent one, else the generic text. */
export const formAlert = (fault: Fault): Outcome => ({
  alert: fault === '500-errors' ? INJECTED_MESSAGE : fault === '401' ? 'Unauthenticated.' : message('core.errors.generic'),
});

export const evacuate = (scope: 'projects' | 'sites', uuid: string, action: 'start' | 'abort') => async (api: DemoApi, token: string) => {
  await authed(api, token, 'POST', `/api/public/v1/${scope}/${uuid}/evacuation/${action}`);
};

/** Confirms in the open dialog, opening it with `opener` first unless it is open (a retry after a failure). */
export async function confirmInDialog(page: Page, opener: Locator, confirm: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  if (!(await dialog.isVisible())) await opener.click();
  const button = dialog.getByRole('button', { name: confirm, exact: true });
  await button.waitFor();
  // A start asks "drill or real?" with nothing chosen: answer real (once; a retry keeps it).
  const real = dialog.getByRole('radio', { name: /^Real evacuation/ });
  if ((await real.count()) && !(await real.isChecked())) await real.check();
  // A tall dialog scrolls: the confirm arms once it has been in view for a moment.
  await button.scrollIntoViewIfNeeded();
  await button.click();
}

/** Fills the login-like field if it is empty. */
export async function fill(page: Page, label: string | RegExp, value: string): Promise<void> {
  const field = page.getByRole('main').getByLabel(label, { exact: typeof label === 'string' });
  if (!(await field.inputValue())) await field.fill(value);
}
