// Projects, sites, systems and the live view, end to end against the demo server: the
// journey home → project → site → system with frames that change, the public demo page
// signed out (no Authorization header, no session), a bad uuid → /404 naming the System,
// and 1,800 frames that never leave more than two live frames per camera.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_LIVE_VIEW_UUID, PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations as expectNoViolations, test } from './fixtures.ts';
import { ProjectPage } from './screens/ProjectPage.ts';
import { ProjectsPage } from './screens/ProjectsPage.ts';
import { PublicDemoPage } from './screens/PublicDemoPage.ts';
import { SitePage } from './screens/SitePage.ts';
import { SystemPage } from './screens/SystemPage.ts';

type FrameStats = { live: number; peak: number; created: number };

/** axe on this feature's screens: the portal's main content, or the whole page elsewhere. */
async function expectNoA11yViolations(page: Page): Promise<void> {
  const portal = (await page.locator('vigil-portal').count()) > 0;
  await expectNoViolations(page, portal ? { include: [{ fromShadowDom: ['vigil-portal', 'main'] }] } : {});
}

test.describe('projects, sites and systems', () => {
  test('home → project → site → system, with live frames that change', async ({ signedInPage }) => {
    test.setTimeout(90_000);
    const page = await signedInPage('manager@vigil.test');
    const home = new ProjectsPage(page);
    await expect(home.heading('Projects')).toBeVisible();
    await expect(home.card('Northwind Logistics')).toContainText('3 sites · 8 camera systems');
    await expect(home.card('Atlas Data Centres')).toBeVisible();
    await expectNoA11yViolations(page);

    await home.project('Northwind Logistics').click();
    const project = new ProjectPage(page);
    await project.expectRoute(`/project/${PROJECTS.northwind}`);
    await expect(project.heading('Northwind Logistics')).toBeVisible();
    await expect(project.siteSchedulesLink()).toHaveAttribute('href', `/projects/${PROJECTS.northwind}/site-schedules`);
    await expect(project.projectUsersLink()).toBeVisible(); // manager has 'manage users' here
    await expectNoA11yViolations(page);

    await project.site('Antwerp Port Warehouse').click();
    const site = new SitePage(page);
    await site.expectRoute(`/site/${SITES.antwerpWarehouse}`);
    await expect(site.heading('Antwerp Port Warehouse')).toBeVisible();
    await expect(site.breadcrumbs()).toContainText('Northwind Logistics');
    await expect(page.getByText(/^Central European Time \(UTC\+[12]\)$/).first()).toBeVisible(); // the zone by name, not its IANA id
    await expectNoA11yViolations(page);

    await site.system('Dock cameras').click();
    const system = new SystemPage(page);
    await system.expectRoute(`/system/${SYSTEMS.antwerpDocks}`);
    await expect(system.heading('Dock cameras')).toBeVisible();
    await expect(system.status()).toHaveText('Online');
    await expect(system.cameras()).toHaveCount(4);
    const first = system.cameras().first();
    await expect.poll(() => system.frameOf(first), { message: 'a first frame is drawn' }).not.toBe('');
    const before = await system.frameOf(first);
    await expect.poll(() => system.frameOf(first), { message: 'the next frames replace it', timeout: 10_000 }).not.toBe(before);
    await expectNoA11yViolations(page);

    // The large view, by keyboard; Escape returns focus to the camera.
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(system.largeView()).toBeVisible();
    await expect(system.largeView()).toContainText('Camera 1 of 4');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(system.largeView()).toBeHidden();
    await expect(first).toBeFocused();

    // Back to the site (cached: shown without a loading state, refreshed in the background).
    await page.goBack();
    await site.expectRoute(`/site/${SITES.antwerpWarehouse}`);
    await expect(site.heading('Antwerp Port Warehouse')).toBeVisible();
  });

  test('a site card counts the camera systems it lists; the site page lists every system', async ({ signedInPage }) => {
    const page = await signedInPage('manager@vigil.test');
    const project = await new ProjectPage(page).openProject(PROJECTS.northwind);
    const card = page
      .locator('vigil-portal')
      .locator('[part="site"]')
      .filter({ has: project.site('Antwerp Port Warehouse') });
    await expect(card.locator('.pj-system')).toHaveCount(3);
    await expect(card).toContainText('3 camera systems');
    await project.site('Antwerp Port Warehouse').click();
    const site = new SitePage(page);
    await expect(site.heading('Antwerp Port Warehouse')).toBeVisible();
    // The three camera systems with their tiles, and the alarm panel apart: every system.
    await expect(site.section('cameras').getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(site.section('systems-other').locator('.pj-system')).toHaveCount(1);
  });

  test('no project-users link without manage users', async ({ signedInPage }) => {
    const page = await signedInPage('manager@vigil.test', { path: `/project/${PROJECTS.atlas}` });
    const project = new ProjectPage(page);
    await expect(project.heading('Atlas Data Centres')).toBeVisible();
    await expect(project.siteSchedulesLink()).toBeVisible();
    await expect(project.projectUsersLink()).toHaveCount(0);
  });

  test('a system that does not exist goes to /404 naming the System', async ({ signedInPage, browserProblems }) => {
    browserProblems.allow(/status of 404/);
    const page = await signedInPage('manager@vigil.test', { path: `/system/${randomUUID()}` });
    const system = new SystemPage(page);
    await system.expectRoute('/404');
    expect(new URL(page.url()).searchParams.get('resource')).toBe('System');
    await expect(page.getByText(/system/i).first()).toBeVisible();
  });
});

test.describe('public demo live view', () => {
  test('works signed out on a plain page: frames change, no Authorization header, no session', async ({ page }) => {
    const requests: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), authorization: r.headers()['authorization'] }));
    const demo = await new PublicDemoPage(page).openExample();
    await expect(demo.page.getByRole('heading', { name: 'Vigil live demo' })).toBeVisible();
    await expect(demo.cameras()).toHaveCount(3);
    const first = demo.cameras().first();
    await expect.poll(() => demo.frameOf(first)).not.toBe('');
    const before = await demo.frameOf(first);
    await expect.poll(() => demo.frameOf(first), { message: 'the next frames replace it', timeout: 10_000 }).not.toBe(before);
    await expectNoA11yViolations(page);

    expect(requests.filter((r) => r.authorization !== undefined)).toEqual([]);
    const api = requests.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/api/') || p.startsWith('/auth/'));
    expect(api.length).toBeGreaterThan(3);
    expect(api.filter((p) => !p.startsWith('/api/public/v1/demo-live-views/'))).toEqual([]);
    expect(await demo.storedUser()).toBeNull();
  });

  test('works from another origin with api-base', async ({ page, context, baseURL }) => {
    // Another origin on the loopback address: Chromium asks before a page reaches a local
    // server (local network access); a real marketing site would reach a public one.
    const origin = baseURL!.replace('127.0.0.1', 'localhost');
    await context.grantPermissions(['local-network-access'], { origin });
    // The integrator serves the suite's files from its own origin; the API stays on Vigil's.
    await page.route(`${origin}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path.startsWith('/vendor/vigil/')) {
        const upstream = await route.fetch({ url: `${baseURL}/dist/${path.slice('/vendor/vigil/'.length)}` });
        return route.fulfill({ response: upstream });
      }
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another origin</title>
<script type="module" src="/vendor/vigil/vigil-demo-live-view.js"></script></head>
<body><main><h1>Our partner's page</h1><vigil-demo-live-view api-base="${baseURL}" demo="${DEMO_LIVE_VIEW_UUID}"></vigil-demo-live-view></main></body></html>`,
      });
    });
    const requests: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), authorization: r.headers()['authorization'] }));
    await page.goto(`${origin}/`);
    const demo = new PublicDemoPage(page);
    await expect(demo.cameras()).toHaveCount(3);
    await expect.poll(() => demo.frameOf(demo.cameras().first())).not.toBe('');
    // The frame's time (X-Frame-Time, Date) is readable across origins: the camera is Live.
    await expect(demo.badge('Harbour gate')).toHaveText('Live', { timeout: 10_000 });
    const media = requests.filter((r) => r.url.startsWith(`${baseURL}/api/public/v1/demo-live-views/`));
    expect(media.length).toBeGreaterThan(3);
    expect(requests.filter((r) => r.authorization !== undefined)).toEqual([]);
  });

  test('the portal route works signed out', async ({ page }) => {
    const demo = new SystemPage(page);
    await demo.goto(`/demo-live-view/${DEMO_LIVE_VIEW_UUID}`);
    await expect(demo.heading('Vigil live demo')).toBeVisible();
    await expect(demo.cameras()).toHaveCount(3);
    await demo.expectRoute(`/demo-live-view/${DEMO_LIVE_VIEW_UUID}`);
    expect(await demo.storedUser()).toBeNull();
  });
});

