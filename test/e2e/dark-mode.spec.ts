// Dark mode (README "Theming"): the portal follows the system's colour scheme unless the
// user menu says Light or Dark (remembered per browser, applied before the first paint);
// both schemes pass axe, contrast included (light in a11y.spec.ts, dark here). Embedded elements follow their host page's
// `color-scheme`. And a slow cold load shows the portal's frame, never a white page.
import type { Page, Route } from '@playwright/test';
import { axe, expect, formatViolations, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';
import { goInApp, halfOf, seededUuids, SIGNED_OUT_ROUTES, signedInRoutes, waitForContent } from './support/faults.ts';

test.describe.configure({ mode: 'default' });

/** The relative luminance of a computed `rgb(…)` colour (0 black … 1 white). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The portal's header bar background, as painted. */
async function headerBackground(page: Page): Promise<string> {
  return page.locator('vigil-portal').evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector('.header')!).backgroundColor);
}

/**
 * The axe rules whose outcome can change with the colour scheme. Dark mode changes colours
 * only (every scheme-dependent value is a `light-dark()` token), so the rules about
 * structure, names and roles give the same answer as in light, where a11y.spec.ts runs them
 * all on the same routes.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Axe's colour rules in dark on each route (the first loaded, the others by in-app navigation), soft per route. */
async function checkRoutesInDark(page: Page, routes: readonly string[]): Promise<void> {
  for (const [i, route] of routes.entries()) {
    await test.step(`dark: ${route}`, async () => {
      if (i === 0) await page.goto(portalPath(route));
      else await goInApp(page, portalPath(route));
      await waitForContent(page);
      // The scheme really is dark: a dark header bar.
      const lum = luminance(await headerBackground(page));
      expect(lum, `${route}: header background luminance in dark`).toBeLessThan(0.05);
      const violations = await axe(page, { rules: COLOUR_RULES });
      expect
        .soft(
          violations.map((v) => v.id),
          `accessibility violations on ${route} (dark):\n${formatViolations(violations)}`,
        )
        .toEqual([]);
    });
  }
}

// In dark: every route passes axe. (a11y.spec.ts walks the same routes in light.)
test.describe('dark system scheme', () => {
  test.use({ dbReset: 'file', colorScheme: 'dark' });

  test('every route signed out passes axe in dark', async ({ page }) => {
    test.setTimeout(120_000);
    await checkRoutesInDark(page, [...SIGNED_OUT_ROUTES, '/404?resource=Project']);
  });

  // In two walks, as in a11y.spec.ts: each within its limit on a busy machine.
  for (const part of [0, 1] as const) {
    test(`every route signed in passes axe in dark (part ${part + 1} of 2)`, async ({ page, api, signIn }) => {
      test.setTimeout(180_000);
      const user = await signIn('manager@vigil.test');
      await checkRoutesInDark(page, halfOf(signedInRoutes(await seededUuids(api, user.token)), part));
    });
  }
});

test('the user menu choice overrides the system and survives a reload', async ({ page, signIn }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn('manager@vigil.test');
  await page.goto(portalPath('/'));
  await waitForContent(page);
  expect(luminance(await headerBackground(page))).toBeGreaterThan(0.8);

  const menu = page.getByRole('button', { name: /Account/ });
  await menu.click();
  const appearance = page.getByRole('group', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
  await appearance.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(async () => luminance(await headerBackground(page))).toBeLessThan(0.05);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  // Remembered for this browser: dark again after a reload, from before the portal's script
  // runs (the frame of the page is dark while the script is held back).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/dist\/vigil-portal\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  const frame = page.locator('.boot-header');
  await expect(frame).toBeVisible();
  expect(luminance(await frame.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.05);
  release();
  await waitForContent(page);
  expect(luminance(await headerBackground(page))).toBeLessThan(0.05);
  await menu.click();
  await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // Light wins over a dark system; System follows it again.
  await page.emulateMedia({ colorScheme: 'dark' });
  await appearance.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(async () => luminance(await headerBackground(page))).toBeGreaterThan(0.8);
  await appearance.getByRole('radio', { name: 'System' }).check();
  await expect.poll(async () => luminance(await headerBackground(page))).toBeLessThan(0.05);
  expect(await page.evaluate(() => localStorage.getItem('vigil.theme'))).toBeNull();
});

test('a slow cold load shows the header bar and a skeleton from the page alone, before any script runs', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Every request but the page itself waits: the frame's styles come inlined with it.
  await page.route(
    (url) => url.pathname !== portalPath('/login'),
    async (route: Route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(portalPath('/login'), { waitUntil: 'commit' });
  const frame = page.locator('.boot');
  await expect(frame.locator('.boot-header')).toBeVisible();
  await expect(frame.locator('.boot-card').first()).toBeVisible();
  const box = await frame.locator('.boot-header').boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(52);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  release();
  // The portal renders in place of the frame.
  await waitForContent(page);
  await expect(frame).toBeHidden();
});

test('an embedded element follows its host page color-scheme, light when the page sets none', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/demo/try/gallery.html');
  const host = page.locator('vigil-language-picker').first();
  await expect(host).toBeAttached();
  // The gallery loads each element when its tag appears (the autoloader): wait for it.
  await page.waitForFunction(() => !!document.querySelector('vigil-language-picker')?.shadowRoot);
  const surface = () =>
    host.evaluate((el) => {
      const probe = document.createElement('div');
      probe.style.background = 'var(--v-surface)';
      el.shadowRoot!.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
  await expect.poll(async () => luminance(await surface())).toBeGreaterThan(0.8);
  await page.evaluate(() => (document.documentElement.style.colorScheme = 'dark'));
  await expect.poll(async () => luminance(await surface())).toBeLessThan(0.05);
  await page.evaluate(() => (document.documentElement.style.colorScheme = 'light dark'));
  await expect.poll(async () => luminance(await surface())).toBeLessThan(0.05);
});
