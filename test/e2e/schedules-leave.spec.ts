// Leaving unsaved security hours by an in-app link asks in the portal's own dialog (not
// the browser's confirm): "Stay" keeps the page and the edits, "Save and leave" saves and
// then goes, a failed save stays with the save error and every painted cell, "Leave
// without saving" discards. Also on a phone: a night shift painted in one drag down a
// column of the turned grid, nothing scrolling sideways; and the keyboard help behind a
// closed "Keyboard" disclosure. Against the demo server, in the portal.
import type { Page } from '@playwright/test';
import { Answers, parse, type Interval } from '../../src/core/api/contract.ts';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { axe, expect, formatViolations, test } from './fixtures.ts';
import { FAILED_REQUEST_CONSOLE, injectFault } from './support/faults.ts';
import { ScheduleMatrixPage } from './screens/ScheduleMatrixPage.ts';
import { SiteSchedulesPage } from './screens/SiteSchedulesPage.ts';

const iv = (from: string, to: string): Interval => ({ from, to });

/** The portal's leave dialog (an alertdialog), and the browser's own dialogs, recorded. */
function leaveDialog(page: Page) {
  const dialog = page.getByRole('alertdialog', { name: 'Save your changes before leaving?' });
  return {
    dialog,
    stay: dialog.getByRole('button', { name: 'Stay', exact: true }),
    save: dialog.getByRole('button', { name: 'Save and leave', exact: true }),
    discard: dialog.getByRole('button', { name: 'Leave without saving', exact: true }),
  };
}

function recordBrowserDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.type());
    void d.dismiss();
  });
  return seen;
}

const projectLink = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Northwind Logistics' });

async function savedDays(page: Page, request: import('@playwright/test').APIRequestContext, token: string, site: string) {
  void page;
  const res = await request.get(`/api/v2/sites/${site}`, { headers: { Authorization: `Bearer ${token}` } });
  return parse(Answers.site, await res.json()).data.schedule!.days;
}

