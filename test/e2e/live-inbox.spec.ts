// The live inbox: what the server makes while the portal is open shows up on its own —
// rows slide in without moving what the user reads, the count and title go up, a toast
// links to a new incident. These run on the fallback, as against an API without the event
// stream: one tab of the browser polls (live-channel.spec.ts covers the stream).
import type { BrowserContext, Page, Request } from '@playwright/test';
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './screens/InboxPage.ts';
import { trackNetwork } from './support/network.ts';
import { fakeNotifications, notificationsShown, permissionPrompts } from './support/notifications.ts';

// The stream's 404 (an API without it) is logged by the browser as a failed resource.
test.use({ allowedConsoleErrors: /status of 404/ });

const MANAGER = 'manager@vigil.test';
/** The refresh period the tests set (the default is 20 s). */
const INTERVAL = 1000;

/**
 * An API without the event stream (it answers 404), and the fallback's polling period set
 * in every page of the context before its scripts run.
 */
async function fastPolling(context: BrowserContext, interval = INTERVAL): Promise<void> {
  await context.route('**/api/v2/events?*', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"errors":[{"message":"Not found"}]}' }),
  );
  await context.addInitScript((ms) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('vigil.live.intervalMs', String(ms));
  }, interval);
}

/** The polls: the unread count and the newest incidents (not the lists' own page loads). */
const isPoll = (r: Request) => {
  const url = new URL(r.url());
  if (url.pathname === '/api/v2/notifications')
    return url.searchParams.get('filter[unread]') === 'true' && url.searchParams.get('per_page') === '1';
  return url.pathname === '/api/v2/incidents' && url.searchParams.get('per_page') === '50' && !url.searchParams.has('filter[severity]');
};

function recordPolls(page: Page): Request[] {
  const polls: Request[] = [];
  page.on('request', (r) => {
    if (isPoll(r)) polls.push(r);
  });
  return polls;
}

/** The row in the list (by its title) and where it is on screen. */
async function rowTop(page: Page, title: string): Promise<number> {
  const box = await page.getByRole('link', { name: title, exact: false }).first().boundingBox();
  if (!box) throw new Error(`row ${title} not on screen`);
  return box.y;
}

test('a new incident slides in without moving the row being read, and its toast links to it', async ({ page, api, signIn }) => {
  await fastPolling(page.context());
  await signIn(MANAGER);
  const inbox = await new InboxPage(page).openPortal('/inbox');
  const list = inbox.incidentList();
  await expect(inbox.rows(list).first()).toBeVisible();

  // Read further down: scroll the page (the list is part of it) and focus a row there.
  await page.evaluate(() => window.scrollBy(0, 88 * 20));
  // The row by its place in the list (aria-posinset), not by its place among the rendered
  // rows: those change when the list re-renders for the new scroll position.
  const reading = inbox.rows(list).and(page.locator('[aria-posinset="23"]'));
  await expect(reading.locator('.vi-row-title')).toBeVisible();
  const readingTitle = ((await reading.locator('.vi-row-title').textContent()) ?? '').trim();
  await reading.locator('[data-row]').focus();
  const before = await rowTop(page, readingTitle);
  const totalText = page.getByText(/^[\d,]+ incidents$/);
  const total = Number(((await totalText.textContent()) ?? '').replace(/\D/g, ''));

  const made = await api.createIncident({
    site: SITES.antwerpWarehouse,
    severity: 'critical',
    title: 'Glass break detected at live test gate',
  });
  // A critical incident is an alarm (role alert) that names it.
  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'Critical incident at Antwerp Port Warehouse: Glass break detected at live test gate' });
  await expect(toast).toBeVisible({ timeout: 4 * INTERVAL + 2000 });
  await expect(toast.getByRole('link', { name: 'View incident' })).toHaveAttribute('href', new RegExp(`/inbox/incident/${made.uuid}$`));

  // What the user reads stays put, and keeps the focus; a pill offers the new row.
  const pill = page.getByRole('button', { name: '1 new — show' });
  await expect(pill).toBeVisible();
  expect(Math.abs((await rowTop(page, readingTitle)) - before)).toBeLessThan(2);
  await expect(page.getByRole('link', { name: readingTitle }).first()).toBeFocused();
  await expect(totalText).toHaveText(`${(total + 1).toLocaleString('en-US')} incidents`);

  await pill.click();
  await expect(inbox.rows(list).first()).toContainText('Glass break detected at live test gate');
  await expect(inbox.rows(list).first().locator('[data-row]')).toBeFocused();
  await expect(pill).toBeHidden();
  // Back at the very top once the list has scrolled there (a new row arriving while it is
  // still on its way is kept above the rows being read, with the pill, as it should be).
  await expect(inbox.rows(list).first()).toBeInViewport({ ratio: 1 });

  // A second one, read at the top: it just appears; its toast's link opens it in place.
  // (Critical: the list puts the worst open incidents first, so a critical one lands on top.
  // Times are to the second, and two of one second are ordered by their ids, as the server
  // orders them: so the second one is made once the first one's second has passed.)
  await expect.poll(() => Date.now()).toBeGreaterThanOrEqual(Date.parse(made.occurred_at) + 1000);
  const second = await api.createIncident({
    site: SITES.brusselsOffice,
    severity: 'critical',
    title: 'Door forced open at live test door',
  });
  const toast2 = page
    .getByRole('alert')
    .filter({ hasText: 'Critical incident at Brussels Head Office: Door forced open at live test door' });
  await expect(inbox.rows(list).first()).toContainText('Door forced open at live test door', { timeout: 4 * INTERVAL + 2000 });
  await expect(page.getByRole('button', { name: /new — show/ })).toBeHidden();
  await toast2.getByRole('link', { name: 'View incident' }).click();
  await inbox.expectRoute(`/inbox/incident/${second.uuid}`);
  await expect(inbox.heading('Door forced open at live test door')).toBeVisible();
});

