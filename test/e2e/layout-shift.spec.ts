// Layout shift while elements load (Lighthouse's CLS, examples/evacuation.html). Each stage
// of loading is held back by the test until the page has painted the previous one, so every
// intermediate state is on screen for at least a frame, in the same order every run:
//   1. the page without the element's script (the page's `:not(:defined)` rule holds its place),
//   2. the element's loading state (the control's own box),
//   3. the status known but the project's name not yet (its line is kept),
//   4. everything loaded.
// The layout-shift entries of the whole load are summed (as Lighthouse does for one burst,
// without input) and must stay well below Lighthouse's "good" 0.1.
import type { Page, Route } from '@playwright/test';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { axe, expect, formatViolations, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { EvacuationExamplePage } from './screens/EvacuationExamplePage.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { SystemPage } from './screens/SystemPage.ts';

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts?: Shift[];
    __shiftObserver?: PerformanceObserver;
  }
}

/** Records every layout shift of the page from its start (with what moved, for the message). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__shifts = [];
    const name = (node: Node | null | undefined) => {
      const el = node as Element | null | undefined;
      if (!el?.localName) return String(node?.nodeName ?? 'a removed node');
      const host = (el.getRootNode() as ShadowRoot).host;
      return `${host ? `${host.localName} >>> ` : ''}${el.localName}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    };
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const take = (entries: PerformanceEntryList) => {
      for (const entry of entries as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        window.__shifts!.push({
          value: entry.value,
          sources: entry.sources.map(
            (s) =>
              `${name(s.node)}: y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}, height ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
          ),
        });
      }
    };
    window.__shiftObserver = new PerformanceObserver((list) => take(list.getEntries()));
    window.__shiftObserver.observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { __takeShifts: () => void }).__takeShifts = () => take(window.__shiftObserver!.takeRecords());
  });
}

/** Waits until the browser has rendered two more frames (what is in the DOM now was painted). */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

async function shifts(page: Page): Promise<Shift[]> {
  await painted(page);
  return page.evaluate(() => {
    (window as unknown as { __takeShifts: () => void }).__takeShifts();
    return window.__shifts!;
  });
}

/** Holds back the requests matching `url` until `release()` is called. */
async function hold(page: Page, url: string | RegExp): Promise<{ release(): void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** The rendered heights of the evacuation control and the inbox (whole pixels). */
async function heights(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      ['vigil-evacuation', 'vigil-inbox'].map((tag) => [tag, Math.round(document.querySelector(tag)!.getBoundingClientRect().height)]),
    ),
  );
}

const total = (list: Shift[]) => list.reduce((sum, s) => sum + s.value, 0);
const describe = (list: Shift[]) => list.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n');

/** The manager signed in on a screen of `size`, every layout shift recorded from the start. */
async function managerAt(page: Page, signIn: (email: string) => Promise<unknown>, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await signIn('manager@vigil.test');
  await recordShifts(page);
}

const PHONE = { width: 360, height: 740 };

/** The page's layout shifts so far add up to less than 0.005 (each named when they do not). */
async function expectSteady(page: Page): Promise<void> {
  const list = await shifts(page);
  expect(total(list), `layout shifts:\n${describe(list)}`).toBeLessThan(0.005);
}