test.describe('leaving unsaved security hours by an in-app link', () => {
  test('the portal asks: Stay keeps the edits (focused first, Escape stays too); Leave without saving discards', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000); // drags over the 336-cell week, and a dialog scanned by axe
    await signIn('manager@vigil.test');
    const browserDialogs = recordBrowserDialogs(page);
    const matrix = await new ScheduleMatrixPage(page).openSite(SITES.antwerpWarehouse);
    const saved = await matrix.securedCells();
    await matrix.drag(matrix.cell('Wednesday', '10:00'), matrix.cell('Wednesday', '11:30'));
    const painted = await matrix.securedCells();
    expect(painted).not.toEqual(saved);
    const leave = leaveDialog(page);

    await projectLink(page).click();
    await expect(leave.dialog).toBeVisible();
    await expect(leave.dialog).toContainText('Your changes to the security hours are not saved yet (adds Wed 10:00–12:00).');
    await expect(leave.stay).toBeFocused(); // the safe choice first
    // The dialog: the page behind it, 336 cells, is scanned where it is the subject.
    const violations = await axe(page, { include: [{ fromShadowDom: ['vigil-portal', '[role="alertdialog"]'] }] });
    expect(violations, formatViolations(violations)).toEqual([]);
    await leave.stay.click();
    await expect(leave.dialog).toBeHidden();
    await matrix.expectRoute(`/site/${SITES.antwerpWarehouse}/schedule`);
    expect(await matrix.securedCells()).toEqual(painted);
    await expect(matrix.saveButton()).toBeEnabled();

    // Escape is "Stay" as well.
    await projectLink(page).click();
    await expect(leave.stay).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(leave.dialog).toBeHidden();
    await matrix.expectRoute(`/site/${SITES.antwerpWarehouse}/schedule`);
    expect(await matrix.securedCells()).toEqual(painted);

    await projectLink(page).click();
    await leave.discard.click();
    await matrix.expectRoute(`/project/${PROJECTS.northwind}`);
    // Discarded: coming back shows the saved schedule, nothing offered back.
    await page.goBack();
    await expect(matrix.grid()).toBeVisible();
    await expect.poll(() => matrix.securedCells()).toEqual(saved);
    await expect(matrix.saveButton()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Restore my changes' })).toHaveCount(0);
    expect(browserDialogs).toEqual([]); // never the browser's confirm
  });

  test('Save and leave saves, then goes where the link pointed', async ({ page, signIn, request }) => {
    const user = await signIn('manager@vigil.test');
    const matrix = await new ScheduleMatrixPage(page).openSite(SITES.ghentDistribution);
    expect(await matrix.securedCells()).toEqual([]);
    await matrix.drag(matrix.cell('Tuesday', '09:00'), matrix.cell('Tuesday', '10:30'));
    const posts: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/update-site-schedules')) posts.push(r.postDataJSON());
    });
    const leave = leaveDialog(page);
    await projectLink(page).click();
    await leave.save.click();
    await matrix.expectRoute(`/project/${PROJECTS.northwind}`);
    await matrix.expectToast('Security hours saved.');
    expect(posts).toHaveLength(1);
    expect(await savedDays(page, request, user.token, SITES.ghentDistribution)).toEqual([[], [iv('09:00', '11:00')], [], [], [], [], []]);
  });

  test.describe('when the save fails', () => {
    test.use({ allowedConsoleErrors: FAILED_REQUEST_CONSOLE });

    test('Save and leave stays on the page with the save error, every painted cell kept', async ({ page, signIn }) => {
      await signIn('manager@vigil.test');
      const matrix = await new ScheduleMatrixPage(page).openSite(SITES.brusselsOffice);
      await matrix.drag(matrix.cell('Saturday', '10:00'), matrix.cell('Saturday', '13:30'));
      const painted = await matrix.securedCells();
      const fault = await injectFault(page, { method: 'POST', path: /\/update-site-schedules$/ }, '500-errors');
      const leave = leaveDialog(page);
      await projectLink(page).click();
      await leave.save.click();
      await fault.hit;
      await expect(matrix.saveError()).toContainText('Something went wrong. Unable to save security hours.');
      await expect(matrix.saveError()).toContainText('Nothing was saved; everything you painted is still here.');
      await expect(leave.dialog).toBeHidden();
      await matrix.expectRoute(`/site/${SITES.brusselsOffice}/schedule`);
      expect(await matrix.securedCells()).toEqual(painted);
      await expect(matrix.saveButton()).toBeEnabled();

      // It still asks, and saving works once the server answers again.
      await fault.remove();
      await projectLink(page).click();
      await leave.save.click();
      await matrix.expectRoute(`/project/${PROJECTS.northwind}`);
    });
  });
});

