// Incident alerts by severity: a critical or high incident is an alarm that names it and
// stays until dismissed, however many calm ones follow; medium and low ones leave on their
// own; a burst becomes one summary; and the portal offers desktop alerts once per account
// on a device. The incidents arrive over the event stream (live-channel.spec.ts).
import type { Page } from '@playwright/test';
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, test } from './fixtures.ts';
import { InboxPage } from './screens/InboxPage.ts';
import { recordStreams } from './support/network.ts';
import { fakeNotifications, permissionPrompts } from './support/notifications.ts';

const MANAGER = 'manager@vigil.test';

/** The toasts of the page's region (alarms are alerts, the rest statuses). */
const region = (page: Page) => page.locator('vigil-toast-region');
const alarms = (page: Page) => region(page).getByRole('alert');
const calm = (page: Page) => region(page).getByRole('status');

/** The portal's inbox, once its event stream is open (what the server pushes reaches it). */
async function openInbox(page: Page): Promise<InboxPage> {
  const streams = recordStreams(page);
  const inbox = await new InboxPage(page).openPortal('/inbox');
  await expect(inbox.rows(inbox.incidentList()).first()).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);
  return inbox;
}

test('a critical incident stays on screen, named and linked, past three low ones that leave on their own, until dismissed', async ({
  page,
  api,
  signIn,
}) => {
  // The page's clock is the test's: "10 s later" is a jump, not a wait.
  await page.clock.install();
  await signIn(MANAGER);
  const inbox = await openInbox(page);
  // The user is choosing a filter: nothing that arrives takes the focus away.
  const reading = inbox.page.getByRole('combobox', { name: 'Severity' });
  await reading.focus();

  const critical = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Glass break at gate 3' });
  const alarm = alarms(page).filter({ hasText: 'Critical incident at Antwerp Port Warehouse: Glass break at gate 3 · ' });
  await expect(alarm).toBeVisible({ timeout: 2_000 });
  await expect(alarm).toContainText(/ · \d{2}:\d\d/);
  await expect(alarm.getByRole('link', { name: 'View incident' })).toHaveAttribute('href', new RegExp(`/inbox/incident/${critical.uuid}$`));
  await expect(alarm.getByRole('button', { name: 'Dismiss notification' })).toBeVisible();

  for (const title of ['Loitering near the fence', 'Gate left open', 'Motion in the car park']) {
    await api.createIncident({ site: SITES.brusselsOffice, severity: 'low', title });
  }
  const lows = calm(page).filter({ hasText: /^Low-severity incident at Brussels Head Office: / });
  await expect(lows).toHaveCount(3, { timeout: 3_000 });
  await expect(alarm).toBeVisible();
  await expect(reading).toBeFocused();
  await expectNoA11yViolations(page);

  // 10 s later: the low ones have left after their 5 s, the alarm is still there.
  await page.clock.runFor(10_000);
  await expect(lows).toHaveCount(0);
  await expect(alarm).toBeVisible();
  await expect(alarm).toHaveCount(1);

  // Reached by keyboard: its link, its Acknowledge, then its close button; Escape dismisses it there.
  await alarm.getByRole('link', { name: 'View incident' }).focus();
  await page.keyboard.press('Tab');
  await expect(alarm.getByRole('button', { name: 'Acknowledge' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(alarm.getByRole('button', { name: 'Dismiss notification' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(alarm).toHaveCount(0);
  await expect(region(page).locator('.v-toast')).toHaveCount(0);
});

test('an alarm is in the danger colours, in both schemes; a calm one in the primary colour', async ({ page, api, signIn }) => {
  await signIn(MANAGER);
  await openInbox(page);
  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'high', title: 'Door forced at the loading bay' });
  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'medium', title: 'Camera view blocked' });
  const alarm = alarms(page).filter({ hasText: 'High-severity incident at Antwerp Port Warehouse: Door forced at the loading bay' });
  const info = calm(page).filter({ hasText: 'Medium-severity incident at Antwerp Port Warehouse: Camera view blocked' });
  await expect(alarm).toBeVisible({ timeout: 2_000 });
  await expect(info).toBeVisible({ timeout: 2_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const colours = (toast: typeof alarm) =>
      toast.evaluate((el) => {
        const probe = document.createElement('div');
        el.append(probe);
        probe.style.color = 'var(--v-danger)';
        const danger = getComputedStyle(probe).color;
        probe.style.color = 'var(--v-primary)';
        const primary = getComputedStyle(probe).color;
        probe.remove();
        return { background: getComputedStyle(el).backgroundColor, danger, primary };
      });
    const a = await colours(alarm);
    expect(a.background).toBe(a.danger);
    expect(a.background).toBe(scheme === 'light' ? 'rgb(198, 40, 40)' : 'rgb(255, 92, 92)');
    const i = await colours(info);
    expect(i.background).toBe(i.primary);
  }
});

test('a burst of incidents becomes one summary naming the worst severity, linking to the inbox', async ({ page, api, signIn }) => {
  await signIn(MANAGER);
  const inbox = await openInbox(page);
  // Hold the inbox's next load until all four exist, so that they arrive together.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/incidents?*', async (route) => {
    await held;
    await route.continue();
  });
  const arrived = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v2/incidents');
  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'low', title: 'Burst one' });
  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'high', title: 'Burst two' });
  await api.createIncident({ site: SITES.brusselsOffice, severity: 'medium', title: 'Burst three' });
  await api.createIncident({ site: SITES.brusselsOffice, severity: 'low', title: 'Burst four' });
  await arrived;
  release();

  const summary = alarms(page).filter({ hasText: '4 new incidents, at least one of high severity' });
  await expect(summary).toBeVisible({ timeout: 3_000 });
  await expect(region(page).locator('.v-toast')).toHaveCount(1);
  await summary.getByRole('link', { name: 'View' }).click();
  await inbox.expectRoute('/inbox');
  await expect(summary).toHaveCount(0);
});