test.describe('examples/evacuation.html keeps its layout while the elements load', () => {
  for (const viewport of [
    { width: 412, height: 823 }, // Lighthouse's mobile screen
    { width: 1280, height: 800 },
  ]) {
    test(`signed in, ${viewport.width} px wide: layout shift stays near 0`, async ({ page, signIn }) => {
      await page.setViewportSize(viewport);
      await signIn('manager@vigil.test');
      await recordShifts(page);
      const script = await hold(page, '**/dist/vigil-evacuation.js');
      const status = await hold(page, `**/evacuation/status`);
      const project = await hold(page, `**/api/v2/projects/${PROJECTS.northwind}`);
      const example = new EvacuationExamplePage(page);

      // 1. The page is on screen, the evacuation element not defined yet.
      await page.goto(example.route, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Emergency evacuation' })).toBeVisible();
      await expect(page.locator('vigil-login')).toContainText('Signed in as Morgan Manager');
      await painted(page);
      expect(await page.evaluate(() => customElements.get('vigil-evacuation') === undefined)).toBe(true);

      // 2. Its loading state.
      script.release();
      await expect(example.control().getByRole('status')).toContainText('Checking the evacuation status');
      await painted(page);
      expect(formatViolations(await axe(page)), 'the loading state is accessible').toBe('');

      // 3. The status, the project's name still loading.
      status.release();
      await expect(example.status()).toContainText('No evacuation in progress');
      await expect(example.startButton()).toBeVisible();
      await painted(page);

      // 4. The name.
      project.release();
      await expect(example.control()).toContainText('Northwind Logistics');

      const list = await shifts(page);
      expect(total(list), `layout shifts:\n${describe(list)}`).toBeLessThan(0.02);
    });
  }
});

test.describe('examples/intranet/ keeps its layout while its five elements load', () => {
  for (const viewport of [
    { width: 360, height: 780 },
    { width: 1280, height: 800 },
  ]) {
    test(`signed in, ${viewport.width} px wide: layout shift stays near 0`, async ({ page, signIn }) => {
      await page.setViewportSize(viewport);
      await signIn('manager@vigil.test');
      await recordShifts(page);
      const script = await hold(page, '**/dist/vigil.js');
      const status = await hold(page, '**/evacuation/status');
      const list = await hold(page, /\/api\/v2\/notifications(\?|$)/);

      // 1. The page on screen, no element defined yet.
      await page.goto('/examples/intranet/', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Site security' })).toBeVisible();
      await painted(page);
      expect(await page.evaluate(() => customElements.get('vigil-inbox') === undefined)).toBe(true);

      // 2. Every element rendered; the evacuation status and the notifications still loading.
      script.release();
      await expect(page.locator('vigil-login')).toContainText('Signed in as Morgan Manager');
      await expect(page.locator('vigil-language-picker').getByRole('combobox')).toBeVisible();
      await expect(page.locator('vigil-evacuation').getByRole('status')).toContainText('Checking the evacuation status');
      await expect(page.locator('vigil-inbox').getByRole('group')).toBeVisible(); // its filters: the list's data is loading
      await expect(page.locator('vigil-inbox').getByRole('status')).toContainText('Loading');
      await painted(page);
      // Below the fold a change of height moves nothing on screen: compare the boxes too.
      const loadingHeights = await heights(page);

      // 3. Everything loaded (the unread badge too).
      status.release();
      list.release();
      await expect(page.locator('vigil-evacuation')).toContainText('No evacuation in progress');
      await expect(
        page
          .locator('vigil-inbox')
          .getByRole('button', { name: /Scheduled maintenance/ })
          .first(),
      ).toBeVisible();
      await expect(page.locator('vigil-unread-badge').first()).toContainText('12');

      const recorded = await shifts(page);
      expect(total(recorded), `layout shifts:\n${describe(recorded)}`).toBeLessThan(0.02);
      expect(await heights(page), 'the loading states have the boxes of what they load').toEqual(loadingHeights);
    });
  }
});

test.describe('examples/public-demo.html keeps its layout while the demo live view loads', () => {
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ]) {
    test(`${viewport.width} px wide: layout shift stays near 0`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordShifts(page);
      const script = await hold(page, '**/dist/vigil-demo-live-view.js');
      const demo = await hold(page, /\/api\/public\/v1\/demo-live-views\/[^/]+$/);
      // The grid's own chunk (frame loops, tiles), fetched beside the demo's data.
      const grid = await hold(page, '**/dist/chunks/LiveView-*.js');
      const element = page.locator('vigil-demo-live-view');
      const height = () => element.evaluate((el) => Math.round(el.getBoundingClientRect().height));

      // 1. The page on screen, the element not defined yet (the page's rule holds its place).
      await page.goto('/examples/public-demo.html', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: 'Your sites, watched around the clock' })).toBeVisible();
      await painted(page);
      expect(await page.evaluate(() => customElements.get('vigil-demo-live-view') === undefined)).toBe(true);
      const reserved = await height();

      // 2. Its loading state: a heading line and three camera tiles.
      script.release();
      await expect(element.getByRole('status')).toContainText('Loading');
      await painted(page);
      const loading = await height();
      expect(Math.abs(loading - reserved), 'the page reserves the loading state’s box').toBeLessThanOrEqual(2);
      expect(formatViolations(await axe(page)), 'the loading state is accessible').toBe('');

      // 3. The demo known, the grid's code not yet: its cameras' tiles under their names.
      demo.release();
      await expect(element.getByRole('heading', { level: 2, name: 'Vigil live demo' })).toBeVisible();
      const region = element.getByRole('region', { name: 'Live view of Harbour logistics park' });
      await expect(region.locator('.lv-name')).toHaveText(['Harbour gate', 'Container yard', 'Visitor parking']);
      await expect(element.locator('[part~="camera"]')).toHaveCount(0);
      await painted(page);
      expect(await height(), 'the tiles keep the loading state’s box').toBe(loading);
      expect(formatViolations(await axe(page)), 'the tiles before their code are accessible').toBe('');

      // 4. The three cameras, the first one's image shown (on a phone only the cameras on
      //    screen poll).
      grid.release();
      await expect(element.locator('[part~="camera"]')).toHaveCount(3);
      await expect(element.locator('[part~="camera"]').first()).toHaveAttribute('data-status', 'live');
      expect(await height(), 'the loading state has the box of the three cameras').toBe(loading);

      const list = await shifts(page);
      expect(total(list), `layout shifts:\n${describe(list)}`).toBeLessThan(0.02);
    });
  }
});

