// The integrator examples (README "Examples"): each loads with no console error or CSP
// violation (the fixture fails the test otherwise) and its elements work against the
// demo server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { integratorHeaders } from '../../examples/cross-origin/headers.ts';
import { expect, test, SEED_PASSWORD } from './fixtures.ts';
import { integratorOrigin, serveOn } from './support/other-origins.ts';

async function signInWithVigilLogin(page: import('@playwright/test').Page) {
  const login = page.locator('vigil-login');
  await login.getByLabel('E-mail address').fill('manager@vigil.test');
  await login.getByLabel('Password').fill(SEED_PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
}

test('intranet page: one sign-in with <vigil-login> serves evacuation, inbox and badges; events reach the page', async ({ page }) => {
  await page.goto('/examples/intranet/');
  // Signed out: every element that needs a session asks for it.
  await expect(page.locator('vigil-evacuation').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await signInWithVigilLogin(page);
  await expect(page.locator('vigil-evacuation').getByText('No evacuation in progress')).toBeVisible();
  await expect(page.locator('vigil-inbox').getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page.locator('vigil-unread-badge').first()).toContainText('12');
  await expect(page.locator('#log')).toContainText('vigil-signed-in');
  // The dark theme is made of --vigil-* properties only.
  const before = await page
    .locator('vigil-evacuation')
    .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('button')!).backgroundColor);
  await page.getByLabel('Dark theme').check();
  await expect
    .poll(() =>
      page.locator('vigil-evacuation').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('button')!).backgroundColor),
    )
    .not.toBe(before);
});

test('React 19 app: typed elements render and their events reach React handlers', async ({ page, signIn }) => {
  await signIn('manager@vigil.test');
  await page.goto('/examples/react-app/dist/');
  const evacuation = page.locator('vigil-evacuation');
  await evacuation.getByRole('button', { name: 'Start evacuation' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('radio', { name: /^Real evacuation/ })
    .check();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start evacuation' }).click();
  await expect(page.getByTestId('log')).toContainText('started: project 10000000-0000-4000-8000-000000000001');
  await expect(evacuation.getByText(/started by Morgan Manager/i)).toBeVisible();
  await expect(page.locator('vigil-inbox').getByRole('heading', { name: 'Inbox' })).toBeVisible();
});

test('plain HTML page on another origin (no build step): bundles and API through CORS', async ({ page, baseURL }) => {
  const html = readFileSync(join(import.meta.dirname, '../../examples/cross-origin/index.html'), 'utf8').replaceAll(
    'http://localhost:8080',
    baseURL!,
  );
  const css = readFileSync(join(import.meta.dirname, '../../examples/cross-origin/style.css'), 'utf8');
  // A real second server on this machine (like the example's :8081 next to the API's
  // :8080): another port is another origin, which the demo server's CORS allows. The page
  // goes out with the example's own headers (strict CSP, Trusted Types, no framing).
  const headers = integratorHeaders(new URL(baseURL!).origin);
  const server = await serveOn(integratorOrigin(), (req, res) => {
    const isCss = req.url?.endsWith('.css');
    res.writeHead(200, { ...headers, 'Content-Type': isCss ? 'text/css' : 'text/html; charset=utf-8' });
    res.end(isCss ? css : html);
  });
  const origin = server.origin;
  try {
    await page.goto(`${origin}/`);
    await signInWithVigilLogin(page);
    await expect(page.locator('vigil-evacuation').getByText('No evacuation in progress')).toBeVisible();
    await expect(page.locator('vigil-unread-badge')).toContainText('12');
    // The session lives on the integrator's origin; the token went only to the API origin.
    const stored = await page.evaluate(() => localStorage.getItem('auth.currentUser'));
    expect(stored).toContain('manager@vigil.test');
  } finally {
    await server.close();
  }
});