test('a new notification raises the badge, the title and the list', async ({ page, api, signIn }) => {
  await fastPolling(page.context());
  await signIn(MANAGER);
  const inbox = await new InboxPage(page).openPortal('/inbox/notifications');
  await expect(inbox.rows(inbox.notificationList()).first()).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+ open · 12 unread\) /);
  const made = await api.createNotification(MANAGER);
  await expect(page).toHaveTitle(/^\(\d+ open · 13 unread\) /, { timeout: 4 * INTERVAL + 2000 });
  await expect(inbox.layout.unreadNotifications()).toHaveText('13');
  await expect(inbox.rows(inbox.notificationList()).first()).toContainText(made.title);
  // Notifications alert through the count only: no incident toast.
  await expect(page.locator('vigil-toast-region').getByText(/incident/i)).toHaveCount(0);
});

test('the first load alerts for nothing that was already there', async ({ page, signIn }) => {
  await fastPolling(page.context());
  await signIn(MANAGER);
  const polls = recordPolls(page);
  await new InboxPage(page).openPortal('/inbox');
  await expect.poll(() => polls.length, { timeout: 5 * INTERVAL }).toBeGreaterThanOrEqual(4);
  await expect(page.locator('vigil-toast-region').getByText(/incident/i)).toHaveCount(0);
});

test('a hidden page makes no requests, and catches up at once when shown', async ({ page, api, signIn }) => {
  // A longer period here, so that catching up "at once" differs from the next regular tick.
  const period = 4000;
  await fastPolling(page.context(), period);
  await page.context().addInitScript(() => {
    const w = window as unknown as { __hidden: boolean };
    w.__hidden = false;
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden });
  });
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      (window as unknown as { __hidden: boolean }).__hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await page.clock.install(); // the quiet time below runs on the test's clock
  await signIn(MANAGER);
  const net = trackNetwork(page);
  const inbox = await new InboxPage(page).openPortal('/inbox');
  await expect(inbox.rows(inbox.incidentList()).first()).toBeVisible();
  // The first load settles (the rows' images too, which a busy machine may ask for late).
  await net.quiet();
  const api_: string[] = [];
  page.on('request', (r) => {
    if (/\/(api|auth)\//.test(new URL(r.url()).pathname)) api_.push(r.url());
  });
  await setHidden(true);
  await net.quiet(100); // a poll already on its way lands
  api_.length = 0;
  await api.createIncident({ email: MANAGER, severity: 'critical' });
  // More than a period passes at once: every poll due in that time would be sent now.
  await page.clock.runFor(period + 2000);
  await page.evaluate(() => null); // its request is out before the page answers this
  expect(api_).toEqual([]);
  const shown = Date.now();
  await setHidden(false);
  await expect.poll(() => api_.length, { timeout: period - 1000 }).toBeGreaterThan(0);
  expect(Date.now() - shown).toBeLessThan(period - 1000);
  await expect(page.getByRole('alert').filter({ hasText: /^Critical incident at .+: / })).toBeVisible();
});

