// Evacuation state stays honest over time: an action in one tab or element shows in every
// other within a second (not at the next 5 s poll), and a status that cannot be checked
// says "unconfirmed" with the last confirmed time, keeping an evacuation looking like one.
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { answeredAt, changedAt, liveStreaming, watchInPage } from './support/in-page-times.ts';
import { integratorPage } from './support/integrator-page.ts';
import { trackNetwork } from './support/network.ts';

/** How soon after the server answered an action every other tab and element shows it. */
const WITHIN_MS = 1_000;
const ACTION_ANSWER = /\/evacuation\/(start|abort)$/;
const STARTED = 'This site is being evacuated.';
const CALM = 'No evacuation in progress';
const BAR_ITEM = 'Antwerp Port Warehouse (Northwind Logistics)';

test('a start in one tab shows in the other tab and in every element of the page within 1 s', async ({
  context,
  page,
  signIn,
  baseURL,
}) => {
  // Every time is read in the pages (support/in-page-times.ts): from the server's answer to
  // the action in the tab that sent it to the change on screen in the other one, on the
  // browser's one clock. The test's own round trips to the browser never count, nor does
  // the click's path through the dialog, which is not what this test is about.
  await signIn('manager@vigil.test');
  await watchInPage(
    page,
    [
      { name: 'calm', within: ['vigil-portal'], text: CALM },
      { name: 'bar', within: ['vigil-portal', '[part="bar"]'] },
    ],
    ACTION_ANSWER,
  );
  await page.goto(`/site/${SITES.antwerpWarehouse}`); // signs the browser in (localStorage), for both tabs
  const here = new EvacuationBlock(page);
  await expect(here.status()).toContainText(CALM);
  const other = await context.newPage();
  await watchInPage(
    other,
    [
      { name: 'site', within: ['#site-a'], text: STARTED },
      { name: 'siteRow', within: ['#project', '.evac-sites li'], text: 'Antwerp Port Warehouse' },
      { name: 'bar', within: ['vigil-evacuation-bar', '[part="bar"]'], text: BAR_ITEM },
    ],
    ACTION_ANSWER,
  );
  await integratorPage(other, baseURL!);
  const otherSite = new EvacuationBlock(other, other.locator('#site-a'));
  const otherProject = new EvacuationBlock(other, other.locator('#project'));
  await expect(otherSite.status()).toContainText(CALM);
  await expect(otherProject.status()).toContainText(CALM);
  // The promise holds for tabs that hear the live channel: both do before the action (the
  // other tab's channel comes with a chunk loaded after its first paint).
  await expect.poll(() => liveStreaming(page)).toBe(true);
  await expect.poll(() => liveStreaming(other)).toBe(true);

  await here.button('Start evacuation').click();
  await here.confirm();
  // The tab that did it shows its own answer; the other tab's two controls and its bar follow
  // (polling alone would take up to 5 s).
  await expect(otherSite.status()).toContainText(STARTED);
  await expect(otherProject.siteRow('Antwerp Port Warehouse')).toBeVisible();
  await expect(otherSite.bar()).toContainText(BAR_ITEM);
  await expect(here.status()).toContainText(STARTED);
  const started = (await answeredAt(page, /\/evacuation\/start$/))!;
  expect(started, 'the start was answered').toBeGreaterThan(0);
  for (const name of ['site', 'siteRow', 'bar']) {
    const shown = (await changedAt(other, name, true))!;
    test
      .info()
      .annotations.push({ type: `${name} shown in the other tab (ms after the answer)`, description: String(Math.round(shown - started)) });
    expect(shown - started, `${name} shown in the other tab`).toBeLessThanOrEqual(WITHIN_MS);
  }

  // And back: an abort in the other tab's project control reaches this tab.
  await otherProject.siteAbort('Antwerp Port Warehouse').click();
  await otherProject.confirm();
  await expect(here.status()).toContainText(CALM);
  await expect(here.bar()).toBeHidden();
  const aborted = (await answeredAt(other, /\/evacuation\/abort$/))!;
  expect(aborted, 'the abort was answered').toBeGreaterThan(0);
  for (const [name, shown] of [
    ['calm', true],
    ['bar', false],
  ] as const) {
    const at = (await changedAt(page, name, shown))!;
    test.info().annotations.push({
      type: `${name} ${shown ? 'shown' : 'gone'} in this tab (ms after the answer)`,
      description: String(Math.round(at - aborted)),
    });
    expect(at - aborted, `${name} ${shown ? 'shown' : 'gone'} in this tab`).toBeLessThanOrEqual(WITHIN_MS);
  }
  await other.close();
});

test('a tab that starts listening late still hears of a change made before it listened', async ({
  context,
  page,
  signIn,
  api,
  baseURL,
}) => {
  const manager = await signIn('manager@vigil.test');
  await page.goto(`/site/${SITES.antwerpWarehouse}`); // the leading tab, on the stream
  const here = new EvacuationBlock(page);
  await expect(here.status()).toContainText(CALM);
  await expect.poll(() => liveStreaming(page)).toBe(true);

  // The other tab shows its first answers, but its live code (a chunk loaded after its first
  // paint) is held; then its clock stands still, so no poll (every 5 s) catches up for it.
  const other = await context.newPage();
  await other.clock.install();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await other.route('**/dist/chunks/live-*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('vigil.live.cursor')) await released; // the live channel's own chunk
    await route.fulfill({ response, body });
  });
  await integratorPage(other, baseURL!);
  const otherSite = new EvacuationBlock(other, other.locator('#site-a'));
  await expect(otherSite.status()).toContainText(CALM);
  // Stopped some seconds ahead, whatever the test's round trips took: a poll that falls due
  // on the way reads the calm state from before the start, which is as good as none.
  await other.clock.pauseAt(await other.evaluate(() => Date.now() + 10_000));
  expect(await liveStreaming(other)).toBe(false);

  // Meanwhile the evacuation starts: the stream tells the leading tab, and every tab listening.
  await api.request.post(`/api/public/v1/sites/${SITES.antwerpWarehouse}/evacuation/start`, {
    headers: { Authorization: `Bearer ${manager.token}` },
    data: {},
  });
  await expect(here.status()).toContainText(STARTED);

  // The other tab starts listening: the leading tab tells it what it missed.
  release();
  await expect.poll(() => liveStreaming(other)).toBe(true);
  await expect(otherSite.status()).toContainText(STARTED);
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
  // Three poll intervals (15 s) of failures: then it says so. A run that crosses midnight
  // meanwhile sees the date before the time, which is then yesterday's.
  await expect(block.status()).toContainText(
    new RegExp(
      `Unconfirmed: the status could not be checked since (\\w{3} \\d{1,2}, \\d{4}, )?${confirmed}\\. This is the last confirmed state\\.`,
    ),
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