test.describe('on a device the account never signed in on', () => {
  test.use({ desktopAlertOffer: 'due' });

  test('the portal offers desktop alerts once; "Turn on" asks the browser and alerts for critical incidents', async ({
    page,
    api,
    signIn,
  }) => {
    await fakeNotifications(page.context());
    await signIn(MANAGER);
    await new InboxPage(page).openPortal('/');
    const offer = calm(page).filter({ hasText: 'Get desktop alerts for critical and high-severity incidents' });
    // Not over the first screen: the home and its live inbox count are there, the offer is not.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Inbox/ }).first()).toBeVisible();
    await expect(page.locator('vigil-portal .v-card').first()).toBeVisible();
    await expect(offer).toHaveCount(0);
    // The user's first act on the page brings it: once the live channel that makes the
    // offer has started (the first screen can be there before it; an act before then is
    // not waited for, and the next one brings it).
    await expect(async () => {
      await page.keyboard.press('Tab');
      await expect(offer).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(offer.getByRole('button', { name: 'Not now' })).toBeVisible();
    await expectNoA11yViolations(page);
    expect(await permissionPrompts(page)).toBe(0);

    await offer.getByRole('button', { name: 'Turn on' }).click();
    await expect(offer).toHaveCount(0);
    await expect(region(page).getByText('Desktop alerts are on.')).toBeVisible();
    expect(await permissionPrompts(page)).toBe(1);
    const prefs = JSON.parse((await page.evaluate(() => localStorage.getItem('vigil.alerts.manager')))!) as {
      enabled: boolean;
      severities: string[];
    };
    expect(prefs.enabled).toBe(true);
    expect(prefs.severities).toContain('critical');
    await page.getByRole('button', { name: /Morgan Manager/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Alert me about new incidents' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Critical', exact: true })).toBeChecked();

    // Never again on this device: after a reload, an incident's toast comes, the offer does not.
    await page.reload();
    await expect(page.getByRole('button', { name: /Morgan Manager/ })).toBeVisible();
    await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'low', title: 'After the offer' });
    await expect(calm(page).filter({ hasText: 'After the offer' })).toBeVisible({ timeout: 5_000 });
    await expect(offer).toHaveCount(0);
  });

  test('an incident that arrives while the alerts code is still on its way is alerted once it has come', async ({ page, api, signIn }) => {
    // The inbox's live code loads after the first paint. An incident that arrives before it
    // has (here: held until the incident is more than a second old) arrived while the page
    // was open: it must still raise its alarm, not pass for one that was there before.
    await signIn(MANAGER);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/dist\/chunks\/live-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (/[`'"]inbox\.live[`'"]/.test(body)) {
        asked = true;
        await held;
      }
      await route.fulfill({ response, body });
    });
    await new InboxPage(page).openPortal('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => asked).toBe(true);
    const incident = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'high', title: 'While the code was loading' });
    // The page's own clock past the incident's second and the one after it.
    await page.waitForFunction((at) => Date.now() > at + 1_500, Date.parse(incident.occurred_at));
    release();
    await expect(alarms(page).filter({ hasText: 'While the code was loading' })).toBeVisible({ timeout: 5_000 });
  });

  test('an incident that arrives before the user did anything brings the offer with it', async ({ page, api, signIn }) => {
    await fakeNotifications(page.context());
    await signIn(MANAGER);
    await new InboxPage(page).openPortal('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'high', title: 'Before any click' });
    await expect(alarms(page).filter({ hasText: 'Before any click' })).toBeVisible({ timeout: 5_000 });
    await expect(calm(page).filter({ hasText: 'Get desktop alerts for critical and high-severity incidents' })).toBeVisible();
    expect(await permissionPrompts(page)).toBe(0);
  });
});
