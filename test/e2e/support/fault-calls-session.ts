/** Rows of the fault-injection table (test/e2e/support/fault-tests.ts): signing in, the session, catalogues, content pages and the ping. */
import { expect } from '../fixtures.ts';
import { expectUsable, message, storedUser } from './faults.ts';
import { fill, formAlert, MANAGER, NO_CONTENT, path, type Row, signedOutOn401, toastOr401 } from './fault-rows.ts';

export const SESSION_CALLS: Row[] = [
  // --- Signing in (signed out) -----------------------------------------------------------
  {
    call: 'POST /api/v2/user/login',
    screen: '/login',
    as: null,
    match: { method: 'POST', path: path('/api/v2/user/login') },
    open: () => '/login',
    act: async (page) => {
      await page.getByRole('main').getByLabel('E-mail address').fill(MANAGER);
      await page.getByRole('main').getByLabel('Password', { exact: true }).fill('vigil-demo');
      await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    },
    outcome: formAlert,
    kept: async (page) => {
      await expect(page.getByRole('main').getByLabel('E-mail address')).toHaveValue(MANAGER);
      expect(new URL(page.url()).pathname).toBe('/login');
    },
  },
  {
    call: 'POST /api/v2/user/forgot-password',
    screen: '/forgot-password',
    as: null,
    faults: NO_CONTENT,
    match: { method: 'POST', path: path('/api/v2/user/forgot-password') },
    open: () => '/forgot-password',
    act: async (page) => {
      await page.getByRole('main').getByLabel('E-mail address').fill(MANAGER);
      await page.getByRole('button', { name: 'Send reset link' }).click();
    },
    outcome: formAlert,
    kept: async (page) => {
      await expect(page.getByRole('main').getByLabel('E-mail address')).toHaveValue(MANAGER);
    },
  },
  {
    call: 'POST /api/v2/user/reset-password',
    screen: '/reset-password/{token}',
    as: null,
    faults: NO_CONTENT,
    match: { method: 'POST', path: path('/api/v2/user/reset-password') },
    open: () => `/reset-password/e2e-token?email=${encodeURIComponent(MANAGER)}`,
    act: async (page) => {
      await fill(page, 'E-mail address', MANAGER);
      await page.getByLabel('New password', { exact: true }).fill('a-new-password');
      await page.getByLabel('Confirm new password').fill('a-new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
    },
    outcome: formAlert,
    kept: async (page) => {
      await expect(page.getByRole('main').getByLabel('E-mail address')).toHaveValue(MANAGER);
    },
  },
  {
    call: 'GET /i18n/messages/{locale}.json',
    mode: 'boot',
    screen: 'language picker (Deutsch)',
    match: { method: 'GET', path: path('/i18n/messages/de\\.json') },
    open: () => '/',
    act: async (page) => {
      await page.getByRole('banner').getByRole('combobox').selectOption('de');
    },
    // Catalogues are public and fetched without the token: even a 401 says nothing about
    // the session, so every failure just falls back to English.
    outcome: () => ({
      quiet: 'falls back to English',
      check: async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
        await expect(
          page
            .getByRole('banner')
            .getByRole('navigation')
            .getByRole('link', { name: /^Inbox/ }),
        ).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      },
    }),
  },
  // --- The session (signed in) -------------------------------------------------------------
  {
    call: 'GET /api/v2/user',
    mode: 'boot',
    screen: 'start-up validation (/)',
    match: { method: 'GET', path: path('/api/v2/user') },
    open: () => '/',
    outcome: toastOr401('core.toastErrors.validateUser'),
  },
  {
    call: 'GET /auth/jwt',
    mode: 'boot',
    screen: 'start-up (/)',
    faults: NO_CONTENT,
    match: { method: 'GET', path: path('/auth/jwt') },
    open: () => '/',
    outcome: toastOr401('core.toastErrors.fetchJwt'),
    expireOn401: false, // a 401 on the JWT alone signs out (docs/product.md#session)
  },
  {
    call: 'GET /api/v2/notifications?filter[unread]=true (unread count)',
    mode: 'boot',
    screen: 'start-up (/)',
    match: { method: 'GET', path: path('/api/v2/notifications'), query: (q) => q.get('filter[unread]') === 'true' && !q.has('page') },
    open: () => '/',
    outcome: toastOr401('core.toastErrors.loadUnread'),
  },
  {
    call: 'PUT /api/v2/user/locale',
    mode: 'boot',
    screen: 'language picker (Deutsch)',
    faults: NO_CONTENT,
    match: { method: 'PUT', path: path('/api/v2/user/locale') },
    open: () => '/',
    act: async (page) => {
      await page.getByRole('banner').getByRole('combobox').selectOption('de');
    },
    // Shown in the language just applied.
    outcome: signedOutOn401(() => ({ alert: message('core.toastErrors.setLocale', {}, 'de') })),
    usable: async (page) => {
      if ((await storedUser(page)) === null) return expectUsable(page);
      await page
        .getByRole('banner')
        .getByRole('navigation')
        .getByRole('link', { name: /^Posteingang|^Inbox/ })
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/inbox');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    call: 'GET /api/v2/pages',
    afterValidation: true,
    mode: 'boot',
    screen: "the 'Help' pill (/)",
    match: { method: 'GET', path: path('/api/v2/pages') },
    open: () => '/',
    // The pill is an extra: without the list it is simply not shown.
    outcome: signedOutOn401(() => ({
      quiet: "hides 'Help'",
      check: async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
        await expect(page.getByRole('banner').getByRole('button', { name: 'Help' })).toHaveCount(0);
      },
    })),
  },
  {
    call: 'PUT /api/v2/user/terms',
    screen: '/terms (new@vigil.test)',
    as: 'new@vigil.test',
    faults: NO_CONTENT,
    match: { method: 'PUT', path: path('/api/v2/user/terms') },
    open: () => '/terms',
    act: async (page) => {
      await page.getByRole('button', { name: 'Accept the terms' }).click();
    },
    outcome: (fault) => (fault === '401' ? { heldAtTerms: true } : { alert: message('core.toastErrors.acceptTerms') }),
  },
  {
    call: 'HEAD /api/ping',
    mode: 'boot',
    screen: 'timeout page (a page module fails to load)',
    faults: ['500', '500-errors', 'network', '401'],
    match: { method: 'HEAD', path: path('/api/ping') },
    open: () => '/',
    outcome: signedOutOn401(() => ({ alert: message('core.errors.timeout') })),
    usable: async (page) => {
      await page.unrouteAll({ behavior: 'wait' });
      if ((await storedUser(page)) === null) return expectUsable(page);
      await page.getByRole('button', { name: 'Reload the page' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projects');
    },
  },
];
