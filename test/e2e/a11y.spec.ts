// Accessibility: axe-core (through open shadow roots) finds nothing on any route of SPEC §2,
// signed out and signed in, nor on any element of the gallery. Each screen is checked once
// its content has loaded (no spinner, nothing busy), not while it is loading.
import type { Page } from '@playwright/test';
import type { Result as AxeResult } from 'axe-core';
import { axe, expect, formatViolations, test } from './fixtures.ts';
import { portalPath } from './pages/BasePage.ts';
import { manifestTags, seededUuids, SIGNED_OUT_ROUTES, signedInRoutes, waitForContent, waitForGallery, type SeededPaths } from './support/faults.ts';

test.describe.configure({ mode: 'default' });
test.use({ dbReset: 'file' });

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const violations = await axe(page);
  expect(violations.map((v) => v.id), `accessibility violations on ${what}:\n${formatViolations(violations)}`).toEqual([]);
}

test.describe('every route, signed out', () => {
  for (const route of [...SIGNED_OUT_ROUTES, '/404?resource=Project']) {
    test(route, async ({ page }) => {
      await page.goto(portalPath(route));
      await waitForContent(page);
      await expectAxeClean(page, route);
    });
  }
});

test.describe('every route, signed in as manager@vigil.test', () => {
  // The uuids of the seeded incident and notification come from the API, once.
  let ids: SeededPaths | undefined;
  const routes = signedInRoutes({ incident: '{incident}', notification: '{notification}', page: '{page}', project: '{project}', site: '{site}', system: '{system}' });
  for (const pattern of routes) {
    test(pattern, async ({ page, api, signIn }) => {
      const user = await signIn('manager@vigil.test');
      ids ??= await seededUuids(api, user.token);
      const known = ids;
      const route = pattern.replace(/\{(\w+)\}/g, (_, name: keyof SeededPaths) => known[name]);
      await page.goto(portalPath(route));
      await waitForContent(page);
      await expectAxeClean(page, route);
    });
  }

  test('/terms (as new@vigil.test, who has not accepted them)', async ({ page, signIn }) => {
    await signIn('new@vigil.test');
    await page.goto(portalPath('/terms'));
    await waitForContent(page);
    await expect(page).toHaveURL(/\/terms$/);
    await expectAxeClean(page, '/terms');
  });
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
    await page.goto('/demo/gallery.html');
    // Every element of the manifest has its card and a live, defined instance, showing content.
    for (const tag of tags) {
      await expect(page.locator(`section#${tag}`), `the gallery shows ${tag}`).toHaveCount(1);
      expect(await page.evaluate((t) => Boolean(customElements.get(t)), tag), `${tag} is defined`).toBe(true);
    }
    await waitForGallery(page, tags);

    const bySection = await sectionsOf(page, await axe(page));
    for (const section of ['(page)', ...tags]) {
      const found = bySection.get(section) ?? [];
      expect.soft(found.map((v) => v.id), `accessibility violations in ${section}:\n${formatViolations(found)}`).toEqual([]);
    }
    // A violation outside every known section would be missed above.
    expect([...bySection.keys()].filter((s) => s !== '(page)' && !tags.includes(s))).toEqual([]);
  });
}
