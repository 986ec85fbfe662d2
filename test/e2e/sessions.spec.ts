// Where you're signed in: a user signs in on a desktop and on a "phone" (a second browser
// context with a phone's User-Agent), ends the phone's session from the desktop's user
// menu, and the phone's next action lands on the sign-in page. The list marks this device,
// names the browsers, ends every other session at once and shows a failed attempt.
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, markAlertOfferMade, SEED_PASSWORD, test } from './fixtures.ts';
import { LoginPage } from './screens/LoginPage.ts';
import { PortalLayout } from './screens/PortalLayout.ts';

const MANAGER = 'manager@vigil.test';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in through the sign-in page and waits for the home page. */
async function signInByForm(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, SEED_PASSWORD);
  await login.expectRoute('/');
  await expect(login.layout.userMenu()).toBeVisible();
}

/** A phone: its own browser context (own storage) with a phone's User-Agent and size. */
async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addInitScript(markAlertOfferMade, ['manager']);
  return context.newPage();
}

/** Opens "Where you're signed in" from the user menu; answers the dialog. */
async function openSessions(page: Page) {
  const layout = new PortalLayout(page);
  await layout.userMenu().click();
  await page.getByRole('button', { name: 'Where you’re signed in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where you’re signed in' });
  await expect(dialog.getByRole('list', { name: 'Your sessions' })).toBeVisible();
  return dialog;
}

test('a user ends their phone’s session and that browser is signed out at its next action', async ({ page, browser, baseURL }) => {
  test.slow(); // two browsers sign in through the form
  const mobile = await phone(browser, baseURL!);
  await signInByForm(mobile, MANAGER);
  await signInByForm(page, MANAGER);

  const dialog = await openSessions(page);
  const sessions = dialog.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  // This device first and marked, with no button to end it here.
  await expect(sessions.first()).toContainText('This device');
  await expect(sessions.first()).toContainText(/^Chrome · /);
  await expect(sessions.first().getByRole('button')).toHaveCount(0);
  const phoneRow = sessions.filter({ hasText: 'Safari · iPhone' });
  await expect(phoneRow).toContainText('127.0.0.1');
  await expect(phoneRow).toContainText(/Last used at/);

  await phoneRow.getByRole('button', { name: /^Sign out Safari · iPhone, 127\.0\.0\.1$/ }).click();
  await expect(dialog.getByRole('status')).toHaveText('Safari · iPhone was signed out.');
  await expect(sessions).toHaveCount(1);
  await expect(dialog.getByText('You are signed in on this device only.')).toBeVisible();

  // The phone's next request is refused, and it is back at the sign-in page. Its live
  // channel, which the server closes with the session, may ask first (its reconnection
  // answers 401): then the click finds no Inbox pill, and the phone is signed out already.
  const signInButton = mobile.getByRole('button', { name: 'Sign in' });
  await expect(async () => {
    if (!(await signInButton.isVisible())) await new PortalLayout(mobile).inboxPill().click({ timeout: 2_000 });
    await expect(signInButton).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect.poll(() => new URL(mobile.url()).pathname).toMatch(/\/login$/);
  // The desktop is still signed in.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(new PortalLayout(page).userMenu()).toBeFocused();
  await page.reload();
  await expect(new PortalLayout(page).userMenu()).toBeVisible();
  await new LoginPage(page).expectRoute('/');
  await mobile.context().close();
});

test('the list ends every other session at once and shows a failed attempt, by keyboard and at 360 px', async ({
  page,
  api,
  signedInPage,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Two more sessions elsewhere, and a wrong password.
  await api.login(MANAGER);
  await api.login(MANAGER);
  const wrong = await page.request.post('/api/v2/user/login', { data: { email: MANAGER, password: 'not-the-password' } });
  expect(wrong.status()).toBe(422);
  await signedInPage(MANAGER);

  const layout = new PortalLayout(page);
  await layout.userMenu().focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('button', { name: 'Where you’re signed in' });
  await item.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Where you’re signed in' });
  const sessions = dialog.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(3);
  await expect(dialog.getByRole('heading', { name: 'Where you’re signed in' })).toBeFocused();

  // The attempts: the wrong password, calmly set apart, then the successes.
  const attempts = dialog.locator('.ses-attempts > li');
  await expect(attempts.filter({ hasText: 'Wrong password' })).toHaveCount(1);
  await expect(attempts.filter({ hasText: 'Wrong password' })).toHaveClass(/ses-attempt--failed/);
  await expect(attempts.filter({ hasText: 'Signed in' })).toHaveCount(3);

  // Fits 360 px: nothing wider than the dialog.
  const overflow = await dialog.locator('.ses-dialog').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);

  const others = dialog.getByRole('button', { name: 'Sign out everywhere else' });
  await others.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('2 other sessions were signed out.');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This device');
  await expect(dialog.getByRole('heading', { name: 'Where you’re signed in' })).toBeFocused();
});
