// Holidays and one-off days: an exception added on the site page is marked on the calendar
// and named as the next one; a set of public holidays goes to two sites through the per-site
// review in ONE request; and the site page's "secured now" follows an exception for today.
import type { Page, Request } from '@playwright/test';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { axe, expect, formatViolations, test } from './fixtures.ts';

const MANAGER = 'manager@vigil.test';

/** The site-local date "YYYY-MM-DD" `days` from now in Brussels. */
const brusselsDate = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    Date.now() + days * 86_400_000,
  );

/**
 * An axe scope inside the portal's shadow root: the dialog or the panel a test checks (the
 * whole routes are scanned by a11y.spec.ts; the weekly matrix alone has 336 cells).
 */
const inPortal = (selector: string) => ({ fromShadowDom: ['vigil-portal', selector] as [string, string] });

const panel = (page: Page) => page.locator('[part="exceptions"]');
const calendarDay = (page: Page, date: string) => panel(page).locator(`[role="gridcell"][data-date="${date}"]`);

test('an exception secured all day is marked on the calendar and named as the next one', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(MANAGER);
  await page.goto(`/site/${SITES.ghentDistribution}/schedule`);
  await expect(panel(page).locator('[part="next-exception"]')).toHaveText('No holidays or one-off days coming: the weekly hours apply.');

  const date = brusselsDate(20);
  await panel(page).getByRole('button', { name: 'Add a day or range' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add a day or range' });
  await dialog.getByLabel('Name').fill('Open day');
  await dialog.getByLabel('First day').fill(date);
  await dialog.getByLabel('Last day').fill(date);
  await dialog.getByRole('radio', { name: 'Secured all day' }).check();
  expect(formatViolations(await axe(page, { include: [inPortal('[role="alertdialog"]')] }))).toBe('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const cell = calendarDay(page, date);
  await expect(cell).toHaveAttribute('aria-label', /Open day, secured all day$/);
  await expect(cell).toHaveClass(/ex-day--all/);
  await expect(panel(page).locator('[part="next-exception"]')).toHaveText(/^Next: Open day, .+, secured all day$/);
  // Not on the day before or after.
  await expect(calendarDay(page, brusselsDate(21))).toHaveAttribute('aria-label', /weekly hours$/);

  // The calendar is one grid to the keyboard: the focused day moves with the arrows, Enter opens it.
  const today = calendarDay(page, brusselsDate(0));
  await today.focus();
  await page.keyboard.press('ArrowRight');
  await expect(calendarDay(page, brusselsDate(1))).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(calendarDay(page, brusselsDate(8))).toBeFocused();
  await expect(panel(page).locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  await cell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Edit “Open day”' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(formatViolations(await axe(page, { include: [inPortal('[part="exceptions"]')] }))).toBe('');
});

test('the holidays still ahead this year come first, then next year; a set goes to two sites in one request', async ({
  page,
  signIn,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await signIn(MANAGER);
  // The page's clock stands at 28 November (of next year once that day has passed), so the
  // rest of "this" year is known and every offered day is still ahead for the server too.
  const year = Number(brusselsDate().slice(0, 4)) + (brusselsDate().slice(5) > '11-28' ? 1 : 0);
  await page.clock.setFixedTime(new Date(`${year}-11-28T09:00:00Z`));
  const writes: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/schedule-exceptions')) writes.push(r);
  });
  await page.goto(`/projects/${PROJECTS.northwind}/site-schedules`);
  await page.getByRole('checkbox', { name: 'Antwerp Port Warehouse', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Ghent Distribution Centre', exact: true }).check();
  await panel(page).getByRole('button', { name: 'Add public holidays' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Upcoming public holidays' });
  // Christmas four weeks ahead comes first; nothing of this year before today (All Saints',
  // Armistice Day) is offered; next year follows, its days named with their year.
  const days = dialog.locator('[part="holiday-picker"] fieldset').first().getByRole('checkbox');
  await expect(days.nth(1)).toHaveAccessibleName(/^\w+, Dec 25: Christmas Day$/);
  await expect(days.nth(1)).toBeChecked();
  await expect(days.nth(2)).toHaveAccessibleName(new RegExp(`^\\w+, Jan 1, ${year + 1}: New Year's Day$`));
  await expect(dialog.locator('[part="holiday-year"]')).toHaveText([String(year), String(year + 1)]);
  const offered = await request.get(`/api/v2/sites/${SITES.antwerpWarehouse}/public-holidays?year=${year}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const thisYear = ((await offered.json()).data as { date: string }[]).filter((d) => d.date >= `${year}-11-28`);
  const nextYear = await request.get(`/api/v2/sites/${SITES.antwerpWarehouse}/public-holidays?year=${year + 1}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  // "Select all", then every day ahead and none before.
  await expect(days).toHaveCount(1 + thisYear.length + ((await nextYear.json()).data as unknown[]).length);
  // This year's All Saints' Day and Armistice Day are past (next year's read "Nov 1, <year>").
  await expect(dialog.getByRole('checkbox', { name: /, Nov 1?1: / })).toHaveCount(0);
  // Only this year's Christmas and next New Year's Day.
  await dialog.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await days.nth(1).check();
  await days.nth(2).check();
  await expect(dialog.getByRole('checkbox', { name: 'Antwerp Port Warehouse' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Ghent Distribution Centre' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Brussels Head Office' })).not.toBeChecked();

  // The review: what each site gains and loses.
  const review = dialog.locator('[part="holiday-review"]');
  await expect(review.getByRole('heading', { name: 'Antwerp Port Warehouse' })).toBeVisible();
  await expect(review.getByRole('heading', { name: 'Ghent Distribution Centre' })).toBeVisible();
  // Ghent has no weekly hours: it gains the whole day.
  await expect(
    review.locator('li', { hasText: 'Ghent Distribution Centre' }).getByText(/Christmas Day, .+: gains 24 h of cover/),
  ).toBeVisible();
  // Antwerp is secured all weekend and on weeknights: each day says what changes against that.
  const antwerp = review.locator('li', { hasText: 'Antwerp Port Warehouse' });
  await expect(antwerp.getByText(/Christmas Day, .+: (gains \d+(\.5)? h of cover|no change in hours)$/)).toBeVisible();
  await expect(antwerp.getByText(/New Year's Day, .+: (gains \d+(\.5)? h of cover|no change in hours)$/)).toBeVisible();
  await expect(review.getByText(/Christmas Day, /)).toHaveCount(2);
  expect(formatViolations(await axe(page, { include: [inPortal('[role="alertdialog"]')] }))).toBe('');

  await dialog.getByRole('button', { name: 'Add to 2 sites' }).click();
  await expect(dialog).toBeHidden();
  expect(writes).toHaveLength(1);
  expect(writes[0]!.postDataJSON()).toMatchObject({
    siteUuids: [SITES.antwerpWarehouse, SITES.ghentDistribution],
    exceptions: [
      { from: `${year}-12-25`, label: 'Christmas Day', secured: 'all' },
      { from: `${year + 1}-01-01`, label: "New Year's Day", secured: 'all' },
    ],
  });
  for (const site of [SITES.antwerpWarehouse, SITES.ghentDistribution]) {
    const res = await request.get(`/api/v2/sites/${site}/schedule-exceptions`, { headers: { Authorization: `Bearer ${user.token}` } });
    const labels = ((await res.json()).data as { label: string; from: string }[]).map((e) => `${e.from} ${e.label}`);
    expect(labels).toEqual(expect.arrayContaining([`${year}-12-25 Christmas Day`, `${year + 1}-01-01 New Year's Day`]));
  }
  const brussels = await request.get(`/api/v2/sites/${SITES.brusselsOffice}/schedule-exceptions`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(((await brussels.json()).data as { label: string }[]).filter((e) => e.label === "New Year's Day")).toHaveLength(0);
});

test('the site page\'s "secured now" follows an exception for today', async ({ page, signIn }) => {
  await signIn(MANAGER);
  await page.goto(`/site/${SITES.ghentDistribution}/schedule`);
  const secured = page.locator('[part="secured-now"]');
  // Ghent has no weekly hours.
  await expect(secured).toHaveText('Not secured · no security hours set');

  await panel(page).getByRole('button', { name: 'Add a day or range' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add a day or range' });
  await expect(dialog.getByLabel('First day')).toHaveValue(brusselsDate(0));
  await dialog.getByLabel('Name').fill('Inspection');
  await dialog.getByRole('radio', { name: 'Secured during these hours' }).check();
  await dialog.getByRole('combobox', { name: 'From' }).selectOption('00:00');
  await dialog.getByRole('combobox', { name: 'Until' }).selectOption('24:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Secured until the end of today (midnight, then the empty week), named by the exception.
  await expect(secured).toHaveText(/^Secured now · until ([A-Z][a-z]{2} )?00:00 \(Inspection\)$/);

  // Removing it gives the week back, without a reload.
  await panel(page).getByRole('button', { name: 'Remove Inspection' }).click();
  await page.getByRole('alertdialog', { name: 'Remove “Inspection”?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(secured).toHaveText('Not secured · no security hours set');
});

test('the calendar and the editor fit a 360 px phone', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(MANAGER);
  await page.goto(`/site/${SITES.brusselsOffice}/schedule`);
  await expect(panel(page).locator('[part="next-exception"]')).toContainText('Next:');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await calendarDay(page, brusselsDate(0)).boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  await panel(page).getByRole('button', { name: 'Add a day or range' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Add a day or range' });
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(360);
});
