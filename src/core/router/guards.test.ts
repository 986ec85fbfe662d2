import { describe, expect, it } from 'vitest';
import { afterSignInPath, guard, loginPathFor, projectUsersRedirect, safeRedirectTarget, type GuardInput } from './guards.ts';
import type { RouteName } from './routes.ts';

const accepted = { terms_accepted_web_portal: true };
const notAccepted = { terms_accepted_web_portal: false };

function input(route: RouteName | null, fullPath: string, user: GuardInput['user'], search: Record<string, string> = {}): GuardInput {
  return { route, fullPath, search, user };
}

const SIGNED_IN_ROUTES: [RouteName, string][] = [
  ['home', '/'],
  ['projectUsers', '/projects/p1/users'],
  ['siteSchedules', '/projects/p1/site-schedules'],
  ['project', '/project/p1'],
  ['site', '/site/s1'],
  ['system', '/system/y1'],
  ['inbox', '/inbox'],
  ['notifications', '/inbox/notifications'],
  ['incident', '/inbox/incident/i1'],
  ['notification', '/inbox/notification/n1'],
  ['terms', '/terms'],
  ['page', '/page/g1'],
];

describe('guard', () => {
  it('sends an unknown path to /404', () => {
    expect(guard(input(null, '/nope', null))).toEqual({ action: 'redirect', to: '/404' });
    expect(guard(input(null, '/nope', accepted))).toEqual({ action: 'redirect', to: '/404' });
  });

  it.each(SIGNED_IN_ROUTES)('%s needs sign-in: signed out goes to /login with the full path', (route, path) => {
    const result = guard(input(route, `${path}?a=1&b=two`, null));
    expect(result.action).toBe('redirect');
    const to = new URL((result as { to: string }).to, 'http://x');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirectFrom')).toBe(`${path}?a=1&b=two`);
  });

  it.each(SIGNED_IN_ROUTES)('%s renders for a signed-in user, after validating them', (route, path) => {
    expect(guard(input(route, path, accepted))).toEqual({ action: 'render', validate: true });
  });

  it('home while signed out goes to /login without a redirectFrom', () => {
    expect(guard(input('home', '/', null))).toEqual({ action: 'redirect', to: '/login' });
  });

  it.each(['login', 'forgotPassword', 'resetPassword', 'invitation'] as RouteName[])(
    '%s is for signed-out users; signed in goes home',
    (route) => {
      expect(guard(input(route, '/x', null))).toEqual({ action: 'render', validate: false });
      expect(guard(input(route, '/x', accepted))).toEqual({ action: 'redirect', to: '/' });
    },
  );

  it('a signed-in user on /login goes back to its redirectFrom (the return after sign-in)', () => {
    expect(guard(input('login', '/login?redirectFrom=%2Finbox', accepted, { redirectFrom: '/inbox?x=1' }))).toEqual({
      action: 'redirect',
      to: '/inbox?x=1',
    });
    // never somewhere else
    expect(guard(input('login', '/login', accepted, { redirectFrom: '//evil.test/x' }))).toEqual({ action: 'redirect', to: '/' });
    expect(guard(input('login', '/login', accepted, { redirectFrom: 'https://evil.test' }))).toEqual({ action: 'redirect', to: '/' });
  });

  it('/forgot-password and /reset-password ignore redirectFrom for a signed-in user', () => {
    expect(guard(input('resetPassword', '/reset-password/t', accepted, { redirectFrom: '/inbox' }))).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('/404 and /demo-live-view are open to everyone and never held at /terms', () => {
    for (const user of [null, accepted, notAccepted]) {
      expect(guard(input('notFound', '/404?resource=Project', user))).toEqual({ action: 'render', validate: false });
      expect(guard(input('demoLiveView', '/demo-live-view/d1', user))).toEqual({ action: 'render', validate: false });
    }
  });

  it('/logout signs out a signed-in user; signed out it goes to /login', () => {
    expect(guard(input('logout', '/logout', accepted))).toEqual({ action: 'render', validate: false });
    expect(guard(input('logout', '/logout', notAccepted))).toEqual({ action: 'render', validate: false });
    expect(guard(input('logout', '/logout', null))).toEqual({ action: 'redirect', to: '/login' });
  });

  it.each(SIGNED_IN_ROUTES.filter(([r]) => r !== 'terms'))('terms not accepted: %s redirects to /terms', (route, path) => {
    const result = guard(input(route, path, notAccepted));
    expect(result.action).toBe('redirect');
    const to = new URL((result as { to: string }).to, 'http://x');
    expect(to.pathname).toBe('/terms');
    expect(to.searchParams.get('redirectFrom')).toBe(path === '/' ? null : path);
  });

  it('terms not accepted: /terms itself renders', () => {
    expect(guard(input('terms', '/terms', notAccepted))).toEqual({ action: 'render', validate: true });
  });
});

describe('safeRedirectTarget', () => {
  it('accepts app paths with a query', () => {
    expect(safeRedirectTarget('/project/abc')).toBe('/project/abc');
    expect(safeRedirectTarget('/inbox?x=1&y=2')).toBe('/inbox?x=1&y=2');
  });
  it.each([
    undefined,
    null,
    '',
    'inbox',
    '//evil.test',
    '/\\evil.test',
    'https://evil.test/',
    'javascript:alert(1)',
    '/a\nb',
    '/login',
    '/login?redirectFrom=/x',
    '/logout',
    '/reset-password/tok',
    '/invitation/tok',
    '/forgot-password',
  ])('rejects %j', (value) => {
    expect(safeRedirectTarget(value)).toBeNull();
  });
  it('keeps a path that merely starts like a sign-in screen', () => {
    expect(safeRedirectTarget('/loginhelp')).toBe('/loginhelp');
  });
});

describe('loginPathFor / afterSignInPath', () => {
  it('round-trips the full path', () => {
    const login = new URL(loginPathFor('/site/s1?tab=schedule'), 'http://x');
    expect(afterSignInPath(Object.fromEntries(login.searchParams))).toBe('/site/s1?tab=schedule');
  });
  it('goes home without a usable redirectFrom', () => {
    expect(afterSignInPath({})).toBe('/');
    expect(afterSignInPath({ redirectFrom: '//evil' })).toBe('/');
  });
});

describe('projectUsersRedirect', () => {
  it("renders with 'manage users', else goes to the project page", () => {
    expect(projectUsersRedirect({ permissions: ['view', 'manage users'] }, 'p1')).toBeNull();
    expect(projectUsersRedirect({ permissions: ['view', 'evacuate'] }, 'p1')).toBe('/project/p1');
    expect(projectUsersRedirect({ permissions: [] }, 'a b')).toBe('/project/a%20b');
  });
});
