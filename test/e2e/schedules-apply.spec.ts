// Security hours: the keyboard's one painting rule on the site page (Space, then Shift+arrows
// carry that half-hour's value; a range started on a secured half-hour secures; a half-hour
// focused by a script is the one Space paints), the confirmation before a multi-site apply
// (removed hours marked as removals, "no change" said, Cancel sends nothing, Apply sends the
// one request naming every chosen site once), and the page on a 360 px phone in German (no
// page overflow, cells at least 24 × 24 px, the "show from" button in view pressed).
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { CurrentUser } from '../../src/core/api/contract.ts';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { axe, expect, formatViolations, test, type DemoApi } from './fixtures.ts';
import { ScheduleMatrixPage } from './screens/ScheduleMatrixPage.ts';
import { SiteSchedulesPage } from './screens/SiteSchedulesPage.ts';

/** Signs the manager in with `locale` saved on the account (the portal follows it). */
async function signInAs(
  locale: string,
  api: DemoApi,
  signIn: (email: string) => Promise<CurrentUser>,
  request: APIRequestContext,
): Promise<CurrentUser> {
  const first = await api.login('manager@vigil.test');
  const res = await request.put('/api/v2/user/locale', { headers: { Authorization: `Bearer ${first.token}` }, data: { locale } });
  expect(res.ok()).toBe(true);
  return signIn('manager@vigil.test');
}

/** Every request that writes schedules (anything but a GET to update-site-schedules). */
function countWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/update-site-schedules')) writes.push(r);
  });
  return writes;
}

