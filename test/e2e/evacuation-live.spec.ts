// Evacuation state stays honest over time: an action in one tab or element shows in every
// other within a second (not at the next 5 s poll), and a status that cannot be checked
// says "unconfirmed" with the last confirmed time, keeping an evacuation looking like one.
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { integratorPage } from './support/integrator-page.ts';
import { trackNetwork } from './support/network.ts';

test('a start in one tab shows in the other tab and in every element of the page within 1 s', async ({
  context,
  page,
  signIn,
  baseURL,
}) => {
  await signIn('manager@vigil.test');
  await page.goto(`/site/${SITES.antwerpWarehouse}`); // signs the browser in (localStorage), for both tabs
  const here = new EvacuationBlock(page);
  await expect(here.status()).toContainText('No evacuation in progress');
  const other = await context.newPage();
  await integratorPage(other, baseURL!);
  const otherSite = new EvacuationBlock(other, other.locator('#site-a'));
  const otherProject = new EvacuationBlock(other, other.locator('#project'));
  await expect(otherSite.status()).toContainText('No evacuation in progress');
  await expect(otherProject.status()).toContainText('No evacuation in progress');

  // Measured from the server's answer (the change is made), not from the click, whose path
  // through the dialog is not what this test is about.
  const answered = (tab: typeof page, action: 'start' | 'abort') =>
    tab.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/evacuation/${action}`));
  const started = answered(page, 'start');
  await here.button('Start evacuation').click();
  await here.confirm();
  await started;
  // The tab that did it shows its own answer; within a second of that answer, the other tab's
  // two controls and its bar follow (polling alone would take up to 5 s).
  await expect(otherSite.status()).toContainText('This site is being evacuated.', { timeout: 1_000 });
  await expect(otherProject.siteRow('Antwerp Port Warehouse')).toBeVisible({ timeout: 1_000 });
  await expect(otherSite.bar()).toContainText('Antwerp Port Warehouse (Northwind Logistics)', { timeout: 1_000 });
  await expect(here.status()).toContainText('This site is being evacuated.');

  // And back: an abort in the other tab's project control reaches this tab.
  const aborted = answered(other, 'abort');
  await otherProject.siteAbort('Antwerp Port Warehouse').click();
  await otherProject.confirm();
  await aborted;
  await expect(here.status()).toContainText('No evacuation in progress', { timeout: 1_000 });
  await expect(here.bar()).toBeHidden({ timeout: 1_000 });
  await other.close();
});

test('a status that cannot be checked says unconfirmed, with the last confirmed time, and an evacuation stays one', async ({
  page,
  signIn,
  api,
  browserProblems,
}) => {
  test.setTimeout(60_000);
  browserProblems.allow(/status of 503/);
  browserProblems.allow(/status of 404/);
  // An API without the event stream: the statuses are polled, and the polls fail below.
  await page.route('**/api/v2/events?*', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"errors":[{"message":"Not found"}]}' }),
  );
  const manager = await signIn('manager@vigil.test');
  await api.request.post(`/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
    headers: { Authorization: `Bearer ${manager.token}` },
    data: {},
  });
  await page.goto(`/site/${SITES.brusselsOffice}`);
  const block = new EvacuationBlock(page);
  await expect(block.status()).toContainText('The whole project Northwind Logistics is being evacuated');
  const confirmed = (await block
    .root()
    .getByText(/^Last confirmed at /)
    .textContent())!.replace('Last confirmed at ', '');
  expect(confirmed).toMatch(/^\d{2}:\d\d$/); // hours and minutes, no seconds

  await page.route('**/evacuation/status', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' }),
  );
  // Three poll intervals (15 s) of failures: then it says so.
  await expect(block.status()).toContainText(
    `Unconfirmed: the status could not be checked since ${confirmed}. This is the last confirmed state.`,
    { timeout: 30_000 },
  );
  await expect(block.status()).toContainText('Evacuation in progress');
  await expect(block.status()).toContainText('The whole project Northwind Logistics is being evacuated');
  await expect(block.root()).not.toContainText('No evacuation in progress');
  await expect(block.bar()).toContainText('unconfirmed');
  await expect(block.root().getByRole('button', { name: 'Check again' })).toBeVisible();

  // The server answers again: confirmed, without a reload.
  await page.unroute('**/evacuation/status');
  await block.root().getByRole('button', { name: 'Check again' }).click();
  await expect(block.status()).not.toContainText('Unconfirmed');
  await expect(block.root().getByRole('button', { name: 'Check again' })).toHaveCount(0);
});

test('the bar is announced once when it appears, not again on every poll', async ({ page, signIn, api }) => {
  const manager = await signIn('manager@vigil.test');
  await page.clock.install(); // the polls below run on the test's clock
  await page.goto('/inbox');
  const block = new EvacuationBlock(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(block.bar()).toBeHidden();
  const alert = page
    .locator('vigil-portal')
    .getByRole('alert')
    .filter({ hasText: /Evacuation in progress:/ });

  await api.request.post(`/api/public/v1/sites/${SITES.antwerpWarehouse}/evacuation/start`, {
    headers: { Authorization: `Bearer ${manager.token}` },
    data: {},
  });
  await expect(block.bar()).toContainText('Antwerp Port Warehouse (Northwind Logistics)', { timeout: 8_000 });
  await expect(alert).toHaveText('Evacuation in progress: Antwerp Port Warehouse (Northwind Logistics)');
  // Polls go on (every 5 s); the alert region does not change, so nothing is said again.
  await alert.evaluate((region) => {
    const w = window as unknown as { __alertChanges: number };
    w.__alertChanges = 0;
    new MutationObserver((list) => (w.__alertChanges += list.length)).observe(region, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const net = trackNetwork(page);
  await page.clock.runFor(12_000); // two polls' worth of timers fire at once
  await net.quiet(100); // and what they asked for has come back
  const changes = await page.evaluate(() => (window as unknown as { __alertChanges: number }).__alertChanges);
  expect(changes).toBe(0);
});
