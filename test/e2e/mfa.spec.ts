// Two-step sign-in end to end: turning it on from the user menu with a code computed from
// the secret the dialog shows, then signing in with password and code; a wrong code; a
// recovery code that works once. Codes are computed for the real clock the server uses:
// the code that turned it on used the current time step, so later sign-ins use the next
// step (accepted: one step either side), never the same one twice (replay is refused).
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MFA_DEMO_SECRET } from '../../demo/server/seed-data/places.ts';
import { expect, expectNoA11yViolations, SEED_PASSWORD, test } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { LoginPage } from './screens/LoginPage.ts';
import { PROJECTS } from '../../demo/server/seed-ids.ts';

const VIEWER = 'viewer@vigil.test';

const codeAt = (secret: string, offsetMs = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetMs });

/** A code of the same secret that is surely not the right one now (nor a step either side). */
const wrongCode = (secret: string): string => {
  const near = [-30_000, 0, 30_000].map((offset) => codeAt(secret, offset));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
};

/** The code step of the sign-in card. */
const codeStep = (page: Page) => {
  const main = page.getByRole('main');
  return {
    code: () => main.getByLabel('Enter the 6-digit code from your authenticator app'),
    recovery: () => main.getByLabel('Recovery code'),
    submit: () => main.getByRole('button', { name: 'Verify and sign in' }),
    useRecovery: () => main.getByRole('button', { name: 'Use a recovery code instead' }),
    back: () => main.getByRole('button', { name: 'Back: change the e-mail address' }),
    text: (t: string | RegExp) => main.getByText(t),
  };
};