test.describe('live view memory', () => {
  test('1,800 frames leave at most two live frames per camera', async ({ page, signIn }) => {
    test.setTimeout(180_000);
    await signIn('manager@vigil.test');
    await page.addInitScript(() => localStorage.setItem('vigil.debug', '1'));
    await page.goto(`/demo/try/projects.html?el=vigil-live-view&system=${SYSTEMS.antwerpDocks}&interval=20`);
    const view = new SystemPage(page);
    await expect(view.cameras()).toHaveCount(4);
    const stats = () => page.evaluate(() => (window as unknown as { __vigilLiveFrames?: FrameStats }).__vigilLiveFrames ?? null);
    await expect.poll(async () => (await stats())?.created ?? 0).toBeGreaterThan(4);
    const start = (await stats())!;
    let most = 0;
    await expect
      .poll(
        async () => {
          const s = (await stats())!;
          most = Math.max(most, s.live);
          return s.created - start.created;
        },
        { timeout: 150_000, intervals: [250] },
      )
      .toBeGreaterThanOrEqual(1800);
    const end = (await stats())!;
    console.log(
      `[live view memory] ${end.created - start.created} frames over 4 cameras: live at the end ${end.live}, peak ${end.peak}, most seen ${most}`,
    );
    expect(end.peak, 'peak of live frames').toBeLessThanOrEqual(2 * 4);
    expect(most).toBeLessThanOrEqual(2 * 4);
    expect(end.live).toBeLessThanOrEqual(2 * 4);
    // Leaving frees every frame.
    await page.evaluate(() => document.querySelector('vigil-live-view')?.remove());
    expect((await stats())!.live).toBe(0);
  });
});
