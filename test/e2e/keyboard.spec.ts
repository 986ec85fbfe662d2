// Keyboard-only journeys: sign in, start and abort an evacuation, paint and save security
// hours — with page.keyboard only (Tab, typing, Enter, Space, Escape, arrows). An init
// script records every pointer and mouse button event the page receives, and each
// journey ends by checking there was none.
import type { Locator, Page } from '@playwright/test';
import { SEED_PASSWORD, SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';
import { message, waitForContent } from './support/faults.ts';

test.describe.configure({ mode: 'default' });
test.use({ dbReset: 'file' });

/** Records pointer/mouse button events in every page of the test (none may happen). */
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __pointerEvents: string[] }).__pointerEvents = seen;
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'wheel']) {
      addEventListener(type, (e) => seen.push(`${type} on ${(e.composedPath()[0] as Element | undefined)?.nodeName ?? '?'}`), true);
    }
  });
});

async function expectNoPointer(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pointerEvents: string[] }).__pointerEvents)).toEqual([]);
}

/** What has focus, through shadow roots ("BUTTON Start evacuation"), for messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el) return '(nothing)';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    return `${el.nodeName} ${name}`;
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el.matches(':focus'));

/** Whether an element of the page outside the open modal dialog has focus (through shadow roots). */
function focusOutsideDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active !== null && active !== document.body && !active.closest('dialog[open]');
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses (focus is on ${await describeFocus(page)})`);
}

async function expectFocused(page: Page, target: Locator, what: string): Promise<void> {
  await expect.poll(() => isFocused(target), { message: `${what} (focus is on ${await describeFocus(page)})` }).toBe(true);
}

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test('sign in from /login with Tab, typing and Enter', async ({ page }) => {
  await page.goto(portalPath('/login'));
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Vigil' })).toBeVisible();

  await tabTo(page, main.getByLabel('E-mail address'));
  await page.keyboard.type('manager@vigil.test');
  await page.keyboard.press('Tab');
  await expectFocused(page, main.getByLabel('Password', { exact: true }), 'Tab goes from the e-mail to the password');
  await page.keyboard.type(SEED_PASSWORD);
  await page.keyboard.press('Enter');

  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Morgan Manager/ })).toBeVisible();

  // And on into a project, still by keyboard.
  await tabTo(page, page.getByRole('link', { name: 'Northwind Logistics' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Logistics' })).toBeVisible();
  await expectNoPointer(page);
});

test('start and end an evacuation of a site by keyboard', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  await page.goto(portalPath(`/site/${SITES.antwerpWarehouse}`));
  await waitForContent(page);
  const control = page.getByRole('region', { name: /^Evacuation/ });
  const status = control.getByRole('status').first();
  await expect(status).toContainText(message('evacuation.control.inactive'));
  const dialog = page.getByRole('alertdialog');

  // Open the confirmation: Cancel has focus first; Escape cancels; focus returns.
  const start = control.getByRole('button', { name: 'Start evacuation' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Antwerp Port Warehouse');
  await expectFocused(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel has focus when the dialog opens');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(page, start, 'focus returns to Start after Escape');
  await expect(status).toContainText(message('evacuation.control.inactive'));

  // Again, and confirm: Tab moves to the confirm button and never reaches the page behind
  // the (modal) dialog: past its last button it may visit the browser's own controls, then
  // comes back round to Cancel.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  const confirmStart = dialog.getByRole('button', { name: 'Start evacuation' });
  await expectFocused(page, cancel, 'Cancel has focus when the dialog opens again');
  // Nothing is chosen for the user: the confirm is out of reach until "drill or real" is.
  await expect(confirmStart).toBeDisabled();
  await page.keyboard.press('Shift+Tab'); // the reason
  await page.keyboard.press('Shift+Tab'); // the choice (none checked: its last radio)
  const real = dialog.getByRole('radio', { name: /^Real evacuation/ });
  await expectFocused(page, real, 'Shift+Tab reaches the drill-or-real choice');
  await page.keyboard.press('Space');
  await expect(real).toBeChecked();
  await page.keyboard.press('Tab');
  await expectFocused(page, dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'Tab goes to the reason');
  await page.keyboard.press('Tab');
  await expectFocused(page, cancel, 'then to Cancel');
  await page.keyboard.press('Tab');
  await expectFocused(page, confirmStart, 'Tab goes from Cancel to Start evacuation');
  // (Round through the emergency line's phone links, the choice and the reason.)
  for (let i = 0; i < 10 && !(await isFocused(cancel)); i++) {
    await page.keyboard.press('Tab');
    expect(await focusOutsideDialog(page), `Tab stays off the page (focus is on ${await describeFocus(page)})`).toBe(false);
  }
  await expectFocused(page, cancel, 'Tab comes back round to Cancel');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expectFocused(page, cancel, 'Shift+Tab goes back');
  await page.keyboard.press('Tab');
  await expectFocused(page, confirmStart, 'Tab goes to Start evacuation again');
  // The confirmation arms once it has been visible for a moment (clickjacking guard).
  await expect(confirmStart).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(status).toContainText(message('evacuation.control.active'));

  // Focus is back on the control's button, which now ends it.
  const abort = control.getByRole('button', { name: 'End evacuation' });
  await expectFocused(page, abort, 'focus returns to the (now) End button');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectFocused(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel has focus first in the end dialog');
  await page.keyboard.press('Tab');
  await expectFocused(page, dialog.getByRole('button', { name: 'End evacuation' }), 'Tab goes to End evacuation');
  await expect(dialog.getByRole('button', { name: 'End evacuation' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(status).toContainText(message('evacuation.control.inactive'));
  await expectFocused(page, start, 'focus returns to Start after ending');
  await expectNoPointer(page);
});

test("paint security hours on the site's schedule page with arrows, Space and Shift+arrows, and save", async ({ page, api, signIn }) => {
  const user = await signIn('manager@vigil.test');
  await page.goto(portalPath(`/site/${SITES.antwerpWarehouse}/schedule`));
  await waitForContent(page);
  const grid = page.getByRole('grid', { name: /^Security hours of / });
  const cell = (name: string) => grid.getByRole('gridcell', { name, exact: true });

  // The grid is one tab stop (Monday 00:00 first); arrows move inside it.
  await tabTo(page, grid.locator('[role=gridcell][tabindex="0"]'), { max: 80 });
  await expectFocused(page, cell('Monday 00:00–00:30'), 'the grid starts at Monday 00:00');
  await press(page, 'ArrowDown', 2); // Wednesday
  await press(page, 'ArrowRight', 24); // 12:00
  await expectFocused(page, cell('Wednesday 12:00–12:30'), 'arrows move to Wednesday 12:00');
  await expect(cell('Wednesday 12:00–12:30')).toHaveAttribute('aria-selected', 'false');

  // Space secures it; Shift+arrows paint on from here with its value (secured).
  await page.keyboard.press('Space');
  await press(page, 'Shift+ArrowRight', 3);
  for (const name of ['Wednesday 12:00–12:30', 'Wednesday 12:30–13:00', 'Wednesday 13:00–13:30', 'Wednesday 13:30–14:00']) {
    await expect(cell(name), `${name} painted`).toHaveAttribute('aria-selected', 'true');
  }
  await expect(cell('Wednesday 14:00–14:30')).toHaveAttribute('aria-selected', 'false');

  // A move without Shift ends the stroke; Space switches one half-hour.
  await page.keyboard.press('ArrowDown');
  await expectFocused(page, cell('Thursday 13:30–14:00'), 'ArrowDown goes to Thursday');
  await page.keyboard.press('Space');
  await expect(cell('Thursday 13:30–14:00')).toHaveAttribute('aria-selected', 'true');
  await expect(cell('Thursday 13:00–13:30')).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByText(/^Unsaved changes:/)).toBeVisible();

  // Save, by keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: message('schedules.editor.savedToast') })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(message('schedules.editor.upToDate'))).toBeVisible();

  // The server has it.
  const res = await api.request.get(`/api/v2/sites/${SITES.antwerpWarehouse}`, { headers: { authorization: `Bearer ${user.token}` } });
  const site = ((await res.json()) as { data: { schedule: { days: { from: string; to: string }[][] } } }).data;
  expect(site.schedule.days[2]).toContainEqual({ from: '12:00', to: '14:00' });
  expect(site.schedule.days[3]).toContainEqual({ from: '13:30', to: '14:00' });
  await expectNoPointer(page);
});
