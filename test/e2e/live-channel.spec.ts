// The live channel: the server tells the open pages first. One event stream per browser,
// however many tabs and elements; what another user does, or what the server makes, shows
// within a second or two (no polling period is set here: the fallback's would be 20 s);
// when the connection is lost the pages say so calmly, and what happened meanwhile arrives
// once it is back.
import type { Browser, BrowserContext } from '@playwright/test';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, markAlertOfferMade, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { InboxPage } from './screens/InboxPage.ts';
import type { DemoApi } from './support/demo-api.ts';
import { integratorPage } from './support/integrator-page.ts';
import { recordStreams } from './support/network.ts';

const USER_KEY = 'auth.currentUser';

/**
 * Another browser (its own storage, locks and channel), signed in as `email` on a device it
 * was offered desktop alerts on before (fixtures.ts, `desktopAlertOffer`).
 */
async function otherBrowser(browser: Browser, api: DemoApi, baseURL: string, email: string): Promise<BrowserContext> {
  const user = await api.login(email);
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(markAlertOfferMade, [user.username]);
  await context.addInitScript(
    ({ key, value }) => {
      if (!sessionStorage.getItem('__seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('__seeded', '1');
      }
    },
    { key: USER_KEY, value: JSON.stringify(user) },
  );
  return context;
}

test('another user starts an evacuation: my project page and my <vigil-evacuation> show it within 2 s, over one stream', async ({
  browser,
  page,
  api,
  signIn,
  baseURL,
}) => {
  // Me: the viewer, with the project page in one tab and an integrator page in another.
  await signIn('viewer@vigil.test');
  const streams = recordStreams(page);
  await page.goto(`/project/${PROJECTS.northwind}`);
  const mine = new EvacuationBlock(page);
  await expect(mine.status()).toContainText('No evacuation in progress');
  const second = await page.context().newPage();
  const streams2 = recordStreams(second);
  await integratorPage(second, baseURL!);
  const element = new EvacuationBlock(second, second.locator('#site-a'));
  await expect(element.status()).toContainText('No evacuation in progress');
  await expect.poll(() => streams.length + streams2.length).toBe(1); // one stream for the browser

  // My colleague, in a browser of their own, starts the evacuation of a site.
  const colleague = await otherBrowser(browser, api, baseURL!, 'manager@vigil.test');
  const theirs = await colleague.newPage();
  await theirs.goto(`/site/${SITES.antwerpWarehouse}`);
  const block = new EvacuationBlock(theirs);
  await expect(block.status()).toContainText('No evacuation in progress');
  await block.button('Start evacuation').click();
  await block.confirm();
  await expect(block.status()).toContainText('This site is being evacuated.');

  await expect(mine.siteRow('Antwerp Port Warehouse')).toBeVisible({ timeout: 2_000 });
  await expect(mine.bar()).toContainText('Antwerp Port Warehouse', { timeout: 2_000 });
  await expect(element.status()).toContainText('This site is being evacuated.', { timeout: 2_000 });
  await expect(element.status()).toContainText('Morgan Manager');

  // And the abort, the same way back.
  await block.button(/^End evacuation/).click();
  await block.confirm();
  await expect(mine.bar()).toBeHidden({ timeout: 2_000 });
  await expect(element.status()).toContainText('No evacuation in progress', { timeout: 2_000 });
  expect(streams.length + streams2.length).toBe(1);
  await colleague.close();
});

test('an incident made on the server appears with its toast within 2 s', async ({ page, api, signIn }) => {
  await signIn('manager@vigil.test');
  const streams = recordStreams(page);
  const inbox = await new InboxPage(page).openPortal('/inbox');
  const list = inbox.incidentList();
  await expect(inbox.rows(list).first()).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);
  const made = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Live channel test breach' });
  const toast = page.getByRole('alert').filter({ hasText: 'Critical incident at Antwerp Port Warehouse: Live channel test breach' });
  await expect(toast).toBeVisible({ timeout: 2_000 });
  await expect(inbox.rows(list).filter({ hasText: 'Live channel test breach' })).toBeVisible({ timeout: 2_000 });
  await expect(toast.getByRole('link', { name: 'View incident' })).toHaveAttribute('href', new RegExp(`/inbox/incident/${made.uuid}$`));
});