test.describe('painting by keyboard', () => {
  test('Space then Shift+arrows, a range from a secured half-hour, and the half-hour a script focuses', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const matrix = await new ScheduleMatrixPage(page).openSite(SITES.ghentDistribution);
    expect(await matrix.securedCells()).toEqual([]);

    // Space secures Monday 00:00; Shift+ArrowRight ×3 carries that to four half-hours.
    await matrix.focusGrid();
    await matrix.press('Space');
    await matrix.press('Shift+ArrowRight', 3);
    await expect(matrix.announcement()).toHaveText('Mon 00:00–02:00 secured');
    expect(await matrix.securedCells()).toEqual(['Monday 00:00–00:30', 'Monday 00:30–01:00', 'Monday 01:00–01:30', 'Monday 01:30–02:00']);

    // A range started on a secured half-hour secures the open ones it extends over.
    await matrix.press('Home');
    await matrix.press('Shift+ArrowDown', 2);
    await expect(matrix.announcement()).toHaveText('Mon–Wed 00:00–00:30 secured');
    expect(await matrix.securedCells()).toHaveLength(6);
    await expect(matrix.cell('Wednesday', '00:00')).toHaveAttribute('aria-selected', 'true');

    // A script (or a screen reader) focuses Friday 12:00: that half-hour is the one Space paints.
    await matrix.cell('Friday', '12:00').evaluate((cell: HTMLElement) => cell.focus());
    await expect(matrix.cell('Friday', '12:00')).toHaveAttribute('tabindex', '0');
    await expect(matrix.grid().locator('[role=gridcell][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(matrix.announcement()).toHaveText('Fri 12:00–12:30 secured');
    await expect(matrix.cell('Friday', '12:00')).toHaveAttribute('aria-selected', 'true');
    await expect(matrix.cell('Wednesday', '00:00')).toHaveAttribute('aria-selected', 'true'); // where focus was before: untouched
    expect(await matrix.securedCells()).toHaveLength(7);
  });
});

test.describe('applying to several sites', () => {
  test('asks first: removals marked, no change said; Cancel sends nothing, Apply sends one request naming each site once', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000);
    await signIn('manager@vigil.test');
    const writes = countWrites(page);
    const editor = await new SiteSchedulesPage(page).openProject(PROJECTS.northwind);
    for (const site of ['Antwerp Port Warehouse', 'Brussels Head Office', 'Ghent Distribution Centre'])
      await editor.siteCheckbox(site).check();
    // Start from Antwerp's own hours (nights 22:00–06:00), so Antwerp does not change.
    await page.getByLabel('Start from').selectOption({ label: 'The schedule of Antwerp Port Warehouse' });
    await editor.applyButton().click();

    const dialog = editor.confirmation();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Apply this schedule?' })).toBeVisible();
    await expect(dialog).toContainText('Secured hours are removed at 1 site.');
    // Brussels (nights 18:00–07:00) loses its evenings and early mornings: removals, in words, icon and colour.
    await expect(editor.removals('Brussels Head Office')).toHaveText(['Removes Mon–Fri 06:00–07:00', 'Removes Mon–Fri 18:00–22:00']);
    await expect(editor.removals('Brussels Head Office').first().locator('svg')).toHaveCount(1);
    const colours = await editor
      .removals('Brussels Head Office')
      .first()
      .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('.ac-site')!).color]);
    expect(colours[0]).not.toBe(colours[1]);
    await expect(editor.additions('Brussels Head Office')).toHaveCount(0);
    await expect(editor.confirmationSite('Antwerp Port Warehouse')).toContainText('No change: it already has these hours.');
    // Ghent (never secured) gains the nights, the weekend from Friday evening to Monday morning as one span.
    await expect(editor.removals('Ghent Distribution Centre')).toHaveCount(0);
    await expect(editor.additions('Ghent Distribution Centre')).toHaveText([
      'Adds Mon–Thu 22:00–06:00 (next day)',
      'Adds Fri 22:00–Mon 06:00',
    ]);
    await expect(editor.confirmButton()).toHaveText('Apply to 3 sites');
    await expect(editor.cancelButton()).toBeFocused(); // the safe choice first
    // The dialog: the page behind it, 336 cells, is scanned where it is the subject.
    const violations = await axe(page, { include: [{ fromShadowDom: ['vigil-portal', '[role="alertdialog"]'] }] });
    expect(violations, formatViolations(violations)).toEqual([]);

    // Cancel (and Escape) change nothing and send nothing.
    await editor.cancelButton().click();
    await expect(dialog).toBeHidden();
    await expect(editor.applyButton()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(writes).toHaveLength(0); // and the one write below is the only one ever sent
    await expect(editor.siteEntry('Brussels Head Office')).toContainText('Mon–Thu 18:00–07:00 (next day)');

    // One site fewer: the button says so; Apply sends ONE request naming each chosen site once.
    await editor.siteCheckbox('Brussels Head Office').uncheck();
    await editor.applyButton().click();
    await expect(editor.confirmButton()).toHaveText('Apply to 2 sites');
    await editor.confirmButton().click();
    await expect(editor.results()).toContainText('Ghent Distribution Centre: Mon–Thu 22:00–06:00 (next day) and Fri 22:00–Mon 06:00');
    await expect(dialog).toBeHidden();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.postDataJSON().siteUuids).toEqual([SITES.antwerpWarehouse, SITES.ghentDistribution]);
    await expect(editor.siteEntry('Ghent Distribution Centre')).toContainText('Mon–Thu 22:00–06:00 (next day) and Fri 22:00–Mon 06:00');
    await expect(editor.siteEntry('Brussels Head Office')).toContainText('Mon–Thu 18:00–07:00 (next day)');
  });

  test('one site: "Apply to 1 site"', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const editor = await new SiteSchedulesPage(page).openProject(PROJECTS.northwind);
    await editor.siteCheckbox('Ghent Distribution Centre').check();
    await editor.preset('Office hours only').click();
    await editor.applyButton().click();
    await expect(editor.confirmButton()).toHaveText('Apply to 1 site');
    await expect(editor.additions('Ghent Distribution Centre')).toHaveText(['Adds Mon–Fri 08:00–18:00']);
    await expect(editor.confirmation()).not.toContainText('removed');
  });
});

test.describe('on a 360 px phone, in German', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page overflow, cells at least 24 × 24 px, the grid turned (days as columns), the confirmation fits', async ({
    page,
    api,
    signIn,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInAs('de', api, signIn, request);
    const editor = new SiteSchedulesPage(page);
    await editor.goto(`/projects/${PROJECTS.northwind}/site-schedules`);
    const grid = page.getByRole('grid', { name: 'Anzuwendender Zeitplan' });
    await expect(grid).toBeVisible({ timeout: 30_000 }); // a busy machine loads slowly
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await overflow()).toBeLessThanOrEqual(360);

    const sizes = await grid
      .locator('[role=gridcell]')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
    expect(sizes).toHaveLength(336);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(24);

    // Turned: a column per day from noon to noon (a night in one column), so nothing scrolls sideways and no "show from".
    await expect(grid.getByRole('columnheader', { name: 'Montag bis Dienstag' })).toBeVisible();
    await expect(editor.jumpButtons()).toHaveCount(0);
    expect(await grid.evaluate((g) => g.parentElement!.scrollWidth - g.parentElement!.clientWidth)).toBeLessThanOrEqual(0);

    // The confirmation in German: pluralised, removals in words, nothing sticks out.
    for (const site of ['Antwerp Port Warehouse', 'Brussels Head Office', 'Ghent Distribution Centre'])
      await editor.siteCheckbox(site).check();
    await page.getByRole('group', { name: 'Vorlagen' }).getByRole('button', { name: 'Nur Bürozeiten' }).click();
    await expect(editor.applyButton()).toHaveText('Prüfen und anwenden …');
    const applyBox = (await editor.applyButton().boundingBox())!;
    expect(applyBox.x + applyBox.width).toBeLessThanOrEqual(360);
    await editor.applyButton().click();
    await expect(editor.confirmButton()).toHaveText('Auf 3 Standorte anwenden');
    await expect(editor.removals('Brussels Head Office').first()).toContainText(/^Entfernt /);
    for (const button of [editor.confirmButton(), editor.cancelButton()]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    }
    expect(await overflow()).toBeLessThanOrEqual(360);
  });
});