test('the portal does not shift as it first renders (the page margin goes before the first paint)', async ({ page, signIn }) => {
  await managerAt(page, signIn, { width: 412, height: 823 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.locator('.v-spinner:visible')).toHaveCount(0);
  await expectSteady(page);
});

test('the multi-site schedules page keeps its grid in place when the holidays part loads', async ({ page, signIn }) => {
  await managerAt(page, signIn, { width: 1280, height: 800 });
  const holidays = await hold(page, '**/dist/chunks/ExceptionsPanel-*.js');
  await page.goto(`/projects/${PROJECTS.northwind}/site-schedules`);
  const grid = page.getByRole('grid', { name: 'Schedule to apply' });
  await expect(grid).toBeVisible();
  await expect(page.locator('[part="exceptions"]')).toHaveCount(0);
  await painted(page);
  const before = (await grid.boundingBox())!;

  // The holidays part arrives: a step of its own, below the grid's steps.
  holidays.release();
  await expect(page.locator('[part="exceptions"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '5. Holidays and one-off days' })).toBeVisible();
  await painted(page);
  expect((await grid.boundingBox())!.y).toBe(before.y);
  await expectSteady(page);
});

// On a phone the evacuation state sits above what people tap next (a site's cameras, a
// project's sites) or below a system's cameras. Its code, then its status, are held until
// the previous stage is on screen: neither stage may move what is below or above it.
for (const { page: name, path, anchor } of [
  {
    page: 'a site page',
    path: `/site/${SITES.antwerpWarehouse}`,
    anchor: (p: Page) => p.getByRole('heading', { level: 2, name: 'Cameras' }),
  },
  {
    page: 'a project page',
    path: `/project/${PROJECTS.northwind}`,
    anchor: (p: Page) => p.getByRole('heading', { level: 2, name: 'Sites' }),
  },
  { page: 'a system page', path: `/system/${SYSTEMS.antwerpDocks}`, anchor: (p: Page) => new SystemPage(p).camera('Loading dock 1') },
]) {
  test(`${name} on a phone keeps its place while the evacuation state loads, so a tap lands where it was aimed`, async ({
    page,
    signIn,
  }) => {
    await managerAt(page, signIn, PHONE);
    const code = await hold(page, '**/dist/chunks/EvacuationControl-*.js');
    const status = await hold(page, '**/evacuation/status');
    await page.goto(path);
    const block = new EvacuationBlock(page);
    await expect(block.status()).toContainText('Checking the evacuation status');
    await expect(anchor(page)).toBeVisible();
    await painted(page);
    const before = (await anchor(page).boundingBox())!.y;

    // The control's own loading state takes over: a new element in the loading card's place.
    await block.root().evaluate((el) => el.setAttribute('data-first-card', ''));
    code.release();
    await expect(block.root()).not.toHaveAttribute('data-first-card');
    await painted(page);
    status.release();
    await expect(block.status()).toContainText('No evacuation in progress');
    await painted(page);
    expect((await anchor(page).boundingBox())!.y).toBe(before);
    // The evacuation card moving in above a system's cameras made 0.26; the loading card
    // shrinking to the calm row on a site's page 0.08.
    await expectSteady(page);
  });
}

test('the evacuation history on a phone shows its title with the project before its filters, so they do not move', async ({
  page,
  signIn,
}) => {
  await managerAt(page, signIn, PHONE);
  // The project's name comes last: its list has been answered before.
  const project = await hold(page, new RegExp(`/api/v2/projects/${PROJECTS.northwind}(\\?|$)`));
  const list = page.waitForResponse((r) => r.url().includes(`/api/v2/projects/${PROJECTS.northwind}/evacuations`));
  await page.goto(`/projects/${PROJECTS.northwind}/evacuations`);
  await list;
  await painted(page);

  project.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Evacuation history of Northwind Logistics' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site' })).toBeVisible();
  await expect(page.getByText(/^\d+ evacuations?$/)).toBeVisible();
  // Shown first with the title alone, the page pushed its filters 88 px down when the name came (0.10).
  await expectSteady(page);
});

