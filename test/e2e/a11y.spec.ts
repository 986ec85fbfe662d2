// Accessibility: axe-core (through open shadow roots) finds nothing on any route of docs/product.md#routes,
// signed out and signed in, nor on any element of the gallery. Each screen is checked once
// its content has loaded (no spinner, nothing busy), not while it is loading.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result as AxeResult } from 'axe-core';
import { axe, expect, formatViolations, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';
import {
  goInApp,
  halfOf,
  manifestTags,
  seededUuids,
  SIGNED_OUT_ROUTES,
  signedInRoutes,
  waitForContent,
  waitForGallery,
} from './support/faults.ts';

test.describe.configure({ mode: 'default' });
// The light scheme, said rather than assumed (dark-mode.spec.ts walks the routes in dark).
test.use({ dbReset: 'file', colorScheme: 'light' });

/**
 * Opens each route (the first by loading the portal, the others by in-app navigation, as
 * the portal is used) and checks it with axe once it shows content. One step per route;
 * a route's violations do not stop the others from being checked.
 */
async function checkRoutes(page: Page, routes: readonly string[]): Promise<void> {
  for (const [i, route] of routes.entries()) {
    await test.step(route, async () => {
      if (i === 0) await page.goto(portalPath(route));
      else await goInApp(page, portalPath(route));
      await expect
        .poll(() => new URL(page.url()).pathname, { message: `${route} is shown, not redirected` })
        .toBe(portalPath(route).split('?')[0]);
      await waitForContent(page);
      const violations = await axe(page);
      expect
        .soft(
          violations.map((v) => v.id),
          `accessibility violations on ${route}:\n${formatViolations(violations)}`,
        )
        .toEqual([]);
    });
  }
}

// Each of these walks a dozen screens (axe on each): more than the default 30 s on a busy
// 2-core machine.
test('every route, signed out', async ({ page }) => {
  test.setTimeout(120_000);
  await checkRoutes(page, [...SIGNED_OUT_ROUTES, '/404?resource=Project']);
});

// The signed-in routes in two walks (the first part's pages, then the rest), each within
// its limit: the site page's camera tiles and incidents, the site's schedule and the
// multi-site schedules are the heaviest screens for axe (7–12 s each on an idle machine).
for (const part of [0, 1] as const) {
  test(`every route, signed in as manager@vigil.test (part ${part + 1} of 2)`, async ({ page, api, signIn }) => {
    test.setTimeout(120_000);
    const user = await signIn('manager@vigil.test');
    await checkRoutes(page, halfOf(signedInRoutes(await seededUuids(api, user.token)), part));
  });
}

test('/terms, as new@vigil.test (who has not accepted them)', async ({ page, signIn }) => {
  await signIn('new@vigil.test');
  await checkRoutes(page, ['/terms']);
});

// ---------------------------------------------------------------------------------------
// The element gallery

/** The gallery section ("vigil-inbox") of each violating node, from its first (light DOM) selector. */
async function sectionsOf(page: Page, violations: AxeResult[]): Promise<Map<string, AxeResult[]>> {
  const bySection = new Map<string, AxeResult[]>();
  for (const v of violations) {
    for (const node of v.nodes) {
      const first = node.target[0];
      const selector = Array.isArray(first) ? first[0] : first;
      const section =
        (await page
          .locator(String(selector))
          .first()
          .evaluate((el) => el.closest('section[id]')?.id ?? '(page)')
          .catch(() => '(page)')) ?? '(page)';
      const list = bySection.get(section) ?? [];
      const same = list.find((x) => x.id === v.id);
      if (same) same.nodes.push(node);
      else list.push({ ...v, nodes: [node] });
      bySection.set(section, list);
    }
  }
  return bySection;
}

for (const signedIn of [false, true]) {
  test(`the element gallery, ${signedIn ? 'signed in' : 'signed out'}: every element is axe-clean`, async ({ page, signIn }) => {
    test.slow(); // the whole suite on one page, the portal in an iframe included
    if (signedIn) await signIn('manager@vigil.test');
    const tags = manifestTags();
    expect(tags.length).toBeGreaterThan(10);
    await page.goto('/demo/try/gallery.html');
    // Every element of the manifest has its card and a live, defined instance, showing content.
    for (const tag of tags) {
      await expect(page.locator(`section#${tag}`), `the gallery shows ${tag}`).toHaveCount(1);
      // vigil.js loads each element when its tag appears: defined once its module arrived.
      // The portal is shown in an iframe, a page of its own.
      const instance =
        tag === 'vigil-portal' ? page.frameLocator(`section#${tag} iframe`).locator(tag) : page.locator(`section#${tag} ${tag}`).first();
      await expect
        .poll(() => instance.evaluate((el) => el.matches(':defined')), { message: `${tag} is defined`, timeout: 15_000 })
        .toBe(true);
    }
    await waitForGallery(page, tags);

    // Legacy mode (axe.run in the page, frames by message) takes half the time of the
    // default on this 4,700-node page; the gallery's one iframe is same-origin, so it is
    // checked all the same.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const bySection = await sectionsOf(page, violations);
    for (const section of ['(page)', ...tags]) {
      const found = bySection.get(section) ?? [];
      expect
        .soft(
          found.map((v) => v.id),
          `accessibility violations in ${section}:\n${formatViolations(found)}`,
        )
        .toEqual([]);
    }
    // A violation outside every known section would be missed above.
    expect([...bySection.keys()].filter((s) => s !== '(page)' && !tags.includes(s))).toEqual([]);
  });
}