test.describe('on a tablet (800 px), in German', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the grid scrolls sideways in its own box: the chosen "show from" pressed, the page never overflows', async ({
    page,
    api,
    signIn,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInAs('de', api, signIn, request);
    const editor = new SiteSchedulesPage(page);
    await editor.goto(`/projects/${PROJECTS.northwind}/site-schedules`);
    const grid = page.getByRole('grid', { name: 'Anzuwendender Zeitplan' });
    await expect(grid).toBeVisible({ timeout: 30_000 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect(grid.getByRole('columnheader', { name: 'Montag bis Dienstag' })).toHaveCount(0); // not turned
    // "Anzeigen ab": one button pressed, the one chosen (in words for assistive tech, and drawn).
    const jumps = editor.jumpButtons();
    await expect(jumps).toHaveText(['00:00', '06:00', '12:00', '18:00']);
    await expect(jumps.nth(0)).toHaveAttribute('aria-pressed', 'true');
    const look = (i: number) => jumps.nth(i).evaluate((b) => getComputedStyle(b).backgroundColor);
    const unpressed = await look(1);
    // 800 px shows 12:00 to the week's end at once: the jump stops at the end of the range,
    // where 18:00 is in view too. The choice stays pressed once the scroll has ended.
    const scroller = page.locator('.sg-scroller');
    const scrolledToEnd = scroller.evaluate(
      (box) =>
        new Promise<void>((done) =>
          box.addEventListener('scrollend', function ended() {
            if (box.scrollLeft + box.clientWidth < box.scrollWidth - 2) return;
            box.removeEventListener('scrollend', ended);
            done();
          }),
        ),
    );
    await jumps.nth(2).click();
    await scrolledToEnd;
    // React has drawn what the scroll's end decided once a frame has passed.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(jumps.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(jumps.nth(0)).toHaveAttribute('aria-pressed', 'false');
    await expect(jumps.nth(3)).toHaveAttribute('aria-pressed', 'false');
    // Drawn pressed once the buttons' colour transition (120 ms) has run: read until it has.
    await expect.poll(() => look(2)).not.toBe(unpressed);
    // Monday 12:00 is now in sight sideways (the box scrolled; how far down the page the grid
    // sits depends on what the page shows above it).
    const noon = page.locator('[role=gridcell][aria-label="Montag 12:00–12:30"]');
    await expect
      .poll(() => noon.evaluate((cell) => ((r) => r.left >= 0 && r.right <= innerWidth)(cell.getBoundingClientRect())), {
        message: 'the 12:00 column is in sight',
      })
      .toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(800);
  });
});

