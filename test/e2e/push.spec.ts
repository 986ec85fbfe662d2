// The installable portal and Web Push in Chromium: the service worker controls the portal
// under the strict CSP, a push delivered through the DevTools protocol becomes a
// notification, and the device's alert settings save and survive a reload. Chromium's own
// push service is out of reach here, so a stand-in for `PushManager` hands out a
// subscription whose endpoint is a loopback URL (accepted by the demo server only with its
// test hooks on); the server's delivery itself is demo/server/push.test.ts's.
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { SITES } from '../../demo/server/seed-ids.ts';
import { CHROMIUM_ARGS, requireChromium } from '../../scripts/chromium.mjs';
import { expect, test } from './fixtures.ts';
import { PortalLayout } from './screens/PortalLayout.ts';

const MANAGER = 'manager@vigil.test';

// The full browser: the headless shell the other suites use shows no notifications.
test.use({ dbReset: 'file', launchOptions: { executablePath: requireChromium(), args: [...CHROMIUM_ARGS] } });

/** Waits until the portal's service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toMatch(/\/sw\.js$/);
}

/** The registration id DevTools knows the portal's worker by. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted && new URL(r.scopeURL).pathname === '/',
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The titles of the notifications the portal's worker shows. */
const shownTitles = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, data: n.data })),
  );

test('the service worker controls the portal, and a pushed incident becomes a notification with its title', async ({
  page,
  context,
  api,
  signIn,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await signIn(MANAGER);
  await page.goto('/');
  await controlled(page);
  // The worker came through the page's one Trusted Types policy: the guard of fixtures.ts
  // fails the test on any CSP report.

  const incident = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Door forced open at gate 7' });
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp);
  // A portal tab in front shows the incident itself (an in-page toast), so the worker shows
  // nothing then. Another tab comes to the front, with real focus instead of Playwright's
  // emulation (which keeps every tab focused).
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const other = await context.newPage();
  await other.goto('about:blank');
  await other.bringToFront();
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: id,
    data: JSON.stringify({
      kind: 'incident',
      title: incident.title,
      body: 'Critical · Antwerp Port Warehouse',
      url: `/inbox/incident/${incident.uuid}`,
      tag: `vigil-incident-${incident.uuid}`,
      severity: 'critical',
      incident: incident.uuid,
      renotify: true,
      open: 3,
    }),
  });
  await expect.poll(() => shownTitles(page).then((list) => list.map((n) => n.title))).toContain('Door forced open at gate 7');
  const [shown] = (await shownTitles(page)).filter((n) => n.title === 'Door forced open at gate 7');
  expect(shown!.data).toMatchObject({ url: `${origin}/inbox/incident/${incident.uuid}`, incident: incident.uuid });
  await other.close();
});

/** Stands in for the browser's push service: `subscribe` hands out a loopback subscription, kept across reloads. */
async function fakePushService(context: BrowserContext, origin: string): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `${origin}/__push-stand-in/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await context.addInitScript((json: string) => {
    const KEY = '__vigil_e2e_push_subscription';
    const made = () => {
      const value = JSON.parse(json) as { endpoint: string };
      return { endpoint: value.endpoint, toJSON: () => JSON.parse(json), unsubscribe: async () => (localStorage.removeItem(KEY), true) };
    };
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? made() : null) as unknown as PushSubscription | null;
    };
  }, JSON.stringify(subscription));
}

test('the device’s alert settings save and survive a reload', async ({ page, context, signIn, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await fakePushService(context, origin.replace('localhost', '127.0.0.1'));
  await signIn(MANAGER);
  await page.goto('/');
  await controlled(page);
  const layout = new PortalLayout(page);
  await layout.userMenu().click();
  const group = page.getByRole('group', { name: 'Alerts on this device' });
  const enable = group.getByRole('checkbox', { name: 'Alert this device even when Vigil is closed' });
  await expect(enable).not.toBeChecked();
  await enable.click();
  await expect(enable).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Every evacuation start and end (always on)' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Every evacuation start and end (always on)' })).toBeDisabled();
  const saved = page.waitForResponse((r) => r.url().includes('/api/v2/push/subscriptions/') && r.request().method() === 'PATCH');
  await group.getByRole('checkbox', { name: 'Low' }).check();
  expect((await saved).status()).toBe(200);
  const offline = page.waitForResponse((r) => r.url().includes('/api/v2/push/subscriptions/') && r.request().method() === 'PATCH');
  await group.getByRole('checkbox', { name: 'A system going offline' }).check();
  expect((await offline).status()).toBe(200);

  // Only some sites: the list is folded under its summary.
  await group.getByText('Incidents at these sites (all)').click();
  const site = page.waitForResponse((r) => r.url().includes('/api/v2/push/subscriptions/') && r.request().method() === 'PATCH');
  await group.getByRole('checkbox', { name: /^Antwerp Port Warehouse/ }).uncheck();
  expect((await site).status()).toBe(200);

  await page.reload();
  await layout.userMenu().click();
  await expect(enable).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Low' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Medium' })).not.toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Critical' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'A system going offline' })).toBeChecked();
  await expect(group.getByText('Incidents at these sites (4/5)')).toBeVisible();
  await expect(group.getByRole('button', { name: 'Send a test notification' })).toBeEnabled();
});