test('two tabs make one set of polls; the other tab takes over when the first closes', async ({ page, context, signIn }) => {
  await fastPolling(context);
  await signIn(MANAGER);
  const first = page;
  const a = recordPolls(first);
  await new InboxPage(first).openPortal('/inbox');
  await expect(first.getByRole('list', { name: 'Incidents, open first, worst first' })).toBeVisible();
  const second = await context.newPage(); // same browser: shares the sign-in (localStorage)
  const b = recordPolls(second);
  await new InboxPage(second).openPortal('/inbox');
  await expect(first.getByRole('list', { name: 'Incidents, open first, worst first' })).toBeVisible();
  await expect(second.getByRole('list', { name: 'Incidents, open first, worst first' })).toBeVisible();
  const unreadPolls = (polls: Request[]) => polls.filter((r) => new URL(r.url()).pathname === '/api/v2/notifications').length;
  // Each tab's session asks for the unread count once as it starts (after the user is
  // confirmed, which may come after the list shows): that is no poll.
  await expect.poll(() => unreadPolls(b), { message: 'the second tab’s session start' }).toBeGreaterThan(0);
  a.length = 0;
  b.length = 0;
  const since = Date.now();
  // Five rounds of polls, from either tab: all of them from one.
  await expect
    .poll(() => unreadPolls(a) + unreadPolls(b), { message: 'five rounds of polls', timeout: 10 * INTERVAL })
    .toBeGreaterThanOrEqual(5);
  const leader = unreadPolls(a) >= unreadPolls(b) ? first : second;
  const [mine, theirs] = leader === first ? [a, b] : [b, a];
  // The other tab polls nothing. It may load the newest incidents once, when the leader's
  // first poll (which has nothing to compare with yet) tells it they may have changed.
  expect(unreadPolls(theirs)).toBe(0);
  expect(theirs.length).toBeLessThanOrEqual(1);
  // One unread poll and one incidents poll per interval, never faster.
  expect(Date.now() - since).toBeGreaterThanOrEqual(4 * INTERVAL - 200);
  expect(Math.abs(unreadPolls(mine) - (mine.length - unreadPolls(mine)))).toBeLessThanOrEqual(1);

  const follower = leader === first ? second : first;
  await leader.close();
  await expect.poll(() => theirs.length, { timeout: 4 * INTERVAL }).toBeGreaterThan(0);
  await expect(follower.getByRole('list', { name: 'Incidents, open first, worst first' })).toBeVisible();
});

test('an integrator page gets vigil-incident-received from the inbox and vigil-unread-changed from the badges', async ({
  page,
  api,
  signIn,
}) => {
  await fastPolling(page.context());
  await signIn(MANAGER);
  const inbox = await new InboxPage(page).open();
  await expect(inbox.badges().first()).toHaveText('12');
  const incident = await api.createIncident({ site: SITES.ghentDistribution, severity: 'medium' });
  await api.createNotification(MANAGER);
  await expect(inbox.badges().first()).toHaveText('13', { timeout: 4 * INTERVAL + 2000 });
  await expect(inbox.badges().nth(1)).toHaveText('13');
  const received = inbox.events('vigil-incident-received');
  await expect(received).toHaveCount(1);
  await expect(received.first()).toContainText('from <vigil-inbox>');
  const detail = JSON.parse(((await received.first().textContent()) ?? '').replace(/^[^{]+/, '')) as Record<string, unknown>;
  expect(detail).toEqual({
    uuid: incident.uuid,
    title: incident.title,
    severity: 'medium',
    site: incident.site,
    occurred_at: incident.occurred_at,
  });
  // Each element that shows the count tells: two badges and the inbox (its tab shows it).
  const changed = inbox.events('vigil-unread-changed').filter({ hasText: '{"count":13,"previous":12}' });
  await expect(changed).toHaveCount(3);
  await expect(changed.filter({ hasText: '<vigil-unread-badge#badge-top> {"count":13,"previous":12}' })).toHaveCount(1);
  await expect(changed.filter({ hasText: '<vigil-unread-badge#badge-side>' })).toHaveCount(1);
  await expect(changed.filter({ hasText: '<vigil-inbox>' })).toHaveCount(1);
  // The toast names the incident's severity, site and title; a medium one is calm (a status).
  await expect(
    page.getByRole('status').filter({ hasText: `Medium-severity incident at Ghent Distribution Centre: ${incident.title} · ` }),
  ).toBeVisible();
});

test('desktop notifications: asked for only from the user menu, per account, for the chosen severities', async ({ page, api, signIn }) => {
  await fastPolling(page.context());
  await fakeNotifications(page.context());
  await signIn(MANAGER);
  const polls = recordPolls(page);
  await new InboxPage(page).openPortal('/');
  // Three rounds of polls (each may alert) and still no prompt.
  await expect.poll(() => polls.length, { message: 'three rounds of polls', timeout: 10 * INTERVAL }).toBeGreaterThanOrEqual(6);
  expect(await permissionPrompts(page)).toBe(0);

  await page.getByRole('button', { name: /Morgan Manager/ }).click();
  await page.getByRole('checkbox', { name: 'Alert me about new incidents' }).check();
  await expect(page.getByRole('checkbox', { name: 'Critical', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Low', exact: true })).not.toBeChecked();
  expect(await permissionPrompts(page)).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('vigil.alerts.manager'))).toBe('{"enabled":true,"severities":["high","critical"]}');

  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'low', title: 'Loitering detected near live test fence' });
  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Glass break detected at live test window' });
  await expect(page.getByRole('alert').filter({ hasText: 'Critical incident at Antwerp Port Warehouse' })).toBeVisible({
    timeout: 4 * INTERVAL + 2000,
  });
  const shown = await notificationsShown(page);
  expect(shown).toEqual([{ title: 'Critical incident at Antwerp Port Warehouse', body: 'Glass break detected at live test window' }]);
});
