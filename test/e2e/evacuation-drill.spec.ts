// Evacuation as a workflow people rehearse and account for, on a phone: a drill is chosen
// on purpose (nothing is preselected), says DRILL wherever its state shows, carries its
// reason, ends as a drill, and lands in the project's history and its CSV export.
import { readFile } from 'node:fs/promises';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { ProjectPage } from './screens/ProjectPage.ts';
import { integratorPage } from './support/integrator-page.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('under the bar a system page shows its cameras first, the evacuation as one line, and the bar stays in view', async ({
  page,
  signIn,
}) => {
  await signIn('manager@vigil.test');
  await page.goto(`/site/${SITES.antwerpWarehouse}`);
  const block = new EvacuationBlock(page);
  await expect(block.status()).toContainText('No evacuation in progress');
  await block.button('Start evacuation').click();
  await block.confirm('real');
  await expect(block.bar()).toContainText('Antwerp Port Warehouse (Northwind Logistics)');

  await page.goto(`/system/${SYSTEMS.antwerpDocks}`);
  const cameras = page.getByRole('region', { name: 'Live view of Dock cameras' });
  await expect(cameras).toBeAttached();
  // One compact line (not a second large card) while the bar says it loudly.
  await expect(block.root()).toHaveClass(/evac-compact/);
  await expect(block.status()).toContainText('Antwerp Port Warehouse is being evacuated.');
  // The cameras come first, above the fold.
  const camerasBox = (await cameras.boundingBox())!;
  const blockBox = (await block.root().boundingBox())!;
  expect(camerasBox.y).toBeLessThan(blockBox.y);
  expect(camerasBox.y).toBeLessThan(740);
  await expect
    .poll(() => page.evaluate(() => (window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }), window.scrollY)))
    .toBeGreaterThan(100);
  await expect(block.bar()).toBeInViewport({ ratio: 1 });
  await expect(block.bar()).toContainText(/for \d+ min/);
});

