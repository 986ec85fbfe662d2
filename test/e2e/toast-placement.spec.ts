// Toasts never cover an action: on a phone they sit in a tray under the header that pushes
// the page down, on a wide screen in the corner, and while the large camera view is open
// in its own row above the image. An incident that arrives over the event stream brings
// the toast, as it does for a customer.
import type { Locator, Page } from '@playwright/test';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, test, type DemoApi } from './fixtures.ts';
import { ProjectPage } from './screens/ProjectPage.ts';
import { SitePage } from './screens/SitePage.ts';
import { SystemPage } from './screens/SystemPage.ts';
import { recordStreams } from './support/network.ts';

const MANAGER = 'manager@vigil.test';
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const toasts = (page: Page) => page.locator('.v-toast');

/** The box of an element, grown by the alarm's halo (its outline swells up to 9 px out). */
async function box(locator: Locator, grow = 0) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return { left: b.x - grow, top: b.y - grow, right: b.x + b.width + grow, bottom: b.y + b.height + grow };
}

/** Fails when any toast on screen overlaps any of `targets` (every one must be on screen). */
async function expectClear(page: Page, targets: Locator) {
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const target = await box(targets.nth(i));
    for (let j = 0; j < (await toasts(page).count()); j++) {
      const toast = await box(toasts(page).nth(j), 9);
      const overlaps = toast.left < target.right && target.left < toast.right && toast.top < target.bottom && target.top < toast.bottom;
      expect(overlaps, `toast ${JSON.stringify(toast)} over ${JSON.stringify(target)}`).toBe(false);
    }
  }
}

/** Waits for the page's event stream, then has the control room raise an incident. */
async function raise(streams: readonly unknown[], api: DemoApi, severity: 'low' | 'critical', title: string) {
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  await api.createIncident({ site: SITES.antwerpWarehouse, severity, title });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} × ${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a critical incident toast never covers Start evacuation on the project page', async ({ page, api, signIn }) => {
      await signIn(MANAGER);
      const streams = recordStreams(page);
      const start = page.getByRole('button', { name: /^Start evacuation/ });
      await new ProjectPage(page).openProject(PROJECTS.northwind);
      await expect(start.first()).toBeVisible();
      await raise(streams, api, 'critical', 'Glass break at gate 3');
      const alarm = page.getByRole('alert').filter({ hasText: 'Glass break at gate 3' });
      await expect(alarm).toBeVisible();
      await expectClear(page, start);
      if (viewport.name === 'phone') {
        // In the tray under the header: above the page, not floating over its foot.
        expect((await box(alarm)).top).toBeLessThan(200);
      }
      // Scrolled to, the button is still clear of it.
      await start.first().scrollIntoViewIfNeeded();
      await expectClear(page, start);
      await expectNoA11yViolations(page);
    });

    test('a critical incident toast never covers Start evacuation on the site page, and leaves the room it took', async ({
      page,
      api,
      signIn,
    }) => {
      await signIn(MANAGER);
      const streams = recordStreams(page);
      const start = page.getByRole('button', { name: /^Start evacuation/ });
      await new SitePage(page).openSite(SITES.antwerpWarehouse);
      await expect(start.first()).toBeVisible();
      const before = await box(start.first());
      await raise(streams, api, 'critical', 'Door forced at the loading bay');
      const alarm = page.getByRole('alert').filter({ hasText: 'Door forced at the loading bay' });
      await expect(alarm).toBeVisible();
      await expectClear(page, start);
      await start.first().scrollIntoViewIfNeeded();
      await expectClear(page, start);

      // Dismissed, the tray gives the room back: the button is where it was.
      await alarm.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect(toasts(page)).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(async () => (await box(start.first())).top).toBe(before.top);
    });

    test("toasts never cover the large camera view's controls", async ({ page, api, signIn }) => {
      await signIn(MANAGER);
      const streams = recordStreams(page);
      const system = await new SystemPage(page).openSystem(SYSTEMS.antwerpDocks);
      await system.cameras().first().click();
      const view = system.largeView();
      const controls = view.getByRole('button');
      await expect(controls).toHaveCount(3);
      await raise(streams, api, 'low', 'Gate left open');
      await raise(streams, api, 'critical', 'Glass break at gate 3');
      await expect(view.locator('.v-toast')).toHaveCount(2);
      // The toasts' own buttons aside, the view's Close, Previous and Next are clear.
      const own = view.getByRole('button', { name: /^(Close large view|Previous camera|Next camera)$/ });
      await expect(own).toHaveCount(3);
      await expectClear(page, own);
      // The image gives them room: the view still fits the screen, its buttons inside it.
      for (let i = 0; i < 3; i++) expect((await box(own.nth(i))).bottom).toBeLessThanOrEqual(viewport.height);

      // From the keyboard: Escape on a toast dismisses it and leaves the view open.
      await view.getByRole('alert').getByRole('button', { name: 'Dismiss notification' }).focus();
      await page.keyboard.press('Escape');
      await expect(view.locator('.v-toast')).toHaveCount(1);
      await expect(view).toBeVisible();
    });
  });
}