/** Turns two-step sign-in on for `email` through the API; returns the secret and the recovery codes. */
async function enrolByApi(request: APIRequestContext, email: string): Promise<{ secret: string; codes: string[] }> {
  const login = await request.post('/api/v2/user/login', { data: { email, password: SEED_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.post('/api/v2/user/mfa/setup', { headers, data: { password: SEED_PASSWORD } });
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const enabled = await request.post('/api/v2/user/mfa/enable', { headers, data: { code: codeAt(secret) } });
  expect(enabled.status()).toBe(200);
  return { secret, codes: ((await enabled.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes };
}

test.describe('two-step sign-in', () => {
  test('turned on from the user menu, then asked for after the password', async ({ page, signedInPage, browserProblems }) => {
    test.slow(); // four dialog steps with a refused password and code, two axe runs, then a sign-in with the code
    browserProblems.allow(/status of 422/); // Chromium logs the refused password and codes
    await signedInPage(VIEWER);
    const login = new LoginPage(page);
    await login.layout.userMenu().click();
    const item = page.getByRole('button', { name: /Two-step sign-in\s*Off/ });
    await item.click();

    // First the password again: a session alone cannot turn it on.
    const before = (await login.storedUser<{ token: string }>())!.token;
    const start = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
    await expect(start.getByText('Step 1 of 4')).toBeVisible();
    const password = start.getByLabel('Your password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await password.fill('not-the-password');
    await start.getByRole('button', { name: 'Next' }).click();
    await expect(start.getByText('This password is not correct.')).toBeVisible();
    await expect(password).toBeFocused();
    await password.fill(SEED_PASSWORD);
    await start.getByRole('button', { name: 'Next' }).click();

    const dialog = page.getByRole('dialog', { name: 'Scan the QR code' });
    await expect(dialog).toBeVisible();
    // The menu closed behind the dialog it opened.
    await expect(login.layout.userMenu()).toHaveAttribute('aria-expanded', 'false');
    await expect(item).toBeHidden();
    await expect(dialog.getByText('Step 2 of 4')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code to add Vigil to your authenticator app' })).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml/,
    );
    const grouped = (await dialog.getByLabel('Secret key').textContent())!;
    expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = grouped.replace(/\s/g, '');
    await expectNoA11yViolations(page);

    await dialog.getByRole('button', { name: 'Next' }).click();
    const confirm = page.getByRole('dialog', { name: 'Enter the first code' });
    const first = confirm.getByLabel('6-digit code');
    await first.fill(wrongCode(secret));
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await expect(confirm.getByText('This code is not correct.', { exact: false })).toBeVisible();
    await expect(first).toBeFocused();
    await first.fill(codeAt(secret));
    await confirm.getByRole('button', { name: 'Turn on' }).click();

    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const codes = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    // Every session of the account ended; this device goes on with the fresh token it was given.
    await expect(saved.getByText('Every other device and browser was signed out', { exact: false })).toBeVisible();
    const after = (await login.storedUser<{ token: string }>())!.token;
    expect(after).not.toBe(before);
    const api = page.context().request;
    expect((await api.get('/api/v2/user', { headers: { Authorization: `Bearer ${before}` } })).status()).toBe(401);
    expect((await api.get('/api/v2/user', { headers: { Authorization: `Bearer ${after}` } })).status()).toBe(200);
    await expect(saved.getByRole('link', { name: 'Download as .txt' })).toHaveAttribute('download', 'vigil-recovery-codes.txt');
    await expectNoA11yViolations(page);
    await saved.getByRole('button', { name: 'I have saved them' }).click();
    await expect(saved).toHaveCount(0);
    // Focus is back on the menu's button; the menu's entry now says it is on.
    await expect(login.layout.userMenu()).toBeFocused();
    await login.layout.userMenu().click();
    await expect(page.getByRole('button', { name: /Two-step sign-in\s*On/ })).toBeVisible();

    // Signed out, the password alone no longer signs in.
    await page.keyboard.press('Escape');
    await login.layout.signOut();
    await login.expectRoute('/login');
    await login.signIn(VIEWER, SEED_PASSWORD);
    const step = codeStep(page);
    await expect(step.code()).toBeFocused();
    await expect(step.code()).toHaveAttribute('inputmode', 'numeric');
    await expect(step.code()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(await login.storedUser()).toBeNull();
    await expectNoA11yViolations(page);

    // A wrong code: said clearly, the e-mail kept, the field focused for the next try.
    await step.code().fill(wrongCode(secret));
    await step.submit().click();
    await expect(step.text(/This code is not correct/)).toBeVisible();
    await expect(step.code()).toBeFocused();
    await expect(step.code()).toHaveAttribute('aria-invalid', 'true');
    await expect(step.text(`Two-step sign-in is on for ${VIEWER}.`)).toBeVisible();

    // The next time step: the one that turned it on is used up (no code twice).
    await step.code().fill(codeAt(secret, 30_000));
    await step.submit().click();
    await login.expectRoute('/');
    await expect(login.layout.userMenu()).toBeVisible();
    expect((await login.storedUser())?.email).toBe(VIEWER);
  });

  test('a recovery code signs in once; Back keeps the e-mail', async ({ page, request, browserProblems }) => {
    browserProblems.allow(/status of 422/);
    const { codes } = await enrolByApi(request, VIEWER);
    const login = await new LoginPage(page).open();
    await login.signIn(VIEWER, SEED_PASSWORD);
    const step = codeStep(page);
    await expect(step.code()).toBeFocused();

    // Back to change the e-mail: it is still there.
    await step.back().click();
    await expect(login.email()).toHaveValue(VIEWER);
    await expect(login.email()).toBeFocused();

    await login.password().fill(SEED_PASSWORD);
    await login.submit().click();
    await step.useRecovery().click();
    await expect(step.recovery()).toBeFocused();
    await step.recovery().fill(codes[0]!);
    await step.submit().click();
    await login.expectRoute('/');
    await login.layout.signOut();
    await login.expectRoute('/login');

    // The same recovery code a second time: refused, clearly.
    await login.signIn(VIEWER, SEED_PASSWORD);
    await step.useRecovery().click();
    await step.recovery().fill(codes[0]!);
    await step.submit().click();
    await expect(step.text('This recovery code is not valid or has already been used.')).toBeVisible();
    await expect(step.recovery()).toBeFocused();
    expect(await login.storedUser()).toBeNull();
    // Another one still works.
    await step.recovery().fill(codes[1]!);
    await step.submit().click();
    await login.expectRoute('/');
  });

  test('the seeded account signs in with the secret printed in the README', async ({ page }) => {
    const login = await new LoginPage(page).open();
    await login.signIn('mfa@vigil.test', SEED_PASSWORD);
    const step = codeStep(page);
    await step.code().fill(codeAt(MFA_DEMO_SECRET));
    await step.submit().click();
    await login.expectRoute('/');
    expect((await login.storedUser())?.email).toBe('mfa@vigil.test');
  });

  test('a project that requires it: the manager switches it on, an evacuation by someone without it is refused and says why', async ({
    page,
    signIn,
    browserProblems,
  }) => {
    browserProblems.allow(/status of 403/);
    // Lucas manages Atlas (and reads French): the Security section below its users.
    await signIn('lucas.dubois@atlas-dc.example');
    await page.goto(`/projects/${PROJECTS.atlas}/users`);
    const require = page.getByRole('checkbox', {
      name: 'Exiger la connexion en deux étapes des personnes qui peuvent lancer des évacuations',
    });
    await expect(require).not.toBeChecked();
    await require.check();
    await expect(page.getByText('La connexion en deux étapes est désormais exigée pour lancer ou annuler une évacuation.')).toBeVisible();
    await page.reload();
    await expect(require).toBeChecked();
    await expectNoA11yViolations(page);

    // Morgan may evacuate on Atlas but has not turned two-step sign-in on.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn('manager@vigil.test');
    await page.goto(`/project/${PROJECTS.atlas}`);
    const block = new EvacuationBlock(page);
    await expect(block.status()).toContainText('No evacuation in progress');
    await block.button('Start evacuation').click();
    await block.confirm();
    await expect(page.getByRole('alert').filter({ hasText: 'Turn on two-step sign-in in your user menu' }).first()).toBeVisible();
    await expect(block.status()).toContainText('No evacuation in progress');
  });
});
