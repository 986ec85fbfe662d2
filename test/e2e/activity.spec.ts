// A project's activity log as its manager reads it: a schedule change shows as the hours
// added per day by the person who made it; the filters live in the address; the CSV export
// holds what the filters show, with a label a spreadsheet would run turned into text.
import { readFile } from 'node:fs/promises';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { axe, expect, formatViolations, test } from './fixtures.ts';
import { ScheduleMatrixPage } from './screens/ScheduleMatrixPage.ts';

const activityPath = `/projects/${PROJECTS.northwind}/activity`;

test('a manager makes Saturday secured and reads it on the activity page, by name', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  const matrix = await new ScheduleMatrixPage(page).openSite(SITES.ghentDistribution);
  await matrix.drag(matrix.cell('Saturday', '00:00'), matrix.cell('Saturday', '23:30'));
  await matrix.save();
  await expect(matrix.saveState()).toHaveText(/All changes are saved\./);

  await page.goto(`/project/${PROJECTS.northwind}`);
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${activityPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity of Northwind Logistics');
  const entry = page.getByRole('listitem').filter({ hasText: 'Weekly schedule of Ghent Distribution Centre changed' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('by Morgan Manager');
  await expect(entry).toContainText('Saturday 00:00–24:00 added');
  await expect(entry).not.toContainText('"from"');
  expect(formatViolations(await axe(page))).toEqual('');
});

test('filters in the address, and the CSV of what they show', async ({ page, signIn, request }) => {
  const user = await signIn('manager@vigil.test');
  const auth = { Authorization: `Bearer ${user.token}` };
  // Two kinds of change: a member added, and an exception whose label a spreadsheet would run.
  expect(
    (
      await request.post(`/api/v2/projects/${PROJECTS.northwind}/users`, {
        headers: auth,
        data: { email: 'ada@example.test', name: 'Ada Lovelace', permissions: ['view', 'evacuate'] },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post(`/api/v2/sites/${SITES.ghentDistribution}/schedule-exceptions`, {
        headers: auth,
        data: { from: '2027-04-01', to: '2027-04-01', yearly: false, label: '=HYPERLINK("http://evil.example","x")', secured: 'all' },
      })
    ).status(),
  ).toBe(201);

  await page.goto(activityPath);
  const list = page.getByRole('list', { name: 'Activity, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const member = list.getByRole('listitem').filter({ hasText: 'Ada Lovelace invited to the project' });
  await expect(member).toContainText('Given');
  await expect(member).toContainText('Evacuate');

  await page.getByLabel('What').selectOption({ label: 'Schedules' });
  await expect(page).toHaveURL(/\?category=schedule$/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('=HYPERLINK');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${activityPath}$`));
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.goto(`${activityPath}?category=schedule`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(download.url()).not.toMatch(/token|Bearer/i);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toMatch(/^"at_utc","at_local","time_zone","type","actor"/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('schedule.exception_added');
  expect(lines[1]).toContain(`'=HYPERLINK`);
  expect(lines[1]).not.toMatch(/(^|,)"?=/);

  // The export itself is activity.
  await page.getByLabel('What').selectOption({ label: 'Exports' });
  await expect(list.getByRole('listitem')).toContainText('Activity exported');
});

test('a member without “manage users” is sent to the project, not shown the log', async ({ page, signIn }) => {
  await signIn('viewer@vigil.test');
  await page.goto(activityPath);
  await expect(page).toHaveURL(new RegExp(`/project/${PROJECTS.northwind}$`));
  await expect(page.getByRole('link', { name: 'Activity', exact: true })).toHaveCount(0);
});
