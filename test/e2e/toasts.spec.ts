// Toasts by type (docs/product.md#constants-and-limits): an error is red, with an icon,
// in both colour schemes; it is announced as an alert.
import { expect, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';

test.use({ allowedConsoleErrors: /status of 500/ });

for (const scheme of ['light', 'dark'] as const) {
  test(`an error toast is red with an icon (${scheme})`, async ({ page, signIn }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn('manager@vigil.test');
    await page.route('**/api/v2/projects', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' }),
    );
    await page.goto(portalPath('/'));
    const toast = page.locator('vigil-toast-region').getByRole('alert').filter({ hasText: 'Unable to load projects' });
    await expect(toast).toBeVisible();
    await expect(toast.locator('svg.v-toast-icon')).toBeVisible();
    const { background, danger } = await toast.evaluate((el) => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--v-danger)';
      el.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { background: getComputedStyle(el).backgroundColor, danger };
    });
    expect(background).toBe(danger);
    expect(background).toBe(scheme === 'light' ? 'rgb(198, 40, 40)' : 'rgb(255, 92, 92)');
  });
}