test('a drill: chosen on purpose, DRILL everywhere with its reason, ended as a drill, in the history and the CSV', async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn('manager@vigil.test');
  await page.goto(`/site/${SITES.antwerpWarehouse}`);
  const block = new EvacuationBlock(page);
  await expect(block.status()).toContainText('No evacuation in progress');
  await block.button('Start evacuation').click();

  const dialog = block.dialog();
  // In danger, people call 112 first, and the customer's control room.
  await expect(dialog.getByRole('link', { name: 'Call 112' })).toHaveAttribute('href', 'tel:112');
  await expect(dialog).toContainText('In danger? Call 112 first.');
  await expect(dialog.getByRole('link', { name: '+32 3 555 01 23' })).toHaveAttribute('href', 'tel:+3235550123');
  // Nothing is preselected: the confirm waits for a choice.
  await expect(dialog.getByRole('radio', { name: /^Drill/ })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Real evacuation/ })).not.toBeChecked();
  await expect(block.confirmButton()).toBeDisabled();
  await dialog.getByRole('radio', { name: /^Drill/ }).check();
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Fire alarm in hall B');
  await expect(block.confirmButton()).toHaveText('Start drill');
  await block.confirmButton().click();
  await expect(dialog).toBeHidden();

  // The bar: DRILL, its own title, the reason.
  await expect(block.bar()).toContainText('DRILL');
  await expect(block.bar()).toContainText('Evacuation drill in progress');
  await expect(block.bar()).toContainText('Reason: Fire alarm in hall B');
  await expect(block.status()).toContainText('DRILL');
  await expect(block.status()).toContainText('Reason: Fire alarm in hall B');

  // The project page lists the site with DRILL and the reason.
  await page.goto(`/project/${PROJECTS.northwind}`);
  await expect(block.siteRow('Antwerp Port Warehouse')).toContainText('DRILL');
  await expect(block.siteRow('Antwerp Port Warehouse')).toContainText('Reason: Fire alarm in hall B');
  // Its card is marked as a drill, in the drills' colour, not as an evacuation.
  const card = new ProjectPage(page).siteCard('Antwerp Port Warehouse');
  await expect(card).toContainText('Drill in progress');
  await expect(card).not.toContainText('Evacuation active');
  // Never a red Start beside an End: the whole project's start is the secondary action.
  await expect(block.button(/^Start the evacuation of Northwind Logistics/)).toHaveClass(/evac-btn--quiet/);

  // An integrator's page: <vigil-evacuation> and the bar say DRILL too.
  await integratorPage(page, baseURL!);
  const element = new EvacuationBlock(page, page.locator('#site-a'));
  await expect(element.status()).toContainText('DRILL');
  await expect(element.status()).toContainText('Reason: Fire alarm in hall B');
  await expect(block.bar()).toContainText('DRILL');

  // Ending says it ends a drill, on the button as in its calm confirm.
  await page.goto(`/site/${SITES.antwerpWarehouse}`);
  await expect(block.button('End evacuation')).toHaveCount(0);
  await block.button('End drill').click();
  await expect(dialog).toContainText('End the drill at Antwerp Port Warehouse?');
  await expect(dialog).toContainText('In danger? Call 112 first.');
  await expect(block.confirmButton()).toHaveText('End drill');
  await expect(block.confirmButton()).not.toHaveClass(/v-btn--danger/);
  await block.confirmButton().click();
  await expect(block.status()).toContainText('No evacuation in progress');
  await expect(block.bar()).toBeHidden();

  // The history: the drill on top, with who, when and how long; the seeded ones below.
  await block.root().getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Evacuation history of Northwind Logistics' })).toBeVisible();
  const rows = page.locator('.evh-row');
  await expect(rows.first()).toContainText('DRILL');
  await expect(rows.first()).toContainText('Antwerp Port Warehouse');
  await expect(rows.first()).toContainText('Fire alarm in hall B');
  await expect(rows.first()).toContainText('by Morgan Manager');
  await expect(rows.first()).toContainText(/Duration\s*1 min/);
  await expect(rows).toHaveCount(3); // the seed's drill and real evacuation too

  // Filtered to the site: the new drill and the seeded one; the export has the same two.
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Antwerp Port Warehouse' });
  await expect(rows).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^evacuations-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(download.url()).not.toMatch(/token|Bearer/i);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  // Every field quoted (docs/security.md "Exports").
  expect(lines[0]).toBe(
    '"scope","name","mode","reason","started_by","started_at_utc","started_at_local","ended_by","ended_at_utc","ended_at_local","time_zone","duration"',
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(
    /^"site","Antwerp Port Warehouse","drill","Fire alarm in hall B","Morgan Manager","[^"]+","[^"]+ \+0[12]:00","Morgan Manager","[^"]+","[^"]+ \+0[12]:00","Europe\/Brussels","0:0\d:\d\d"$/,
  );
  expect(lines[2]).toMatch(
    /^"site","Antwerp Port Warehouse","drill","Yearly evacuation drill","Morgan Manager","[^"]+","[^"]+ \+0[12]:00","Morgan Manager","[^"]+","[^"]+ \+0[12]:00","Europe\/Brussels","0:14:00"$/,
  );

  // <vigil-evacuation-history> on an integrator's page lists the same, with DRILL.
  await page.route(`${baseURL}/e2e/history.html`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>History</title>
<script type="module" src="/dist/vigil.js"></script></head><body><main>
<vigil-evacuation-history project="${PROJECTS.northwind}"></vigil-evacuation-history></main></body></html>`,
    }),
  );
  await page.goto('/e2e/history.html');
  const elementRows = page.locator('vigil-evacuation-history').locator('.evh-row');
  await expect(elementRows).toHaveCount(3);
  await expect(elementRows.first()).toContainText('DRILL');
  await expect(elementRows.first()).toContainText('Fire alarm in hall B');
  await page.locator('vigil-evacuation-history').getByLabel('Type').selectOption('real');
  await expect(elementRows).toHaveCount(1);
  await expect(elementRows.first()).toContainText('Brussels Head Office');
});

test('the history’s selects show their longest option whole, on a phone and on a wide screen', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/projects/${PROJECTS.northwind}/evacuations`);
    const selects = page.getByRole('group', { name: 'Filter the history' }).getByRole('combobox');
    await expect(selects).toHaveCount(2);
    await expect(selects.first()).toHaveValue('');
    for (const select of await selects.all()) {
      const fit = await select.evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const longest = Math.max(...[...el.options].map((o) => context.measureText(o.text).width));
        return { longest, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
      });
      expect(fit.room, `${width} px`).toBeGreaterThanOrEqual(fit.longest);
    }
  }
});
