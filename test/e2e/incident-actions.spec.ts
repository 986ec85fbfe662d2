// Closing the loop on an incident, with two colleagues of one project in two browsers: the
// manager acknowledges on the incident's page and the viewer's open page of it says so within
// 2 s; a comment appears on both timelines; handling it lowers both Inbox pills. Each browser
// holds its own event stream, so nothing here is one tab telling another.
import type { Browser, Page } from '@playwright/test';
import { SITES } from '../../demo/server/seed-ids.ts';
import { USERS_SEED } from '../../demo/server/seed-data/places.ts';
import { DemoApi, expect, expectNoA11yViolations, markAlertOfferMade, test, USER_STORAGE_KEY } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { recordStreams } from './support/network.ts';

const MANAGER = 'manager@vigil.test'; // Morgan Manager, every permission on Northwind
const VIEWER = 'viewer@vigil.test'; // Vic Viewer, 'view' and 'evacuate' on Northwind
const LIVE = { timeout: 2_000 };

/** A second browser (its own storage, its own stream) signed in as `email`. */
async function colleague(browser: Browser, api: DemoApi, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(
    markAlertOfferMade,
    USERS_SEED.map((u) => u.username),
  );
  const user = await api.login(email);
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: USER_STORAGE_KEY, value: JSON.stringify(user) });
  return context.newPage();
}

test('two colleagues: an acknowledgement, a comment and the handling reach the other’s open page live', async ({
  page,
  browser,
  api,
  signIn,
  baseURL,
}) => {
  const incident = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'medium', title: 'Loop test: door held open' });
  const open = await api.openIncidents(MANAGER);
  const openForViewer = await api.openIncidents(VIEWER);

  await signIn(MANAGER);
  await page.goto(portalPath(`/inbox/incident/${incident.uuid}`));
  const other = await colleague(browser, api, baseURL!, VIEWER);
  await other.goto(portalPath(`/inbox/incident/${incident.uuid}`));
  for (const p of [page, other]) {
    await expect(p.getByRole('heading', { level: 1 })).toHaveText(incident.title);
    await expect(p.getByText('Open — nobody has acknowledged it yet')).toBeVisible();
  }
  const [mine, theirs] = [new PortalLayout(page), new PortalLayout(other)];
  await expect(mine.openIncidents()).toHaveAccessibleName(`${open} open incidents`);
  await expect(theirs.openIncidents()).toHaveAccessibleName(`${openForViewer} open incidents`);

  // The manager acknowledges: "I'm on it", on both pages.
  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(page.getByText(/^Acknowledged by Morgan Manager · \S/)).toBeVisible();
  await expect(other.getByText(/^Acknowledged by Morgan Manager · \S/)).toBeVisible(LIVE);
  await expect(other.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0);
  for (const p of [page, other]) await expect(p.getByRole('listitem').filter({ hasText: 'Acknowledged by Morgan Manager' })).toBeVisible();

  // The viewer comments (plain text, never markup): on both timelines.
  const comment = 'That was our cleaner <b>Tuesday</b>';
  const box = other.getByRole('textbox', { name: 'Add a comment' });
  await box.fill(comment);
  await expect(other.getByText(`${comment.length} / 1,000`)).toBeVisible();
  await other.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(box).toHaveValue('');
  for (const p of [other, page]) {
    const entry = p.getByRole('listitem').filter({ hasText: 'Vic Viewer commented' });
    await expect(entry).toContainText(comment, LIVE);
    await expect(entry.locator('b')).toHaveCount(0);
  }

  await expectNoA11yViolations(page);

  // The viewer handles it: the outcome on both pages, one open incident less in both pills.
  await other.getByRole('button', { name: 'Handle…' }).click();
  const dialog = other.getByRole('alertdialog', { name: 'Handle this incident' });
  await dialog.getByRole('radio', { name: 'Known person' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Cleaner on the Tuesday shift');
  await dialog.getByRole('button', { name: 'Handle incident' }).click();
  await expect(dialog).toHaveCount(0);
  for (const p of [other, page]) {
    await expect(p.getByText('Handled by Vic Viewer · Known person', { exact: true }).first()).toBeVisible(LIVE);
    await expect(p.getByRole('listitem').filter({ hasText: 'Handled by Vic Viewer · Known person' })).toContainText(
      'Cleaner on the Tuesday shift',
    );
    await expect(p.getByRole('button', { name: 'Handle…' })).toHaveCount(0);
  }
  await expect(theirs.openIncidents()).toHaveAccessibleName(`${openForViewer - 1} open incidents`, LIVE);
  await expect(mine.openIncidents()).toHaveAccessibleName(`${open - 1} open incidents`, LIVE);
  expect(await api.openIncidents(MANAGER)).toBe(open - 1);
  await other.context().close();
});

test('an open row’s Acknowledge works by keyboard and keeps the reader in the list', async ({ page, api, signIn }) => {
  const incident = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'low', title: 'Loop test: row acknowledge' });
  await signIn(MANAGER);
  await page.goto(portalPath(`/inbox?site=${SITES.antwerpWarehouse}`));
  const row = page.getByRole('link', { name: new RegExp(incident.title) });
  await expect(row).toBeVisible();
  await row.focus();
  await page.keyboard.press('Tab');
  const ack = page.getByRole('button', { name: `Acknowledge “${incident.title}”` });
  await expect(ack).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ack).toHaveCount(0);
  await expect(row).toBeFocused();
  await expect(row).toContainText('Acknowledged');
  await expectNoA11yViolations(page);
});

test('“Acknowledge” on a critical alarm’s toast acknowledges it for the project and says so', async ({ page, api, signIn }) => {
  await signIn(MANAGER);
  const streams = recordStreams(page);
  await page.goto(portalPath('/'));
  await expect.poll(() => streams.length).toBe(1);
  const critical = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Loop test: glass break' });
  const region = page.locator('vigil-toast-region');
  const alarm = region.getByRole('alert').filter({ hasText: 'Critical incident at Antwerp Port Warehouse: Loop test: glass break' });
  await expect(alarm).toBeVisible(LIVE);
  await alarm.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(alarm).toHaveCount(0);
  await expect(region.getByText('Acknowledged: Loop test: glass break.', { exact: false })).toBeVisible();
  // The server has it: acknowledged by the manager, still open.
  const user = await api.login(MANAGER);
  const res = await page.request.get(`/api/v2/incidents/${critical.uuid}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect((await res.json()).data).toMatchObject({ acknowledged_by: 'Morgan Manager', handled_by: null });
});