test.describe('where painting starts', () => {
  test('from the chosen sites’ shared schedule (said so), else an empty week (said to differ)', async ({ page, signIn }) => {
    test.setTimeout(90_000);
    await signIn('manager@vigil.test');
    const editor = await new SiteSchedulesPage(page).openProject(PROJECTS.northwind);
    const note = page.locator('[part="start-note"]');
    const startFrom = page.getByLabel('Start from');
    const grid = page.getByRole('grid', { name: 'Schedule to apply' });
    const securedCount = () => grid.locator('[role=gridcell][aria-selected=true]').count();
    // Give Antwerp and Ghent the same schedule: nights only.
    await editor.siteCheckbox('Antwerp Port Warehouse').check();
    await editor.siteCheckbox('Ghent Distribution Centre').check();
    await startFrom.selectOption({ label: 'An empty week' });
    await editor.preset('Nights only').click();
    await editor.apply();
    await expect(editor.results()).toContainText('Ghent Distribution Centre: Mon–Sun 22:00–06:00 (next day)');

    await page.reload();
    await expect(editor.heading('Site security hours')).toBeVisible();
    await editor.siteCheckbox('Antwerp Port Warehouse').check();
    await expect(note).toHaveText('Starting from the current schedule of the chosen site.');
    await editor.siteCheckbox('Ghent Distribution Centre').check();
    await expect(note).toHaveText('Starting from the current schedule of all 2 sites.');
    await expect(startFrom).toHaveValue('current');
    await expect(startFrom.locator('option:checked')).toHaveText('Their current schedule');
    await expect.poll(securedCount).toBe(7 * 16);
    await expect(page.locator('.sm-summary')).toContainText('22:00–06:00');
    await expect(editor.reviewLine('Ghent Distribution Centre')).toHaveText('Ghent Distribution Centre: no change');

    // Brussels has other hours: the schedules differ, painting starts from an empty week.
    await editor.siteCheckbox('Brussels Head Office').check();
    await expect(note).toHaveText('The 3 chosen sites have different schedules, so painting starts from an empty week.');
    await expect(startFrom).toHaveValue('');
    await expect.poll(securedCount).toBe(0);

    // Painted cells are never replaced by a change of the chosen sites.
    await editor.siteCheckbox('Brussels Head Office').uncheck();
    await expect.poll(securedCount).toBe(7 * 16);
    await editor.preset('Around the clock').click();
    await editor.siteCheckbox('Brussels Head Office').check();
    await expect.poll(securedCount).toBe(336);
  });
});

test.describe('presets', () => {
  test('each says what it covers; one that removes secured hours says what it removed, with an Undo', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const matrix = await new ScheduleMatrixPage(page).openSite(SITES.brusselsOffice);
    const presets = page.getByRole('group', { name: 'Presets' }).getByRole('button');
    await expect(presets).toHaveText(['Outside office hours', 'Around the clock', 'Nights only', 'Office hours only', 'Clear all']);
    await expect(presets.nth(0)).toHaveAccessibleDescription('Nights and weekends: Mon–Fri 18:00–08:00 and all weekend.');
    await expect(presets.nth(3)).toHaveAccessibleDescription('Mon–Fri 08:00–18:00 only: leaves nights and weekends unguarded.');
    const saved = await matrix.securedCells();
    const loss = page.locator('[part="preset-loss"]');
    // Pressed only while the grid is that preset: Brussels' own week is none of them.
    const pressed = () => presets.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed')));
    await expect.poll(pressed).toEqual(['false', 'false', 'false', 'false', 'false']);

    // Outside office hours only adds to Brussels' nights (07:00–08:00): nothing removed, no warning.
    await presets.nth(0).click();
    await expect(page.locator('[part="tools"]').getByRole('status')).toHaveText('Applied: Outside office hours.');
    await expect(loss).toHaveCount(0);
    await expect.poll(pressed).toEqual(['true', 'false', 'false', 'false', 'false']);

    await presets.nth(3).click();
    await expect(presets.nth(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(presets.nth(0)).toHaveAttribute('aria-pressed', 'false');
    await expect(loss).toBeVisible();
    await expect(loss).toContainText('“Office hours only” removed secured hours.');
    await expect(loss).toContainText('No longer secured: Mon–Thu 18:00–08:00 (next day) and Fri 18:00–Mon 08:00.');
    await expect(matrix.saveState()).toContainText('removes Mon–Thu 18:00–07:00 (next day) and Fri 18:00–Mon 07:00');
    await loss.getByRole('button', { name: 'Undo “Office hours only”' }).click();
    await expect(loss).toHaveCount(0);
    await expect(page.locator('[part="tools"]').getByRole('status')).toHaveText('“Office hours only” undone.');
    await expect(matrix.saveState()).toHaveText('Unsaved changes: adds Mon–Fri 07:00–08:00.');

    await presets.nth(4).click(); // Clear all
    await expect(loss).toContainText('“Clear all” removed secured hours.');
    // An empty grid is "Clear all", never the first preset.
    await expect.poll(pressed).toEqual(['false', 'false', 'false', 'false', 'true']);
    await presets.nth(1).click(); // Around the clock removes nothing
    await expect(loss).toHaveCount(0);
    expect((await matrix.securedCells()).length).toBe(336);
    expect(saved.length).toBeLessThan(336);
  });
});
