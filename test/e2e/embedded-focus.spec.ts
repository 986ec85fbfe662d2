// The portal in someone else's frame (the element gallery shows <vigil-portal> in an
// iframe) must not take the focus from the page around it as it loads: keyboard users would
// land inside the frame and the page would scroll to it. Inside the frame, once the user
// works there, the portal's forms focus their first field as they do in a tab of their own
// (portal.spec.ts checks the standalone sign-in page).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function openGallery(page: Page) {
  await page.goto('/demo/try/gallery.html');
  await expect(page.locator('#gallery')).toHaveAttribute('aria-busy', 'false');
  const portal = page.frameLocator('iframe[title="The portal, live"]');
  // Signed out: the framed portal shows its sign-in page, which focuses its e-mail field
  // when it is a page of its own.
  await expect(portal.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(portal.getByLabel('E-mail address')).toBeVisible();
  return portal;
}

/** Waits until the page has rendered two more frames (an autofocus would have happened). */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

test('the gallery keeps the focus and its scroll position while the framed portal shows its sign-in form', async ({ page }) => {
  const portal = await openGallery(page);
  await painted(page);
  // The page's focus stays on the page (the frame element would be the active element of a
  // page whose frame took the focus), and the page did not scroll to the frame.
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('body');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(portal.getByLabel('E-mail address')).not.toBeFocused();
  // The keyboard starts on the page: the first Tab reaches the gallery's first link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'custom-elements.json' })).toBeFocused();
});

test('inside the framed portal, a page the user opens still focuses its form', async ({ page }) => {
  const portal = await openGallery(page);
  await portal.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: /password/i })).toBeVisible();
  await expect(portal.getByLabel('E-mail address')).toBeFocused();
});
