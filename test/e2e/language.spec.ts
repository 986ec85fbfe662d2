// The language a person picks stays theirs: chosen on the sign-in page it is the portal's
// after signing in and is saved to the account; every open tab follows a change at once.
import { expect, SEED_PASSWORD, test } from './fixtures.ts';
import { LoginPage } from './screens/LoginPage.ts';
import { PortalLayout } from './screens/PortalLayout.ts';

const MANAGER = 'manager@vigil.test';

test('Deutsch chosen on the sign-in page is the portal’s language after signing in, and the account’s', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.goto('/login');
  await expect(login.heading('Sign in to Vigil')).toBeVisible();
  await login.layout.chooseLanguage('de');
  await expect(page.getByRole('heading', { name: 'Bei Vigil anmelden' })).toBeVisible();
  const form = page.getByRole('main');
  await form.getByLabel('E-Mail-Adresse').fill(MANAGER);
  await form.getByLabel('Passwort', { exact: true }).fill(SEED_PASSWORD);
  await form.getByRole('button', { name: 'Anmelden' }).click();

  const layout = new PortalLayout(page);
  await expect(layout.pill('Projekte')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(layout.language()).toHaveValue('de');
  // Saved to the account: the server answers the user with it.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('auth.currentUser') ?? '{}') as { token?: string }).token);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/v2/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
            data: { locale: string };
          }
        ).data.locale,
    )
    .toBe('de');
  await page.reload();
  await expect(layout.pill('Projekte')).toBeVisible();
});

test('a second tab follows a language change at once, signed in and signed out', async ({ page, signIn, context }) => {
  await signIn(MANAGER);
  await page.goto('/');
  const second = await context.newPage();
  await second.goto('/inbox');
  const first = new PortalLayout(page);
  const other = new PortalLayout(second);
  await expect(other.pill(/^Inbox\b/)).toBeVisible();

  await first.chooseLanguage('fr');
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(other.pill('Projets')).toBeVisible();

  // Signed out, on the sign-in page of both tabs.
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Se connecter à Vigil' })).toBeVisible();
  await second.goto('/login');
  await expect(second.getByRole('heading', { name: 'Se connecter à Vigil' })).toBeVisible();
  await first.chooseLanguage('nl');
  await expect(second.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(second.getByRole('heading', { name: 'Aanmelden bij Vigil' })).toBeVisible();
});
