// Human words in German and Dutch: the users page, a site page, a system page and the site
// schedules page show permissions, system types and time zones by name, never the API's
// codes ("manage users", "UFO", "Europe/Brussels").
import type { Page } from '@playwright/test';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { ProjectUsersPage } from './screens/ProjectUsersPage.ts';
import { SitePage } from './screens/SitePage.ts';
import { SystemPage } from './screens/SystemPage.ts';

const MANAGER = 'manager@vigil.test';
const RAW_PERMISSIONS = ['manage users', 'edit schedules', 'evacuate', 'view'];
const RAW_TYPES = ['UFO', 'ALARM'];
const IANA = /[A-Z][a-z]+\/[A-Z]/;

/** Every text a person reads in the portal's main region, options of selects included. */
async function readable(page: Page): Promise<{ text: string; options: string[] }> {
  const main = page.locator('vigil-portal main');
  const text = await main.innerText();
  const options = await main.locator('option').allTextContents();
  return { text, options };
}

async function expectNoCodes(page: Page, where: string): Promise<void> {
  const { text, options } = await readable(page);
  const lines = text.split('\n').map((l) => l.trim());
  for (const raw of RAW_TYPES) expect(lines, `${where}: raw system type ${raw}`).not.toContain(raw);
  expect(text, `${where}: a raw IANA zone`).not.toMatch(IANA);
  for (const option of options) expect(option, `${where}: a raw IANA zone in a select`).not.toMatch(IANA);
}

const WORDS = {
  de: {
    users: 'Benutzer verwalten',
    zone: 'Mitteleuropäische Zeit',
    ufo: 'Videoüberwachung (UFO)',
    alarm: 'Alarmanlage',
    schedules: /Sicherungszeiten/,
  },
  nl: {
    users: 'Gebruikers beheren',
    zone: 'Midden-Europese tijd',
    ufo: 'Camerabewaking (UFO)',
    alarm: 'Alarmsysteem',
    schedules: /Beveiligingsuren/,
  },
} as const;

for (const [language, words] of Object.entries(WORDS)) {
  test(`${language}: users, site, system and schedules pages show names, not codes`, async ({ page, signIn }) => {
    test.slow(); // five pages in one language
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(PROJECTS.northwind);
    await expect(users.rows().first()).toBeVisible();
    // switch through the picker: it is saved on the account and lasts across pages
    await new PortalLayout(page).chooseLanguage(language);

    const chips = page.locator('vigil-portal main .vu-chip');
    await expect(chips.filter({ hasText: words.users }).first()).toBeVisible();
    for (const chip of await chips.allTextContents()) expect(RAW_PERMISSIONS, `raw permission chip "${chip}"`).not.toContain(chip.trim());
    await expectNoCodes(page, 'users');

    await new SitePage(page).openSchedule(SITES.antwerpWarehouse);
    await expect(page.locator('vigil-portal main dd', { hasText: words.zone }).first()).toContainText(/\(UTC\+[12]\)/);
    await expect(page.locator('[part~="time-note"]').first()).toBeVisible();
    await expectNoCodes(page, 'site');

    await new SystemPage(page).openSystem(SYSTEMS.antwerpDocks);
    await expect(page.locator('vigil-portal main dd', { hasText: words.ufo })).toBeVisible();
    await expectNoCodes(page, 'UFO system');
    await new SystemPage(page).openSystem(SYSTEMS.antwerpAlarm);
    await expect(page.locator('vigil-portal main dd', { hasText: words.alarm })).toBeVisible();
    await expectNoCodes(page, 'alarm system');

    await new SitePage(page).goto(`/projects/${PROJECTS.northwind}/site-schedules`);
    await expect(page.locator('vigil-portal main h1')).toContainText(words.schedules);
    // the time zone step's picker (not the last select: the holidays step follows it)
    const zones = page.locator('vigil-portal main .ss-zone-field select');
    await expect(zones.locator('option').nth(2)).toBeAttached();
    await zones.selectOption({ index: 1 }); // the first zone the project uses: its time note
    await expect(page.locator('vigil-portal main [part~="time-note"]')).toContainText(words.zone);
    await expectNoCodes(page, 'site schedules');
  });
}
