// Health at a glance: the home's project cards and the project page's site cards say what
// needs attention (offline systems by name, every open incident with the worst
// severity, evacuations, secured now), follow the server without a reload, and every count
// names what it counts. The site page groups camera systems and alarm panels, each camera
// system with its latest still fetched with the token (never in a URL).
import type { Locator, Page } from '@playwright/test';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, test, type DemoApi } from './fixtures.ts';
import { ProjectPage } from './screens/ProjectPage.ts';
import { ProjectsPage } from './screens/ProjectsPage.ts';
import { SitePage } from './screens/SitePage.ts';
import { SystemPage } from './screens/SystemPage.ts';
import { witnessTopic } from './support/topics.ts';

const MANAGER = 'manager@vigil.test';

const setOnline = (api: DemoApi, system: string, online: boolean) => api.call('POST', '/__test/system', { system, online });

async function startEvacuation(api: DemoApi, token: string, scope: 'projects' | 'sites', uuid: string): Promise<void> {
  const res = await api.request.post(`/api/public/v1/${scope}/${uuid}/evacuation/start`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(res.status()).toBe(200);
}

async function saveSchedule(api: DemoApi, token: string, site: string, days: { from: string; to: string }[][]): Promise<void> {
  const res = await api.request.post(`/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { siteUuids: [site], schedule: { days } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A site's card on its project's page, by the site's name. */
const siteCard = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A marker on the page that a reload would lose: the change must come without one. */
async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
  return () => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

test('home cards show offline systems, evacuations and open incidents on the right project, live', async ({ page, api, signIn }) => {
  const manager = await signIn(MANAGER);
  await page.goto('/');
  const home = new ProjectsPage(page);
  const northwind = home.card('Northwind Logistics');
  const atlas = home.card('Atlas Data Centres');
  await expect(northwind.locator('[part="health-offline"]')).toContainText('Roof terrace'); // offline in the seed
  await expect(northwind.locator('[part="health-offline"]')).not.toContainText('Yard perimeter');
  await expect(northwind.locator('[part="evacuation-active"]')).toHaveCount(0);
  const unchanged = await markPage(page);

  // A system goes offline: named on its project's card, not on another's.
  await setOnline(api, SYSTEMS.antwerpYard, false);
  await expect(northwind.locator('[part="health-offline"]')).toHaveText(/2 systems offline: Yard perimeter and Roof terrace/);
  await expect(atlas.locator('[part="health-offline"]')).toHaveCount(0);

  // A critical incident arrives: counted with its severity in words, one more than before.
  const openCount = async () => {
    const text = (await northwind.locator('[part="health-incidents"]').textContent()) ?? '';
    return Number(text.match(/^(\d+) open incident/)?.[1] ?? 0);
  };
  const before = await openCount();
  const incident = await api.createIncident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Health test: fence cut' });
  await expect(northwind.locator('[part="health-incidents"]')).toContainText(`${before + 1} open incident`);
  await expect(northwind.locator('[part="health-incidents"]')).toContainText('Worst: Critical');

  // An evacuation of one site marks its project's card.
  await startEvacuation(api, manager.token!, 'sites', SITES.ghentDistribution);
  await expect(northwind.locator('[part="evacuation-active"]')).toHaveText(/Evacuation active$/);
  await expect(atlas.locator('[part="evacuation-active"]')).toHaveCount(0);

  // The control room handles the incident: one less.
  await api.handleIncident(incident.uuid);
  if (before === 0) await expect(northwind.locator('[part="health-incidents"]')).toHaveCount(0);
  else await expect(northwind.locator('[part="health-incidents"]')).toContainText(`${before} open incident`);
  expect(await unchanged()).toBe(true);
});

test('a change told before the health code arrived shows once it has: a late chunk loses nothing', async ({ page, api, signIn }) => {
  // Health follows the channel from a chunk that loads after the first paint, while the
  // header's counts may have opened the channel already. Hold that chunk, let the channel
  // tell of a system going offline, then let the chunk come: the card must show it.
  await signIn(MANAGER);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/dist\/chunks\/live-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('projects.health.live')) await held;
    await route.fulfill({ response, body });
  });
  await new ProjectPage(page).openProject(PROJECTS.northwind);
  const ghent = siteCard(page, 'Ghent Distribution Centre');
  await expect(siteCard(page, 'Brussels Head Office').locator('[part="health-offline"]')).toHaveText('1 system offline: Roof terrace');
  const told = await witnessTopic(page, 'systems');
  await setOnline(api, SYSTEMS.ghentAlarm, false);
  await told();
  await expect(ghent.locator('[part="health-offline"]')).toHaveCount(0);
  release();
  await expect(ghent.locator('[part="health-offline"]')).toHaveText('1 system offline: Fire and intrusion panel');
});

test('project page: the offline system and the evacuating site are on the right site cards, live; a project-wide evacuation marks every site', async ({
  page,
  api,
  signIn,
}) => {
  const manager = await signIn(MANAGER);
  await new ProjectPage(page).openProject(PROJECTS.northwind);
  const antwerp = siteCard(page, 'Antwerp Port Warehouse');
  const brussels = siteCard(page, 'Brussels Head Office');
  const ghent = siteCard(page, 'Ghent Distribution Centre');
  await expect(brussels.locator('[part="health-offline"]')).toHaveText('1 system offline: Roof terrace');
  await expect(antwerp.locator('[part="health-offline"]')).toHaveCount(0);
  const unchanged = await markPage(page);

  // The alarm panel is not listed on the project page (camera systems only), but its going offline is told.
  await setOnline(api, SYSTEMS.ghentAlarm, false);
  await expect(ghent.locator('[part="health-offline"]')).toHaveText('1 system offline: Fire and intrusion panel');
  await expect(antwerp.locator('[part="health-offline"]')).toHaveCount(0);

  await startEvacuation(api, manager.token!, 'sites', SITES.antwerpWarehouse);
  await expect(antwerp.locator('[part="evacuation-active"]')).toHaveText(/Evacuation active$/);
  await expect(brussels.locator('[part="evacuation-active"]')).toHaveCount(0);

  await startEvacuation(api, manager.token!, 'projects', PROJECTS.northwind);
  for (const card of [antwerp, brussels, ghent]) await expect(card.locator('[part="evacuation-active"]')).toHaveText(/Evacuation active$/);
  expect(await unchanged()).toBe(true);
});

test('calm reads positively, and "secured now" follows the site schedule', async ({ page, api, signIn }) => {
  const manager = await signIn(MANAGER);
  await setOnline(api, SYSTEMS.brusselsRoof, true);
  const always = Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);
  await saveSchedule(api, manager.token!, SITES.brusselsOffice, always);
  await new ProjectPage(page).openProject(PROJECTS.northwind);
  const brussels = siteCard(page, 'Brussels Head Office');
  await expect(brussels.locator('[part="health-secured"]')).toHaveText('Secured now · around the clock');
  // Ghent has no security hours at all.
  await expect(siteCard(page, 'Ghent Distribution Centre').locator('[part="health-secured"]')).toHaveText(
    'Not secured · no security hours set',
  );
  // Antwerp's nights and weekends: one of the two states, with the time it changes.
  await expect(siteCard(page, 'Antwerp Port Warehouse').locator('[part="health-secured"]')).toHaveText(
    /^(Secured now · until|Not secured · from) ([A-Z][a-z]{2} )?\d\d:\d\d$/,
  );
  // Brussels has nothing offline now; calm unless an incident (of any age) is open there.
  const open = brussels.locator('[part="health-incidents"]');
  if ((await open.count()) === 0)
    await expect(brussels.locator('[part="health-calm"]')).toHaveText('All systems online · no open incidents');
  else await expect(brussels.locator('[part="health-calm"]')).toHaveCount(0);
});

test('every count names what it counts, on every page', async ({ page, signIn }) => {
  await signIn(MANAGER);
  await page.goto('/');
  const home = new ProjectsPage(page);
  await expect(home.card('Northwind Logistics').locator('[part="counts"]')).toHaveText('3 sites · 8 camera systems');
  await expect(home.card('Atlas Data Centres').locator('[part="counts"]')).toContainText(/\d+ camera systems?/);

  await home.project('Northwind Logistics').click();
  await expect(siteCard(page, 'Antwerp Port Warehouse').locator('[part="system-counts"]')).toHaveText('3 camera systems · 1 alarm panel');
  await expect(siteCard(page, 'Brussels Head Office').locator('[part="system-counts"]')).toHaveText('3 camera systems');

  await new ProjectPage(page).site('Antwerp Port Warehouse').click();
  const site = new SitePage(page);
  await expect(site.heading('Antwerp Port Warehouse')).toBeVisible();
  // Each camera system under its own heading with its tiles; the alarm panel apart, as what it is.
  const cameras = page.locator('vigil-portal').locator('[part="cameras"]');
  const alarms = page.locator('vigil-portal').locator('[part="systems-other"]');
  await expect(cameras.getByRole('heading', { level: 3 })).toHaveText(['Dock cameras', 'Yard perimeter', 'Gatehouse']);
  await expect(alarms.getByRole('heading', { level: 2 })).toHaveText('Alarm panels and other systems');
  await expect(alarms.getByRole('link')).toHaveText(['Intrusion panel']);
  await expect(alarms.getByRole('listitem')).toContainText('Alarm system');
  await expect(alarms).not.toContainText('Cameras');
});

test("the site page shows each camera system's live tiles, images fetched with the token, never one in a URL", async ({ page, signIn }) => {
  const media: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/v2/media/')) media.push({ url: r.url(), authorization: r.headers()['authorization'] });
  });
  const user = await signIn(MANAGER);
  await new SitePage(page).openSite(SITES.antwerpWarehouse);
  const cameras = page.locator('vigil-portal').locator('[part="cameras"]');
  // Every camera of the three camera systems has its tile; those on screen load frames.
  // Each grid is a named group inside the Cameras landmark, not a landmark of its own.
  await expect(cameras.getByRole('group', { name: /^Live view of / })).toHaveCount(3);
  await expect(cameras.getByRole('group', { name: 'Live view of Dock cameras' }).locator('[part="camera"]').first()).toBeVisible();
  await expect.poll(() => media.length).toBeGreaterThanOrEqual(1);
  // The alarm panel's camera is not among the tiles: only camera systems show there.
  await expect(cameras.getByText('Office', { exact: true })).toHaveCount(0);
  for (const m of media) {
    expect(m.authorization).toBe(`Bearer ${user.token}`);
    expect(m.url).not.toContain(user.token!);
  }
});

test("the system page's breadcrumbs go Projects › project › site › system, also when opened directly", async ({ page, signIn }) => {
  await signIn(MANAGER);
  const system = new SystemPage(page);
  await system.goto(`/system/${SYSTEMS.antwerpDocks}`);
  await expect(system.heading('Dock cameras')).toBeVisible();
  const crumbs = page
    .locator('vigil-portal')
    .getByRole('navigation', { name: /^Breadcrumb/ })
    .getByRole('listitem');
  await expect(crumbs).toHaveText(['Projects', 'Northwind Logistics', 'Antwerp Port Warehouse', 'Dock cameras']);
  await crumbs.nth(1).getByRole('link').click();
  await new ProjectPage(page).expectRoute(`/project/${PROJECTS.northwind}`);
});
