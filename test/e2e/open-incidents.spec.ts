// The open incidents: those the control room has not handled yet, counted apart from the
// unread notifications. The portal's Inbox pill shows them in red ("N open incidents") and the
// title leads with them; an integrator's <vigil-unread-badge count="open-incidents"> shows the
// same count. The server pushes what changes over its event stream (no polling period is set
// here: the fallback's would be 20 s), so the count follows within 2 s of an incident made on
// the server and of one the control room handles.
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { recordStreams } from './support/network.ts';

const MANAGER = 'manager@vigil.test';
/** The seed gives every inbox account 12 unread notifications. */
const UNREAD = '12 unread notifications';

test('the Inbox pill counts open incidents in red, apart from unread notifications, and follows the server within 2 s', async ({
  page,
  api,
  signIn,
}) => {
  await signIn(MANAGER);
  const streams = recordStreams(page);
  await page.goto('/');
  const layout = new PortalLayout(page);
  const open = await api.openIncidents(MANAGER);
  expect(open).toBeGreaterThan(1);

  await expect(layout.openIncidents()).toHaveAccessibleName(`${open} open incidents`);
  await expect(layout.openIncidents()).toHaveText(String(open));
  await expect(layout.openIncidents()).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await expect(layout.unreadNotifications()).toHaveAccessibleName(UNREAD);
  await expect(layout.unreadNotifications()).toHaveCSS('background-color', 'rgb(85, 96, 111)'); // neutral, not green
  await expect(layout.inboxPill()).toHaveAccessibleName(`Inbox ${open} open incidents ${UNREAD}`);
  await expect(page).toHaveTitle(`(${open} open · 12 unread) Projects | Vigil`);
  await expect.poll(() => streams.length).toBe(1);

  // Another customer's incident is not counted; one of the manager's is, within 2 s.
  await api.createIncident({ site: SITES.brooklynStore, title: 'Hudson: not the manager’s' });
  const made = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'high', title: 'Open count test: gate forced' });
  await expect(layout.openIncidents()).toHaveAccessibleName(`${open + 1} open incidents`, { timeout: 2_000 });
  await expect(page).toHaveTitle(`(${open + 1} open · 12 unread) Projects | Vigil`);
  await expect(layout.unreadNotifications()).toHaveAccessibleName(UNREAD);

  // The control room handles it: down again within 2 s; the unread count never moved.
  expect(await api.handleIncident(made.uuid)).toMatchObject({ uuid: made.uuid, changed: true });
  await expect(layout.openIncidents()).toHaveAccessibleName(`${open} open incidents`, { timeout: 2_000 });
  await expect(page).toHaveTitle(`(${open} open · 12 unread) Projects | Vigil`);
  await expect(layout.unreadNotifications()).toHaveAccessibleName(UNREAD);
  expect(streams).toHaveLength(1);
});

test('an integrator page: <vigil-unread-badge count="open-incidents"> follows the same count, the default badge the notifications', async ({
  page,
  api,
  baseURL,
  signIn,
}) => {
  await signIn(MANAGER);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator</title>
<script type="module" src="/dist/vigil.js"></script></head><body><main><h1>Integrator</h1>
<p>Open: <vigil-unread-badge id="open" count="open-incidents"></vigil-unread-badge></p>
<p>Unread: <vigil-unread-badge id="unread"></vigil-unread-badge></p>
<p>Typo: <vigil-unread-badge id="typo" count="incidents"></vigil-unread-badge></p></main></body></html>`;
  await page.route(`${baseURL}/e2e/badges.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto('/e2e/badges.html');
  const open = await api.openIncidents(MANAGER);
  const badge = page.locator('#open').getByRole('status');
  await expect(badge).toHaveAccessibleName(`${open} open incidents`);
  // The page listens from now on (the first count's event, previous null, went before).
  await page.evaluate(() => {
    const seen: unknown[] = ((window as unknown as { __openChanged: unknown[] }).__openChanged = []);
    document.addEventListener('vigil-open-incidents-changed', (e) => seen.push((e as CustomEvent).detail));
  });
  await expect(badge).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await expect(page.locator('#unread').getByRole('status')).toHaveAccessibleName(UNREAD);
  await expect(page.locator('#typo').getByRole('alert')).toHaveText('The “count” attribute has an invalid value: “incidents”.');

  const made = await api.createIncident({ site: SITES.ghentDistribution, title: 'Open count test: fence' });
  await expect(badge).toHaveAccessibleName(`${open + 1} open incidents`, { timeout: 2_000 });
  await api.handleIncident(made.uuid);
  await expect(badge).toHaveAccessibleName(`${open} open incidents`, { timeout: 2_000 });
  await expect(page.locator('#unread').getByRole('status')).toHaveAccessibleName(UNREAD);
  expect(await page.evaluate(() => (window as unknown as { __openChanged: unknown[] }).__openChanged)).toEqual([
    { count: open + 1, previous: open },
    { count: open, previous: open + 1 },
  ]);
});
