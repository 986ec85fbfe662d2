import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, SEED_PASSWORD, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { EvacuationExamplePage } from './screens/EvacuationExamplePage.ts';

const START_ERROR = 'Something went wrong. Unable to start the evacuation. Please try again by refreshing the page or contact our support.';
const startUrl = `**/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`;

/** Whether an element of the page outside the open modal dialog has focus (through shadow roots). */
function focusOutsideDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active !== null && active !== document.body && !active.closest('dialog[open]');
  });
}

test.describe('evacuation on the intranet example page', () => {
  test('signs in with the page’s login card, then starts and aborts with the server’s status and events', async ({ page }) => {
    const example = await new EvacuationExamplePage(page).open();
    await example.signInWithLoginCard('manager@vigil.test', SEED_PASSWORD);
    await expect(example.status()).toContainText('No evacuation in progress');
    await expect(example.control()).toContainText('Northwind Logistics');

    await example.startButton().click();
    await expect(example.dialog()).toContainText('Start the evacuation of Northwind Logistics?');
    await expect(example.dialog()).toContainText('All people at every site of Northwind Logistics will be told to leave the building now.');
    await expect(example.cancelButton()).toBeFocused();
    // Nothing is chosen for the user: confirming waits for drill or real.
    await expect(example.confirmButton()).toBeDisabled();
    await example.chooseMode('real');
    await example.confirmButton().click();

    await expect(example.dialog()).toBeHidden();
    await expect(example.status()).toContainText('Evacuation in progress');
    await expect(example.status()).toContainText(/started by Morgan Manager/i);
    // Started today: the time alone (the date too only for another day), no seconds.
    await expect(example.status()).toContainText(/Since (\w+ \d+, \d{4}, )?\d{2}:\d\d,/);
    await expect(example.control()).toContainText(/Last confirmed at \d+:\d\d/);
    await expect(example.control()).not.toContainText(/Last confirmed at \d+:\d\d:\d\d/); // no seconds
    // Focus came back to the (same) button, which now offers the abort.
    await expect(example.abortButton()).toBeFocused();
    await expect(example.logEntries().first()).toContainText(`Evacuation started: project ${PROJECTS.northwind}, active since`);
    await expect(example.logEntries().first()).toContainText('started by Morgan Manager');

    await example.abortButton().click();
    await expect(example.dialog()).toContainText('End the evacuation of Northwind Logistics?');
    await example.confirmButton().click();
    await expect(example.status()).toContainText('No evacuation in progress');
    await expect(example.status()).toContainText(/The last evacuation ended (today at \d\d:\d\d|on \w+ \d+, \d{4}, \d\d:\d\d)\./); // today: never "ended on 14:11"
    await expect(example.logEntries().first()).toContainText(`Evacuation aborted: project ${PROJECTS.northwind}, inactive`);
  });

  test('Cancel and Escape send nothing and give focus back', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const example = await new EvacuationExamplePage(page).open();
    const sent = example.recordActions();
    await expect(example.status()).toContainText('No evacuation in progress');

    await example.startButton().click();
    await example.cancelButton().click();
    await expect(example.dialog()).toBeHidden();
    await expect(example.startButton()).toBeFocused();

    await page.keyboard.press('Enter'); // opens it again, by keyboard
    await expect(example.cancelButton()).toBeFocused();
    await expect(example.confirmButton()).toBeDisabled();
    await example.chooseMode('real');
    await example.cancelButton().focus();
    await page.keyboard.press('Tab');
    await expect(example.confirmButton()).toBeFocused();
    // A modal dialog: past its last button Tab may visit the browser's own controls, never
    // the page behind, and comes back to Cancel.
    // (Through the emergency line's phone links, the choice and the reason on the way.)
    for (let i = 0; i < 10 && !(await example.cancelButton().evaluate((b) => b.matches(':focus'))); i++) {
      await page.keyboard.press('Tab');
      expect(await focusOutsideDialog(page), 'Tab stays off the page behind the dialog').toBe(false);
    }
    await expect(example.cancelButton()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(example.dialog()).toBeHidden();
    await expect(example.startButton()).toBeFocused();
    expect(sent).toHaveLength(0);
    await expect(example.status()).toContainText('No evacuation in progress');
  });

  test('a double click on confirm sends one request', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const example = await new EvacuationExamplePage(page).open();
    const sent = example.recordActions();
    // The answer is held until both clicks have landed: the second comes while the first is under way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(startUrl, async (route) => {
      await held;
      await route.continue();
    });
    await expect(example.status()).toContainText('No evacuation in progress');
    await example.startButton().click();
    await example.chooseMode('real');
    await example.confirmButton().dblclick();
    await expect.poll(() => sent.length, { message: 'the start is on its way' }).toBe(1);
    release();
    await expect(example.status()).toContainText('Evacuation in progress');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // Two clicks in one task (before React re-renders) are caught too.
    await example.abortButton().click();
    // Once the confirmation has armed (it refuses clicks for a moment after opening).
    await expect(example.confirmButton()).not.toHaveAttribute('aria-disabled', 'true');
    await example.confirmButton().evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(example.status()).toContainText('No evacuation in progress');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers()['idempotency-key']).not.toBe(sent[0]!.headers()['idempotency-key']);
  });

  test('a 500 on start leaves the status inactive, shows the toast, and the retry reuses the key', async ({
    page,
    signIn,
    browserProblems,
  }) => {
    browserProblems.allow(/status of 500/);
    await signIn('manager@vigil.test');
    const example = await new EvacuationExamplePage(page).open();
    const sent = example.recordActions();
    await page.route(startUrl, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'Internal Server Error' }] }),
      }),
    );
    await expect(example.status()).toContainText('No evacuation in progress');
    await example.start();

    // The toast shows inside the open (modal) dialog, where it can be reached and dismissed.
    await expect(example.dialog().getByRole('alert').filter({ hasText: START_ERROR })).toBeVisible();
    await expect(example.dialog().getByRole('alert').filter({ hasText: 'The evacuation could not be started.' })).toBeVisible();
    // By keyboard: Tab reaches the toast's Dismiss button inside the dialog; Enter dismisses.
    const dismiss = example.dialog().getByRole('button', { name: 'Dismiss notification' });
    // (Past the emergency line's phone links and the dialog's buttons.)
    for (let i = 0; i < 8 && !(await dismiss.evaluate((b) => b.matches(':focus'))); i++) await page.keyboard.press('Tab');
    await expect(dismiss).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(example.dialog().getByRole('alert').filter({ hasText: START_ERROR })).toHaveCount(0);
    await expect(example.dialog()).toBeVisible();
    await expect(example.status()).toContainText('No evacuation in progress');
    await expect(example.confirmButton()).toBeEnabled();
    await expect(page.locator('#log li')).toHaveCount(0);

    await page.unroute(startUrl);
    await example.confirmButton().click();
    await expect(example.dialog()).toBeHidden();
    await expect(example.status()).toContainText('Evacuation in progress');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers()['idempotency-key']).toBe(sent[0]!.headers()['idempotency-key']);
  });

  test('the control’s own compact sign-in works too', async ({ page }) => {
    const example = await new EvacuationExamplePage(page).open();
    await example.signInInControl('viewer@vigil.test', SEED_PASSWORD);
    await expect(example.status()).toContainText('No evacuation in progress');
    await expect(example.loginCard()).toContainText('Vic Viewer');
  });

  test('another user’s evacuation shows up by itself, pushed by the server', async ({ page, signIn, api }) => {
    await signIn('manager@vigil.test');
    const example = await new EvacuationExamplePage(page).open();
    await expect(example.status()).toContainText('No evacuation in progress');
    const viewer = await api.login('viewer@vigil.test');
    await api.request.post(`/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
      headers: { Authorization: `Bearer ${viewer.token}`, 'Idempotency-Key': 'e2e-viewer-start' },
    });
    await expect(example.status()).toContainText(/started by Vic Viewer/i, { timeout: 5_000 });
    await expect(example.abortButton()).toBeVisible();
  });

  test('is accessible, with the dialog open too', async ({ page, signIn }) => {
    await signIn('manager@vigil.test');
    const example = await new EvacuationExamplePage(page).open();
    await expect(example.status()).toContainText('No evacuation in progress');
    await expectNoA11yViolations(page);
    await example.startButton().click();
    await expect(example.dialog()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('touch targets stay big on a phone', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn('manager@vigil.test');
    const example = await new EvacuationExamplePage(page).open();
    const start = await example.startButton().boundingBox();
    const card = await example.control().boundingBox();
    expect(start!.height).toBeGreaterThanOrEqual(48);
    expect(start!.width).toBeGreaterThanOrEqual(card!.width - 40); // the card's whole width
    await example.startButton().click();
    for (const button of [example.confirmButton(), example.cancelButton()]) {
      const box = await button.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(48);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
  });
});

test.describe('evacuation in the portal', () => {
  test('a site started from its page shows in the project’s one block with the starter, and aborts from there', async ({
    page,
    signedInPage,
    api,
  }) => {
    await signedInPage('manager@vigil.test', { path: `/site/${SITES.antwerpWarehouse}` });
    const block = new EvacuationBlock(page);
    await expect(block.status()).toContainText('No evacuation in progress');
    await block.button('Start evacuation').click();
    await expect(block.dialog()).toContainText('All people at Antwerp Port Warehouse will be told to leave the building now.');
    await block.confirm();
    await expect(block.status()).toContainText('This site is being evacuated.');
    await expect(block.status()).toContainText('started by Morgan Manager');

    // The whole project too, started by someone else through the API.
    const viewer = await api.login('viewer@vigil.test');
    await api.request.post(`/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
      headers: { Authorization: `Bearer ${viewer.token}`, 'Idempotency-Key': 'e2e-portal-project-start' },
    });

    await page.goto(`/project/${PROJECTS.northwind}`);
    await expect(block.status()).toContainText('The whole project is being evacuated.');
    await expect(block.status()).toContainText('started by Vic Viewer');
    await expect(block.siteRows()).toHaveCount(1);
    await expect(block.siteRow('Antwerp Port Warehouse')).toContainText('started by Morgan Manager');
    await expect(block.root()).not.toContainText('No evacuation in progress');
    await expectNoA11yViolations(page, { include: [{ fromShadowDom: ['vigil-portal', '.evac'] }] });

    await block.siteAbort('Antwerp Port Warehouse').click();
    await expect(block.dialog()).toContainText('End the evacuation of Antwerp Port Warehouse?');
    await expectNoA11yViolations(page, { include: [{ fromShadowDom: ['vigil-portal', '[role="alertdialog"]'] }] });
    await block.confirm();
    await expect(block.siteRows()).toHaveCount(0);
    await expect(block.status()).toContainText('The whole project is being evacuated.');

    await block.button('End evacuation').click();
    await block.confirm();
    await expect(block.status()).toContainText('No evacuation in progress');
    await expect(block.endedNote()).toContainText('no evacuation is in progress at Northwind Logistics');
    // The same button now offers the start, and kept the focus.
    await expect(block.button('Start evacuation')).toBeFocused();
  });

  test('the whole project is evacuated from its page: confirmation, then the block says so; abort ends it', async ({
    page,
    signedInPage,
  }) => {
    await signedInPage('manager@vigil.test', { path: `/project/${PROJECTS.northwind}` });
    const block = new EvacuationBlock(page);
    await expect(block.status()).toContainText('No evacuation in progress');
    await block.button('Start evacuation').click();
    const dialog = block.dialog();
    await expect(dialog).toContainText('Northwind Logistics');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await block.confirm();
    await expect(block.status()).toContainText('The whole project is being evacuated.');
    await expect(block.status()).toContainText('started by Morgan Manager');
    await expect(block.bar()).toContainText('Northwind Logistics (whole project)');
    await block.button('End evacuation').click();
    await block.confirm();
    await expect(block.status()).toContainText('No evacuation in progress');
    await expect(block.bar()).toBeHidden();
  });

  test('a site evacuation started elsewhere shows by itself, without reloading', async ({ page, signedInPage, api }) => {
    await signedInPage('manager@vigil.test', { path: `/project/${PROJECTS.northwind}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Logistics' })).toBeVisible();
    const block = new EvacuationBlock(page);
    await expect(block.status()).toContainText('No evacuation in progress');
    const manager = await api.login('manager@vigil.test');
    await api.request.post(`/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/start`, {
      headers: { Authorization: `Bearer ${manager.token}`, 'Idempotency-Key': 'e2e-portal-ghent-start' },
    });
    await expect(block.siteRow('Ghent Distribution Centre')).toContainText('started by Morgan Manager', { timeout: 8_000 });
    await expect(block.status()).toContainText('Evacuation in progress');
  });
});