test('a system going offline shows on its page within 2 s', async ({ page, api, signIn }) => {
  await signIn('manager@vigil.test');
  const streams = recordStreams(page);
  await page.goto(`/system/${SYSTEMS.antwerpDocks}`);
  // Said with since when: the system's answer, loaded again, names the moment it went offline.
  const note = page.getByText(/^Offline since \d\d:\d\d .*\. Camera images may be missing or out of date\.$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);
  await expect(note).toHaveCount(0);
  await api.call('POST', '/__test/system', { system: SYSTEMS.antwerpDocks, online: false });
  await expect(note).toBeVisible({ timeout: 2_000 });
  await api.call('POST', '/__test/system', { system: SYSTEMS.antwerpDocks, online: true });
  await expect(note).toBeHidden({ timeout: 2_000 });
});

test('the connection lost: the page says live updates are paused, and what happened meanwhile arrives when it is back', async ({
  page,
  api,
  signIn,
  browserProblems,
}) => {
  browserProblems.allow(/ERR_FAILED|ERR_INTERNET_DISCONNECTED|net::|Failed to load resource/);
  // The page's clock is the test's: the 15 s without news before the notice and the
  // reconnection back-off are jumps, not waits. Each check that fails moves it 1 s on.
  await page.clock.install();
  const after = async (check: () => Promise<boolean>, message: string) =>
    expect
      .poll(async () => (await check()) || (await page.clock.fastForward(1000), false), { message, intervals: [100], timeout: 20_000 })
      .toBe(true);
  await signIn('manager@vigil.test');
  const streams = recordStreams(page);
  const inbox = await new InboxPage(page).openPortal('/inbox');
  await expect(inbox.rows(inbox.incidentList()).first()).toBeVisible();
  await expect.poll(() => streams.length).toBe(1);
  const notice = page.locator('vigil-portal').getByRole('status').filter({ hasText: 'Live updates paused — reconnecting…' });
  await expect(notice).toHaveCount(0);

  // The server goes away for this browser: every call fails, and the open stream ends.
  await page.context().route(/\/(api|auth)\//, (route) => route.abort('internetdisconnected'));
  await api.call('POST', '/__test/events/drop');
  await after(() => notice.isVisible(), 'the paused notice');
  await expect(notice).toContainText(/Last confirmed at \d{1,2}:\d\d/);

  // Meanwhile, on the server: an incident (critical, so that the list, open first and worst
  // first, shows it on top rather than below the open critical ones).
  await api.createIncident({ site: SITES.brusselsOffice, severity: 'critical', title: 'Made while the browser was away' });

  // Back: the stream picks up where it stopped, the notice goes, and the incident arrives.
  await page.context().unrouteAll({ behavior: 'ignoreErrors' });
  const toast = page.getByRole('alert').filter({ hasText: 'Critical incident at Brussels Head Office: Made while the browser was away' });
  await after(() => toast.isVisible(), 'the incident’s toast');
  await expect(notice).toBeHidden();
  await expect(inbox.rows(inbox.incidentList()).filter({ hasText: 'Made while the browser was away' })).toBeVisible();
});

test('the tab that holds the stream closes: another takes over where it stopped', async ({ page, api, signIn }) => {
  await signIn('manager@vigil.test');
  const first = page;
  const a = recordStreams(first);
  await new InboxPage(first).openPortal('/inbox');
  await expect.poll(() => a.length).toBe(1);
  const second = await first.context().newPage(); // same browser: shares the sign-in
  const b = recordStreams(second);
  const inbox = await new InboxPage(second).openPortal('/inbox');
  await expect(inbox.rows(inbox.incidentList()).first()).toBeVisible();
  expect(b).toHaveLength(0); // the first tab's stream serves both

  // An incident reaches the second tab through the first one's stream (critical ones: the
  // list, open first and worst first, puts them on top, where its rows are on screen).
  await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Heard through the other tab' });
  // (By its title, not as the first row: incidents of the same second may come in either order.)
  const row = (title: string) => inbox.rows(inbox.incidentList()).filter({ hasText: title });
  // Nothing else brings it (a tab that does not hold the stream does not poll): 5 s leaves room
  // for a loaded machine; the channel's speed is measured by the live bench, not here.
  await expect(row('Heard through the other tab')).toBeVisible({ timeout: 5_000 });

  // The first tab closes; the second opens the stream, resuming from the cursor left behind.
  await first.close();
  await expect.poll(() => b.length).toBe(1);
  expect(new URL(b[0]!.url()).searchParams.get('last_event_id')).toMatch(/^\d+$/);
  await api.createIncident({ site: SITES.ghentDistribution, severity: 'critical', title: 'Heard after the hand-over' });
  await expect(row('Heard after the hand-over')).toBeVisible({ timeout: 5_000 });
});
