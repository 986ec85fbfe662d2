// What a customer sees on a calm day, at a phone's and a desktop's width: a compact
// evacuation control, an offline system that says since when, an incident that says where
// it stands once, the inbox filters in one row (folded behind "Filters" on a phone), and a
// wide home page that uses its width.
import { PROJECTS, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { datePart } from './support/site-day.ts';

const MANAGER = 'manager@vigil.test';

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('an idle evacuation control is one compact row with Start evacuation', async ({ page, signedInPage }) => {
    await signedInPage(MANAGER, { path: `/project/${PROJECTS.northwind}` });
    const block = new EvacuationBlock(page);
    await expect(block.status()).toContainText('No evacuation in progress');
    await expect(block.button('Start evacuation')).toBeVisible();
    const box = (await block.root().boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(160);
    await expectNoA11yViolations(page);
  });

  test('the inbox filters fold behind "Filters", which opens them and counts those set', async ({ page, signedInPage }) => {
    await signedInPage(MANAGER, { path: '/inbox' });
    const toggle = page.getByRole('button', { name: /^Filters( \d+)?$/ });
    const severity = page.getByRole('combobox', { name: 'Severity' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(severity).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await severity.selectOption('critical');
    await expect(toggle).toContainText('1');
    await expectNoA11yViolations(page);
  });
});

test.describe('on a desktop (1440 × 900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an offline system says since when, on the site’s clock', async ({ page, signedInPage }) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v2/systems/${SYSTEMS.brusselsRoof}`);
    const opened = Date.now();
    await signedInPage(MANAGER, { path: `/system/${SYSTEMS.brusselsRoof}` });
    const since = Date.parse(((await (await answer).json()) as { data: { offline_since: string } }).data.offline_since);
    // The time alone today on the site's clock, else with the date (the seed's system went
    // offline minutes before it was made, so after the site's midnight it reads yesterday's).
    const date = datePart([since], [opened, Date.now() + 10_000]);
    await expect(
      page.getByText(
        new RegExp(`^Offline since ${date}\\d{1,2}:\\d\\d(\\s[AP]M)? \\S+\\. Camera images may be missing or out of date\\.$`),
      ),
    ).toBeVisible();
  });

  test('an open incident says "Open" once, in its state line', async ({ page, api, signedInPage }) => {
    const incident = await api.createIncident({ email: MANAGER, severity: 'low', title: 'Gate left open at the yard' });
    await signedInPage(MANAGER, { path: `/inbox/incident/${incident.uuid}` });
    const card = page.locator('[part~="incident"]');
    await expect(card.getByText('Open — nobody has acknowledged it yet')).toBeVisible();
    await expect(card.getByText(/^Open$/)).toHaveCount(0);
  });

  test('the inbox filters share one row', async ({ page, signedInPage }) => {
    await signedInPage(MANAGER, { path: '/inbox' });
    const names = ['Site', 'System', 'Severity', 'From', 'To'];
    const tops = [];
    for (const name of names) {
      const field = page.getByLabel(name, { exact: true });
      await expect(field).toBeVisible();
      tops.push(Math.round((await field.boundingBox())!.y));
    }
    expect(new Set(tops).size).toBe(1);
    await expect(page.getByRole('button', { name: /^Filters( \d+)?$/ })).toBeHidden();
  });

  test('home shows what needs attention beside the projects', async ({ page, signedInPage }) => {
    await signedInPage(MANAGER, { path: '/' });
    const glance = page.locator('[part~="glance"]');
    await expect(glance.getByRole('heading', { name: 'At a glance' })).toBeVisible();
    await expect(glance).toBeVisible();
    await expect(glance.getByRole('link', { name: 'Roof terrace' })).toBeVisible();
    await expect(glance.getByRole('link', { name: /^\d+ open incidents$/ })).toBeVisible();
    const list = (await page.locator('[part~="project"]').first().boundingBox())!;
    const aside = (await glance.boundingBox())!;
    expect(aside.x).toBeGreaterThan(list.x + list.width);
    await expectNoA11yViolations(page);
  });
});
