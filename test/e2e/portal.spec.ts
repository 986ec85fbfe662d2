// The hosted portal (<vigil-portal>): routing, guards, sign-in, password reset, terms,
// languages, the 404 page and the shared layout, against the demo server.
import { DEMO_LIVE_VIEW_UUID, PAGES, PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, SEED_PASSWORD, test } from './fixtures.ts';
import { ForgotPasswordPage } from './screens/ForgotPasswordPage.ts';
import { LoginPage } from './screens/LoginPage.ts';
import { NotFoundPage } from './screens/NotFoundPage.ts';
import { portalPath } from './screens/BasePage.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { ResetPasswordPage } from './screens/ResetPasswordPage.ts';
import { TermsPage } from './screens/TermsPage.ts';
import { trackNetwork } from './support/network.ts';

const MANAGER = 'manager@vigil.test';
const VIEWER = 'viewer@vigil.test';
const NEWCOMER = 'new@vigil.test';
/** Chromium logs every 4xx answer as a console error; these journeys provoke them on purpose. */
const EXPECTED_FAILURES = /status of (401|422)/;

const query = (url: string, name: string) => new URL(url).searchParams.get(name);

test.describe('portal: signing in', () => {
  test('a deep link while signed out goes to login, and back to the deep link after signing in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('/inbox/notifications?page=1');
    await login.expectRoute('/login');
    expect(query(page.url(), 'redirectFrom')).toBe('/inbox/notifications?page=1');
    await expect(login.heading('Sign in to Vigil')).toBeVisible();
    await expect(page).toHaveTitle('Sign in | Vigil');

    await login.signIn(MANAGER, SEED_PASSWORD);
    await login.expectRoute('/inbox/notifications');
    expect(new URL(page.url()).search).toBe('?page=1');
    expect((await login.storedUser())?.email).toBe(MANAGER);
  });

  test('a wrong password shows the error and changes nothing else; what was typed stays', async ({ page, browserProblems }) => {
    browserProblems.allow(EXPECTED_FAILURES);
    const login = await new LoginPage(page).open();
    await login.signIn(MANAGER, 'not-the-password');
    await expect(login.error('These credentials do not match our records.')).toBeVisible();
    await expect(login.email()).toHaveAttribute('aria-invalid', 'true');
    await expect(login.email()).toHaveValue(MANAGER);
    await expect(login.password()).toHaveValue('not-the-password');
    await login.expectRoute('/login');
    expect(await login.storedUser()).toBeNull();
    await expect(login.layout.userMenu()).toHaveCount(0);
  });

  test('the form checks the fields before sending', async ({ page }) => {
    const login = await new LoginPage(page).open();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/user/login')) calls.push(r.url());
    });
    await login.signIn('manager', '');
    await expect(login.error('Enter an e-mail address like name@example.com.')).toBeVisible();
    await expect(login.error('Enter your password.')).toBeVisible();
    await expect(login.email()).toBeFocused();
    expect(calls).toEqual([]);
  });

  test('signing in works by keyboard alone', async ({ page }) => {
    const login = await new LoginPage(page).open();
    await expect(login.email()).toBeFocused();
    await page.keyboard.type(MANAGER);
    await page.keyboard.press('Tab');
    await expect(login.password()).toBeFocused();
    await page.keyboard.type(SEED_PASSWORD);
    await page.keyboard.press('Enter');
    await login.expectRoute('/');
    await expect(login.layout.userMenu()).toBeVisible();
    // On any page the first Tab reaches the skip link, then the header.
    await page.reload();
    await expect(login.layout.userMenu()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(login.layout.skipLink()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('a signed-in user visiting /login, /forgot-password, /reset-password or /invitation goes home', async ({ page, signIn }) => {
    await signIn(MANAGER);
    const login = new LoginPage(page);
    for (const path of ['/login', '/forgot-password', '/reset-password/abc?email=manager%40vigil.test', '/invitation/abc']) {
      await login.goto(path);
      await login.expectRoute('/');
    }
    await expect(login.layout.pill('Projects')).toHaveAttribute('aria-current', 'page');
  });

  test('sign-in and the 404 page pass axe', async ({ page }) => {
    const login = await new LoginPage(page).open();
    await expect(login.email()).toBeVisible();
    await expectNoA11yViolations(page);
    const notFound = new NotFoundPage(page);
    await notFound.goto('/404?resource=Site');
    await expect(notFound.heading('We could not find this site')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe('portal: terms of use', () => {
  test('new@vigil.test is held at /terms until accepting, then goes on', async ({ page, signIn }) => {
    await signIn(NEWCOMER);
    const terms = new TermsPage(page);
    await terms.goto('/inbox');
    await terms.expectRoute('/terms');
    expect(query(page.url(), 'redirectFrom')).toBe('/inbox');
    await expect(terms.heading('Terms of use')).toBeVisible();
    await expect(terms.layout.nav()).toHaveCount(0);
    await expectNoA11yViolations(page);

    for (const path of ['/', `/project/${PROJECTS.atlas}`, '/inbox/notifications']) {
      await terms.goto(path);
      await terms.expectRoute('/terms');
    }
    await terms.goto('/terms?redirectFrom=%2Finbox');
    await terms.accept().click();
    await terms.expectRoute('/inbox');
    expect((await terms.storedUser())?.terms_accepted_web_portal).toBe(true);
    await page.reload();
    await terms.expectRoute('/inbox');
    await terms.goto('/terms');
    await expect(terms.accepted()).toBeVisible();
  });

  test('a newcomer can still sign out from /terms', async ({ page, signIn }) => {
    await signIn(NEWCOMER);
    const terms = new TermsPage(page);
    await terms.goto('/');
    await terms.expectRoute('/terms');
    await terms.layout.signOut();
    await terms.expectRoute('/login');
    expect(await terms.storedUser()).toBeNull();
  });

  test('the user menu opened while the first page is checked stays open when it shows', async ({ page, signIn }) => {
    await signIn(NEWCOMER);
    // The check of the stored user (GET /api/v2/user) is held until the menu is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(
      (url) => url.pathname.endsWith('/api/v2/user'),
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        asked = true;
        await held;
        await route.fallback();
      },
    );
    const terms = new TermsPage(page);
    await terms.goto('/');
    await terms.expectRoute('/terms');
    await expect.poll(() => asked).toBe(true);
    await expect(terms.heading('Terms of use')).toHaveCount(0);

    await terms.layout.userMenu().click();
    await expect(terms.layout.userMenu()).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(terms.heading('Terms of use')).toBeVisible();
    // Showing the page the URL already named is no navigation: the menu stays open.
    await expect(terms.layout.userMenu()).toHaveAttribute('aria-expanded', 'true');
    await expect(terms.layout.signOutLink()).toBeVisible();
    await terms.layout.signOutLink().click();
    await terms.expectRoute('/login');
  });
});

test.describe('portal: password reset', () => {
  test('forgot password, then reset it with the link the server sent, then sign in with it', async ({ page, api, browserProblems }) => {
    browserProblems.allow(EXPECTED_FAILURES);
    const login = await new LoginPage(page).open();
    await login.email().fill(VIEWER);
    await login.forgotLink().click();
    const forgot = new ForgotPasswordPage(page);
    await forgot.expectRoute('/forgot-password');
    await expect(forgot.email()).toHaveValue(VIEWER);
    await forgot.send().click();
    await expect(forgot.sent()).toBeVisible();

    const link = await api.lastResetLink();
    expect(link).toBeTruthy();
    const reset = await new ResetPasswordPage(page).openLink(link!);
    await expect(reset.email()).toHaveValue(VIEWER);

    // Checked before sending
    await reset.setPassword('short', 'short');
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await reset.setPassword('a-new-password', 'a-new-passwort');
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await expect(reset.confirmation()).toBeFocused();

    await reset.setPassword('a-new-password');
    await login.expectRoute('/login');
    await login.expectToast('Your password has been changed. Sign in with your new password.');
    await expect(login.email()).toHaveValue(VIEWER);

    // The link is used up: the server's error is shown, with a way to get a new one.
    await reset.openLink(link!);
    await reset.setPassword('another-password');
    await expect(page.getByText('This password reset token is invalid or has expired.')).toBeVisible();
    await expect(reset.requestNewLink()).toBeVisible();
    await expect(reset.password()).toHaveValue('another-password');

    await login.open();
    await login.signIn(VIEWER, 'a-new-password');
    await login.expectRoute('/');
  });
});

test.describe('portal: session', () => {
  test('logout clears auth.currentUser and goes to login', async ({ page, signIn }) => {
    await signIn(MANAGER);
    // The home page's own loads finish first: one still under way when the token is revoked
    // is answered 401, which the browser logs (this test is about signing out, not that race).
    const network = trackNetwork(page);
    await page.goto(portalPath('/'), { waitUntil: 'domcontentloaded' });
    const layout = new PortalLayout(page);
    const login = new LoginPage(page);
    await expect(layout.userMenu()).toContainText('Morgan Manager');
    await network.quiet();
    expect(await login.storedUser()).not.toBeNull();
    await layout.signOut();
    await login.expectRoute('/login');
    expect(await login.storedUser()).toBeNull();
    await login.goto('/inbox');
    await login.expectRoute('/login');
  });

  test('opening /logout revokes the token without the signed-in header or alarm bar asking with it', async ({ page, signIn }) => {
    const user = await signIn(MANAGER);
    const withToken: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['authorization'] === `Bearer ${user.token}`) withToken.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(portalPath('/logout'), { waitUntil: 'domcontentloaded' });
    const login = new LoginPage(page);
    await login.expectRoute('/login');
    expect(await login.storedUser()).toBeNull();
    // The revocation, and the page's start: the user check, the Help menu's pages, and the
    // JWT and unread count if the check was answered before the sign-out began (once it has
    // begun they are not started). Nothing of the signed-in
    // header or the alarm bar (open incidents, the live stream, evacuation statuses): those
    // went out while the token was being revoked, and were answered 401.
    const start = ['GET /api/v2/user', 'GET /auth/jwt', 'GET /api/v2/notifications', 'GET /api/v2/pages'];
    expect(withToken.filter((call) => !start.includes(call))).toEqual(['POST /api/v2/user/logout']);
  });

  test('an expired token signs the user out on the next navigation', async ({ page: tab, signedInPage, api, browserProblems }) => {
    browserProblems.allow(EXPECTED_FAILURES);
    // The event stream stays unanswered: the server ends an expired token's stream within
    // seconds, and the page would sign out from that before the navigation under test.
    await tab.route(
      (url) => url.pathname === '/api/v2/events',
      () => undefined,
    );
    // A page that makes no calls of its own, so the navigation is the first call after expiry.
    // Only the header's evacuation bar asks something: the projects, then each one's status,
    // and again every 5 s while no stream vouches for them. Its first round must be over
    // before the token expires (once, on a busy machine, the list went out 1.4 s after the
    // user and signed the page out before the click).
    const answered: string[] = [];
    tab.on('response', (r) => answered.push(new URL(r.url()).pathname));
    const projectsAnswer = tab.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/projects' && r.ok());
    const page = await signedInPage(MANAGER, { path: '/terms' });
    const layout = new PortalLayout(page);
    const login = new LoginPage(page);
    await expect(page.getByText(/You accepted these terms on/)).toBeVisible();
    await expect(layout.pill('Inbox')).toBeVisible();
    const projects = ((await (await projectsAnswer).json()) as { data: { uuid: string }[] }).data.map((p) => p.uuid);
    await expect
      .poll(() => projects.every((p) => answered.includes(`/api/public/v2/projects/${p}/evacuation/status`)), {
        message: "the bar's projects and their statuses have answered",
      })
      .toBe(true);
    await api.expireTokens();
    await layout.pill('Inbox').click();
    await login.expectRoute('/login');
    expect(query(page.url(), 'redirectFrom')).toBe('/inbox');
    expect(await login.storedUser()).toBeNull();
  });

  test("a viewer opening a project's users page lands on the project page", async ({ signedInPage }) => {
    const page = await signedInPage(VIEWER, { path: `/projects/${PROJECTS.northwind}/users` });
    await new LoginPage(page).expectRoute(`/project/${PROJECTS.northwind}`);
  });

  test('a manager with the permission stays on the users page', async ({ signedInPage }) => {
    const page = await signedInPage(MANAGER, { path: `/projects/${PROJECTS.northwind}/users` });
    const base = new LoginPage(page);
    await base.expectRoute(`/projects/${PROJECTS.northwind}/users`);
  });
});

test.describe('portal: routes and layout', () => {
  test('an unknown path goes to /404, signed in or not', async ({ page, signIn }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/no/such/page?tab=2');
    await notFound.expectRoute('/404');
    await expect(notFound.heading('We could not find this page')).toBeVisible();
    // The address typed is still there to read and correct.
    await expect(page.getByRole('main')).toContainText('Address asked for: /no/such/page?tab=2');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await signIn(MANAGER);
    await notFound.goto('/projects/nope/typo');
    await notFound.expectRoute('/404');
    await expect(notFound.heading('We could not find this page')).toBeVisible();
    await expect(page).toHaveTitle(/^\(\d+ open · \d+ unread\) Page not found \| Vigil$/); // led by the counts
    await page.getByRole('main').getByRole('link', { name: 'Go to your projects' }).click();
    await notFound.expectRoute('/');
  });

  test('a failed load names the resource on the 404 page', async ({ signedInPage, browserProblems }) => {
    browserProblems.allow(/status of 40[34]/);
    const page = await signedInPage(MANAGER, { path: `/project/${PROJECTS.hudson}` });
    const notFound = new NotFoundPage(page);
    await notFound.expectRoute('/404');
    expect(query(page.url(), 'resource')).toBe('Project');
    await expect(notFound.heading('We could not find this project')).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`Address asked for: /project/${PROJECTS.hudson}`);
  });

  test('the demo live view needs no sign-in', async ({ page }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto(`/demo-live-view/${DEMO_LIVE_VIEW_UUID}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await notFound.expectRoute(`/demo-live-view/${DEMO_LIVE_VIEW_UUID}`);
  });

  test('the header: pills with the open and unread counts, Help a menu of whom to call and the content pages, routed in place', async ({
    signedInPage,
  }) => {
    const page = await signedInPage(MANAGER);
    const layout = new PortalLayout(page);
    const login = new LoginPage(page);
    await expect(layout.pill(/^Inbox \d+ open incidents \d+ unread notifications$/)).toBeVisible();
    await expect(layout.openIncidents()).toHaveCSS('background-color', 'rgb(198, 40, 40)');
    await expect(layout.unreadNotifications()).toHaveCSS('background-color', 'rgb(85, 96, 111)');
    // In-place navigation: no document load between pages.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await layout.help().click();
    await expect(layout.help()).toHaveAttribute('aria-expanded', 'true');
    // Whom to call first (each control room of the user's projects, its number dialable), then the pages.
    await expect(layout.nav().getByRole('menuitem')).toHaveText([
      /^Call Vigil control room Antwerp\s*\+32 3 555 01 23 · Northwind Logistics$/,
      /^Call Vigil control room Liège\s*\+32 4 555 02 34 · Atlas Data Centres$/,
      'Contact & support',
      'Service levels',
      'Terms of use',
    ]);
    await expect(layout.helpItem(/Call Vigil control room Antwerp/)).toHaveAttribute('href', 'tel:+3235550123');
    await layout.helpItem('Contact & support').click();
    await login.expectRoute(`/page/${PAGES.contact}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact & support' })).toBeVisible();
    await expect(layout.help()).toHaveAttribute('aria-expanded', 'false');
    await layout.help().click();
    await expect(layout.helpItem('Contact & support')).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(page).toHaveTitle(/^\(\d+ open · \d+ unread\) Contact & support \| Vigil$/);
    await layout.logo().click();
    await login.expectRoute('/');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.goBack();
    await login.expectRoute(`/page/${PAGES.contact}`);
    await expectNoA11yViolations(page, { include: [{ fromShadowDom: ['vigil-portal', 'header'] }] });
  });

  test('Help is a menu button: the keyboard opens it, moves through the calls and pages and closes it', async ({ signedInPage }) => {
    const page = await signedInPage(MANAGER);
    const layout = new PortalLayout(page);
    const antwerp = layout.helpItem(/Call Vigil control room Antwerp/);
    await layout.help().focus();
    await page.keyboard.press('ArrowDown');
    await expect(antwerp).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(layout.helpItem(/Call Vigil control room Liège/)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(layout.helpItem('Contact & support')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(layout.helpItem('Service levels')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(layout.helpItem('Terms of use')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(antwerp).toBeFocused();
    await page.keyboard.press('End');
    await expect(layout.helpItem('Terms of use')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(antwerp).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(layout.help()).toBeFocused();
    await expect(layout.help()).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(layout.helpItem('Terms of use')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(layout.helpItem('Service levels')).toBeFocused();
    await expectNoA11yViolations(page, { include: [{ fromShadowDom: ['vigil-portal', 'header'] }] });
    await page.keyboard.press('Enter');
    await new LoginPage(page).expectRoute(`/page/${PAGES.serviceLevels}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Service levels' })).toBeVisible();
    await expect(layout.nav().getByRole('menu')).toBeHidden();
    // Last, the terms: what was accepted, and when.
    await layout.help().click();
    await layout.helpItem('Terms of use').click();
    await new LoginPage(page).expectRoute('/terms');
    await expect(page.getByText(/^✓ You accepted these terms on .*\d\d:\d\d\.$/)).toBeVisible();
  });

  test('Help names whom to call in every language and fits a 360 px phone', async ({ signedInPage }) => {
    const page = await signedInPage(MANAGER);
    await page.setViewportSize({ width: 360, height: 740 });
    const layout = new PortalLayout(page);
    const names = { en: 'Help', de: 'Hilfe', fr: 'Aide', nl: 'Help', it: 'Aiuto', es: 'Ayuda' } as const;
    const calls = {
      en: 'Call Vigil control room Antwerp',
      de: 'Vigil control room Antwerp anrufen',
      fr: 'Appeler Vigil control room Antwerp',
      nl: 'Vigil control room Antwerp bellen',
      it: 'Chiama Vigil control room Antwerp',
      es: 'Llamar a Vigil control room Antwerp',
    } as const;
    for (const language of ['en', 'de', 'fr', 'nl', 'it', 'es'] as const) {
      await layout.chooseLanguage(language);
      const help = layout.help(names[language]);
      await help.click();
      const menu = layout.nav().getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(layout.helpItem(new RegExp(`^${calls[language]}`))).toHaveAttribute('href', 'tel:+3235550123');
      // The menu and each of its items on screen, nothing cut at the sides.
      await expect(menu).toBeInViewport({ ratio: 1 });
      for (const item of await menu.getByRole('menuitem').all()) {
        const box = (await item.boundingBox())!;
        expect(box.x, language).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, language).toBeLessThanOrEqual(360);
      }
      await page.keyboard.press('Escape');
      await expect(help).toHaveAttribute('aria-expanded', 'false');
    }
  });

  test('on a 360 px phone the header is one row with every pill on screen, in every language', async ({ signedInPage }) => {
    const page = await signedInPage(MANAGER);
    await page.setViewportSize({ width: 360, height: 740 });
    const layout = new PortalLayout(page);
    const pills = page.locator('vigil-portal').getByRole('navigation', { name: /./ }).first().locator('.pill');
    // The counts sit on the Inbox pill's icon: wait for them, they make it wider.
    await expect(layout.openIncidents()).toBeVisible();
    await expect(layout.unreadNotifications()).toBeVisible();
    // (The logo by its place: its name is translated.)
    const items = [
      layout.header().getByRole('link').first(),
      ...(await pills.all()),
      layout.language(),
      layout.header().getByRole('button', { name: /Morgan/ }),
    ];
    for (const language of ['en', 'de', 'fr', 'nl', 'it', 'es'] as const) {
      await layout.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(pills).toHaveCount(3); // Projects, Inbox, Help
      for (const item of items) await expect(item).toBeInViewport({ ratio: 1 });
      // One row: every item's box spans the row's middle, and the header is no taller than its tallest item and padding.
      const boxes = await Promise.all(items.map(async (item) => (await item.boundingBox())!));
      const header = (await layout.header().boundingBox())!;
      const middle = header.y + header.height / 2;
      for (const [i, box] of boxes.entries())
        expect(box.y < middle && box.y + box.height > middle, `item ${i} in ${language} crosses the row's middle`).toBe(true);
      expect(header.height, language).toBeLessThanOrEqual(Math.max(...boxes.map((b) => b.height)) + 12);
      // Side by side, never on top of each other.
      const sorted = [...boxes].sort((a, b) => a.x - b.x);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]!.x, language).toBeGreaterThanOrEqual(sorted[i - 1]!.x + sorted[i - 1]!.width - 0.5);
    }
  });

  test('switching the language re-renders in place, sets <html lang>, and lasts after a reload', async ({ signedInPage }) => {
    const page = await signedInPage(MANAGER);
    const layout = new PortalLayout(page);
    await expect(layout.pill('Projects')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await layout.chooseLanguage('de');
    await expect(layout.pill('Projekte')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    await page.reload();
    await expect(layout.pill('Projekte')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(layout.language()).toHaveValue('de');
  });
});
