// A site's page shows what is happening there, and every moment of a site on its own clock:
// a Brussels viewer (the suite's browser zone) reads a Newark incident in New York time with
// the zone named, and their own clock beside it or on hover; the site page puts its
// evacuation state, cameras and incidents first and its security hours on their own page,
// where they are still edited and saved.
import type { Page } from '@playwright/test';
import { Answers, parse, type Incident } from '../../src/core/api/contract.ts';
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, test, type DemoApi } from './fixtures.ts';
import { ScheduleMatrixPage } from './screens/ScheduleMatrixPage.ts';
import { SitePage } from './screens/SitePage.ts';

const MANAGER = 'manager@vigil.test';

/** The newest incident of a site, as the API gives it. */
async function newestIncident(api: DemoApi, token: string, site: string): Promise<Incident> {
  const res = await api.request.get(`/api/v2/incidents?per_page=1&filter[site]=${site}`, { headers: { Authorization: `Bearer ${token}` } });
  const incident = parse(Answers.incidents, await res.json()).data[0];
  if (!incident) throw new Error(`the seed has no incident at ${site}`);
  return incident;
}

/** "10:31" on the clock of `timeZone`: the portal's one 24-hour clock, in English too. */
const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
/** Intl may write narrow or no-break spaces; compare them as spaces. */
const spaced = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const portal = (page: Page) => page.locator('vigil-portal');

test('a Brussels viewer reads a Newark incident in New York time, zone named, with their own clock too', async ({ page, api, signIn }) => {
  const user = await signIn(MANAGER);
  // Newark Data Hall (Atlas Data Centres) is in America/New_York.
  const incident = await newestIncident(api, user.token, SITES.newarkDataHall);
  expect(incident.site?.timezone).toBe('America/New_York');
  const newYork = clockIn(incident.occurred_at, 'America/New_York');
  const brussels = clockIn(incident.occurred_at, 'Europe/Brussels');
  expect(newYork).not.toBe(brussels);

  // The incident's page: New York's clock and zone, the viewer's own beside it.
  await page.goto(`/inbox/incident/${incident.uuid}`);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Europe/Brussels');
  const occurred = portal(page).locator(`time[datetime="${incident.occurred_at}"]`).first();
  await expect(occurred).toBeVisible();
  const text = spaced((await occurred.textContent()) ?? '');
  expect(text).toContain(`${spaced(newYork)} E`);
  expect(text).toMatch(/ E[SD]T/);
  expect(text).toMatch(new RegExp(`your time: .*${spaced(brussels)} GMT\\+[12]`));
  expect(spaced((await occurred.getAttribute('title')) ?? '')).toMatch(/^your time: .*GMT\+[12]$/);

  // The inbox, filtered to the site: the row on the site's clock, the viewer's on hover.
  await page.goto(`/inbox?site=${SITES.newarkDataHall}`);
  const row = portal(page).locator(`time[datetime="${incident.occurred_at}"]`).first();
  await expect(row).toBeVisible();
  expect(spaced((await row.textContent()) ?? '')).toMatch(new RegExp(`${spaced(newYork)} E[SD]T$`));
  expect(spaced((await row.getAttribute('title')) ?? '')).toMatch(new RegExp(`^your time: .*${spaced(brussels)} GMT\\+[12]$`));

  // And the site's own page lists it on the same clock.
  await new SitePage(page).openSite(SITES.newarkDataHall);
  const listed = new SitePage(page).section('incidents').locator(`time[datetime="${incident.occurred_at}"]`);
  await expect(listed).toBeVisible();
  expect(spaced((await listed.textContent()) ?? '')).toMatch(/ E[SD]T$/);
});

for (const width of [1440, 360]) {
  test(`at ${width} px the site page shows its state, cameras and incidents before the security hours`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(MANAGER);
    const site = await new SitePage(page).openSite(SITES.antwerpWarehouse);
    const cameras = site.section('cameras');
    const incidents = site.section('incidents');
    await expect(cameras.locator('[part="camera"]').first()).toBeVisible();
    await expect(incidents.getByRole('link', { name: 'All incidents of this site' })).toBeVisible();
    await expect(portal(page).locator('[part="secured-now"]')).toBeVisible();
    // The editor is not on this page: its way is a tab and a link.
    await expect(page.getByRole('grid', { name: /^Security hours of / })).toHaveCount(0);

    // Every block measured is on screen first (the evacuation control comes with its own chunk).
    const region = page.getByRole('region', { name: /^Evacuation/ });
    await expect(region).toBeVisible();
    await expect(portal(page).locator('[part="schedule-link"]').first()).toBeVisible();
    const top = async (part: string) => (await portal(page).locator(`[part="${part}"]`).first().boundingBox())!.y;
    const evacuation = (await region.boundingBox())!.y;
    expect(await top('cameras')).toBeLessThan(await top('schedule-link'));
    expect(await top('incidents')).toBeLessThan(await top('schedule-link'));
    expect(await top('secured-now')).toBeLessThan(await top('cameras'));
    if (width === 360) {
      // One column: the state first, then the cameras, then the incidents.
      expect(evacuation).toBeLessThan(await top('cameras'));
      expect(await top('cameras')).toBeLessThan(await top('incidents'));
    } else {
      // Columns: the cameras and the evacuation state side by side at the top.
      expect(Math.abs((await top('cameras')) - evacuation)).toBeLessThan(40);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("the incidents' links lead to the inbox filtered to exactly this site's", async ({ page, api, signIn }) => {
  const user = await signIn(MANAGER);
  const site = await new SitePage(page).openSite(SITES.newarkDataHall);
  const res = await api.request.get(`/api/v2/incidents?per_page=1&filter[open]=true&filter[site]=${SITES.newarkDataHall}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const open = parse(Answers.incidents, await res.json()).meta.total;
  expect(open).toBeGreaterThan(0);
  await site
    .section('incidents')
    .getByRole('link', { name: `${open} open incident${open === 1 ? '' : 's'}` })
    .click();
  await site.expectRoute('/inbox');
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ site: SITES.newarkDataHall, open: '1' });
});

test('the security hours page, reached by its tab, still edits and saves', async ({ page, signIn }) => {
  await signIn(MANAGER);
  const site = await new SitePage(page).openSite(SITES.ghentDistribution);
  await page
    .getByRole('navigation', { name: /^Pages of / })
    .getByRole('link', { name: 'Security hours' })
    .click();
  await site.expectRoute(`/site/${SITES.ghentDistribution}/schedule`);
  const matrix = new ScheduleMatrixPage(page);
  await expect(matrix.grid()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Security hours', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(await matrix.securedCells()).toEqual([]);

  await matrix.drag(matrix.cell('Monday', '08:00'), matrix.cell('Monday', '09:30'));
  await expect(matrix.saveButton()).toBeEnabled();
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/update-site-schedules') && r.ok());
  await matrix.save();
  await saved;
  await expect(matrix.saveState()).toHaveText('All changes are saved.');

  // A fresh load of the route shows what was saved; the overview's link leads back to it.
  await page.reload();
  await expect(matrix.grid()).toBeVisible();
  await expect.poll(() => matrix.securedCells()).toHaveLength(4);
  await page.getByRole('link', { name: 'Now', exact: true }).click();
  await site.expectRoute(`/site/${SITES.ghentDistribution}`);
  await site.section('schedule-link').getByRole('link', { name: 'Edit security hours and exceptions' }).click();
  await site.expectRoute(`/site/${SITES.ghentDistribution}/schedule`);
  await expect(matrix.grid()).toBeVisible();
});
