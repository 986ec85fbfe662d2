// The page-wide evacuation bar is an alarm that cannot scroll away: on a phone, far down a
// system page, it is still in view, says how many sites it covers and how long it has lasted.
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';

test.use({ viewport: { width: 360, height: 740 } });

test('on a phone the bar stays in view at the bottom of a system page, with its sites and how long it has lasted', async ({
  page,
  signIn,
}) => {
  await page.clock.install();
  await signIn('manager@vigil.test');
  await page.goto(`/site/${SITES.antwerpWarehouse}`);
  const block = new EvacuationBlock(page);
  await expect(block.status()).toContainText('No evacuation in progress');
  await block.button('Start evacuation').click();
  await block.confirm();
  await expect(block.bar()).toContainText('Antwerp Port Warehouse (Northwind Logistics)');
  await expect(block.bar()).toContainText('1 site');
  await expect(block.bar()).toContainText('for 1 min');

  await page.goto(`/system/${SYSTEMS.antwerpDocks}`);
  await expect(block.bar()).toBeVisible();
  // The cameras render at the bottom of the page; scroll to them.
  await expect(page.getByRole('region', { name: 'Live view of Dock cameras' })).toBeAttached();
  await expect
    .poll(() => page.evaluate(() => (window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }), window.scrollY)))
    .toBeGreaterThan(300);
  await expect(block.bar()).toBeInViewport({ ratio: 1 });

  // Twelve minutes later, without a reload: the bar says so.
  await page.clock.fastForward('12:00');
  await expect(block.bar()).toContainText('for 12 min');
  await expect(block.bar()).toBeInViewport({ ratio: 1 });
});

test('a whole project counts all its sites, and a site of it only once', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  await page.goto(`/project/${PROJECTS.northwind}`);
  const block = new EvacuationBlock(page);
  await expect(block.status()).toContainText('No evacuation in progress');
  await page.goto(`/site/${SITES.antwerpWarehouse}`);
  await block.button('Start evacuation').click();
  await block.confirm();
  await expect(block.bar()).toContainText('1 site');

  await page.goto(`/project/${PROJECTS.northwind}`);
  await block
    .button(/^Start the evacuation of Northwind Logistics|^Start evacuation/)
    .first()
    .click();
  await block.confirm();
  await expect(block.bar()).toContainText('Northwind Logistics (whole project)');
  // Northwind has three sites; the warehouse, evacuating on its own too, is one of them.
  await expect(block.bar()).toContainText('3 sites');
});

test('the whole-project dialog names every site it covers before anything starts', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  await page.goto(`/project/${PROJECTS.northwind}`);
  const block = new EvacuationBlock(page);
  await expect(block.status()).toContainText('No evacuation in progress');
  await block.button('Start evacuation').click();
  const scope = block.dialog().getByRole('list', { name: 'It covers all 3 sites:' });
  await expect(scope.getByRole('listitem')).toHaveText(['Antwerp Port Warehouse', 'Brussels Head Office', 'Ghent Distribution Centre']);
  await block.dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(block.dialog()).toBeHidden();
  await expect(block.status()).toContainText('No evacuation in progress');
});

test('on a phone the bar is one line under the header, with View for the details and End with its confirmation', async ({
  page,
  signIn,
}) => {
  const user = await signIn('manager@vigil.test');
  const started = await page.request.post(`/api/public/v1/sites/${SITES.antwerpWarehouse}/evacuation/start`, {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { mode: 'real' },
  });
  expect(started.ok()).toBe(true);
  await page.goto('/');
  const block = new EvacuationBlock(page);
  const line = block.bar().locator('[part="bar-line"]');
  await expect(line).toContainText('Evacuation');
  await expect(line).toContainText('1 site · 1 min');
  // Header and bar together: at most 200 px of a 740 px screen.
  const box = (await block.bar().boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(200);
  const details = block.bar().getByRole('link', { name: 'Antwerp Port Warehouse (Northwind Logistics)' });
  await expect(details).toBeHidden();
  const view = line.getByRole('button', { name: 'View' });
  await expect(view).toHaveAttribute('aria-expanded', 'false');
  await view.click();
  await expect(details).toBeVisible();
  await expect(view).toHaveAttribute('aria-expanded', 'true');
  await view.click();
  await expect(details).toBeHidden();

  // End: the evacuation control's own confirmation, then the bar goes.
  await line.getByRole('button', { name: /^End\b.*Antwerp Port Warehouse \(Northwind Logistics\)$/ }).click();
  await expect(block.dialog()).toContainText('Antwerp Port Warehouse');
  await block.confirm();
  await expect(block.bar()).toBeHidden();
});

test('on a wide screen the bar keeps its details and has no phone line', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await signIn('manager@vigil.test');
  await page.request.post(`/api/public/v1/sites/${SITES.antwerpWarehouse}/evacuation/start`, {
    headers: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { mode: 'real' },
  });
  await page.goto('/');
  const block = new EvacuationBlock(page);
  await expect(block.bar().getByRole('link', { name: 'Antwerp Port Warehouse (Northwind Logistics)' })).toBeVisible();
  await expect(block.bar().locator('[part="bar-line"]')).toBeHidden();
});