test('a site page on a wide screen asks for its incidents with the site, so the cards beside the cameras do not move', async ({
  page,
  signIn,
}) => {
  await managerAt(page, signIn, { width: 1280, height: 800 });
  const site = await hold(page, new RegExp(`/api/v2/sites/${SITES.antwerpWarehouse}(\\?|$)`));
  const ofSite = (url: string) =>
    new URL(url).pathname === '/api/v2/incidents' && new URL(url).searchParams.get('filter[site]') === SITES.antwerpWarehouse;
  // Both of the card's requests (the open ones, the latest) are answered while the site's is
  // still held: asked for by the card once the site had arrived, they never were.
  const answered = Promise.all([
    page.waitForResponse((r) => ofSite(r.url()) && new URL(r.url()).searchParams.get('filter[open]') === 'true', { timeout: 15_000 }),
    page.waitForResponse((r) => ofSite(r.url()) && !new URL(r.url()).searchParams.has('filter[open]'), { timeout: 15_000 }),
  ]);
  await page.goto(`/site/${SITES.antwerpWarehouse}`);
  await answered;
  await painted(page);

  site.release();
  const incidents = page.locator('[part="incidents"]');
  await expect(incidents.getByRole('link', { name: 'All incidents of this site' })).toBeVisible();
  await expect(page.locator('[part="schedule-link"]')).toBeVisible();
  await expect(page.locator('.v-spinner:visible')).toHaveCount(0);
  // The list coming after the page pushed the other systems and the schedule card down (0.048).
  await expectSteady(page);
});

// The user menu's settings arrive after it opens (their code, then whether this device has
// alerts, which grows their section): "Sign out" stays where the pointer found it meanwhile.
// A click once landed on the alerts that had just pushed it down, and the user stayed signed in.
test('the user menu keeps "Sign out" in place while its settings load', async ({ page, signIn }) => {
  await managerAt(page, signIn, PHONE);
  const extras = await hold(page, '**/dist/chunks/UserMenuExtras-*.js');
  const devices = await hold(page, '**/api/v2/push/subscriptions');
  await page.goto('/inbox');
  const layout = new PortalLayout(page);
  await expect(layout.userMenu()).toBeVisible();
  await layout.userMenu().click();
  const signOut = layout.signOutLink();
  await expect(signOut).toBeVisible();
  await painted(page);
  const before = (await signOut.boundingBox())!;

  extras.release();
  await expect(page.getByRole('group', { name: 'Appearance' })).toBeVisible();
  devices.release();
  await expect(page.getByRole('group', { name: 'Alerts on this device' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Where you’re signed in' })).toBeVisible();
  await painted(page);
  expect(await signOut.boundingBox()).toEqual(before);
  await signOut.click();
  await expect(page).toHaveURL(/\/login/);
});