test('the multi-site editor asks too, without “Save and leave” (it applies only after its review)', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  const browserDialogs = recordBrowserDialogs(page);
  const editor = await new SiteSchedulesPage(page).openProject(PROJECTS.northwind);
  await editor.siteCheckbox('Ghent Distribution Centre').check();
  await editor.preset('Nights only').click();
  const back = page.getByRole('link', { name: 'Northwind Logistics' }).last();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without applying?' });

  await back.click();
  await expect(dialog).toContainText('The schedule you painted has not been applied to any site yet. If you leave, it is lost.');
  await expect(dialog.getByRole('button')).toHaveText(['Stay', 'Leave without saving']);
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await editor.expectRoute(`/projects/${PROJECTS.northwind}/site-schedules`);
  await expect(editor.reviewLine('Ghent Distribution Centre')).toContainText('adds');

  await back.click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await editor.expectRoute(`/project/${PROJECTS.northwind}`);
  expect(browserDialogs).toEqual([]);
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a night shift 22:00–06:00 is one drag down a column: in view at once, no sideways scrolling; saved', async ({
    page,
    signIn,
    request,
  }) => {
    test.setTimeout(90_000); // axe walks 336 cells in a shadow root
    const user = await signIn('manager@vigil.test');
    const matrix = await new ScheduleMatrixPage(page).openSite(SITES.ghentDistribution);
    // Turned: the days are columns (a night runs down one column).
    await expect(matrix.grid().getByRole('columnheader', { name: 'Monday to Tuesday' })).toBeVisible();
    const from = matrix.cell('Monday', '22:00');
    const to = matrix.cell('Tuesday', '05:30');
    // The grid's box opens on the night (21:00 at its top): bring the whole box into view.
    await matrix.grid().evaluate((grid) => grid.parentElement!.scrollIntoView({ block: 'end' }));
    // Both ends in view together, the page not scrolled sideways.
    const viewport = page.viewportSize()!;
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    expect(a.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(viewport.height);
    expect(Math.abs(a.x - b.x)).toBeLessThan(1); // the same column
    expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
    // Not under the portal's sticky header either: the cells themselves are what is there.
    const hit = (x: number, y: number) =>
      page.evaluate(
        ([px, py]) => {
          const root = document.querySelector('vigil-portal')?.shadowRoot;
          return (root?.elementFromPoint(px!, py!) as HTMLElement | null)?.getAttribute('aria-label') ?? null;
        },
        [x, y],
      );
    expect(await hit(a.x + a.width / 2, a.y + a.height / 2)).toBe('Monday 22:00–22:30');
    expect(await hit(b.x + b.width / 2, b.y + b.height / 2)).toBe('Tuesday 05:30–06:00');

    // A finger: down on Monday 22:00, along the column, up on Tuesday 05:30.
    const cdp = await page.context().newCDPSession(page);
    const at = (y: number) => [{ x: a.x + a.width / 2, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a.y + a.height / 2) });
    const steps = 12;
    for (let i = 1; i <= steps; i++) {
      const y = a.y + a.height / 2 + ((b.y - a.y) * i) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(matrix.announcement()).toHaveText('Mon 22:00–Tue 06:00 secured');
    expect(await matrix.securedCells()).toHaveLength(16);
    const sideways = await page.evaluate(() => {
      const scroller = document.querySelector('vigil-portal')?.shadowRoot?.querySelector('.sg-scroller') ?? null;
      const box = (el: Element | null) => (el ? el.scrollWidth - el.clientWidth : -1);
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        page2: window.scrollX,
        grid: box(scroller),
      };
    });
    expect(sideways.page).toBeLessThanOrEqual(0);
    expect(sideways.page2).toBe(0);
    expect(sideways.grid).toBeLessThanOrEqual(0);

    const violations = await axe(page); // the turned grid too
    expect(violations, formatViolations(violations)).toEqual([]);

    await matrix.save();
    await expect(matrix.saveState()).toHaveText('All changes are saved.');
    expect(await savedDays(page, request, user.token, SITES.ghentDistribution)).toEqual([[iv('22:00', '06:00')], [], [], [], [], [], []]);
  });

  test('keyboard painting follows the turned grid: Down moves through the night', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const matrix = await new ScheduleMatrixPage(page).openSite(SITES.ghentDistribution);
    await expect(matrix.grid().getByRole('columnheader', { name: 'Monday to Tuesday' })).toBeVisible();
    await matrix.cell('Friday', '22:00').click(); // secures it, and takes the tab stop there
    await matrix.press('Shift+ArrowDown', 15);
    await expect(matrix.announcement()).toHaveText('Fri 22:00–Sat 06:00 secured');
    await expect(matrix.cell('Saturday', '05:30')).toHaveAttribute('aria-selected', 'true');
    await expect(matrix.cell('Saturday', '06:00')).toHaveAttribute('aria-selected', 'false');
  });
});

test('the keyboard help is behind a closed “Keyboard” disclosure that opens by keyboard and describes the grid', async ({
  page,
  signIn,
}) => {
  await signIn('manager@vigil.test');
  const matrix = await new ScheduleMatrixPage(page).openSite(SITES.ghentDistribution);
  const help = page.locator('[part="keyboard-help"]');
  const summary = help.getByText('Keyboard', { exact: true });
  const text = page.getByText(/^Arrow keys move, Space switches the focused half-hour/);
  await expect(summary).toBeVisible();
  await expect(help).not.toHaveAttribute('open');
  await expect(text).toBeHidden();
  // Still the grid's description for assistive tech while closed.
  await expect(matrix.grid()).toHaveAccessibleDescription(/Arrow keys move, Space switches the focused half-hour/);

  await summary.focus();
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(help).toHaveAttribute('open');
  await expect(text).toBeVisible();
  await page.keyboard.press('Space');
  await expect(help).not.toHaveAttribute('open');
});
