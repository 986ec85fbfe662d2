import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import type { CurrentUser } from '../api/contract.ts';
import { createPortalRouter, normalizeBasePath, withBase, type PortalRouterOptions, type PortalState } from './portal-router.ts';

const USER: CurrentUser = {
  uuid: 'u1',
  username: 'manager',
  name: 'Morgan Manager',
  email: 'manager@vigil.test',
  locale: 'en',
  terms_accepted_web_portal: true,
  token: 'tok',
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const here = () => location.pathname + location.search;

describe('normalizeBasePath / withBase', () => {
  it('normalizes the base-path attribute', () => {
    expect(normalizeBasePath(undefined)).toBe('');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('portal/')).toBe('/portal');
    expect(normalizeBasePath('/a/b/')).toBe('/a/b');
    expect(normalizeBasePath('/a/../b')).toBeNull();
    expect(normalizeBasePath('/a b')).toBeNull();
  });
  it('prefixes app paths', () => {
    expect(withBase('', '/inbox')).toBe('/inbox');
    expect(withBase('/portal', '/inbox?x=1')).toBe('/portal/inbox?x=1');
    expect(withBase('/portal', '/')).toBe('/portal/');
    expect(withBase('/portal', '/?x=1')).toBe('/portal/?x=1');
  });
});

describe('createPortalRouter', () => {
  let stop: (() => void) | undefined;
  let $user: ReturnType<typeof atom<CurrentUser | null>>;
  let validate: ReturnType<typeof vi.fn<() => Promise<CurrentUser | null>>>;

  function start(path: string, options: PortalRouterOptions = {}) {
    history.replaceState(null, '', path);
    const router = createPortalRouter({ validate, user: $user, loadProject: async () => ({ permissions: ['view'] }), ...options });
    stop = router.start();
    return router;
  }
  const view = (s: PortalState) => (s.status === 'ready' ? s.view : null);

  beforeEach(() => {
    $user = atom<CurrentUser | null>(null);
    validate = vi.fn(async () => $user.get());
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  it('sends a signed-out deep link to /login?redirectFrom=<full path>', async () => {
    const r = start('/site/s1?tab=schedule');
    await settle();
    expect(location.pathname).toBe('/login');
    expect(new URLSearchParams(location.search).get('redirectFrom')).toBe('/site/s1?tab=schedule');
    expect(view(r.$state.get())?.route).toBe('login');
  });

  it('returns to the deep link after sign-in', async () => {
    const r = start('/login?redirectFrom=%2Finbox%2Fnotifications');
    await settle();
    expect(view(r.$state.get())?.route).toBe('login');
    $user.set(USER);
    await settle();
    await settle();
    expect(here()).toBe('/inbox/notifications');
    expect(view(r.$state.get())?.route).toBe('notifications');
  });

  it('validates the signed-in user on each guarded navigation before showing the page', async () => {
    $user.set(USER);
    let release!: (u: CurrentUser | null) => void;
    validate.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const r = start('/project/p1');
    await settle();
    expect(r.$state.get().status).toBe('checking');
    release(USER);
    await settle();
    expect(view(r.$state.get())).toMatchObject({ route: 'project', params: { uuid: 'p1' }, fullPath: '/project/p1' });
    r.navigator.open('/project/p2');
    await settle();
    expect(view(r.$state.get())?.fullPath).toBe('/project/p2');
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it("starts the page's first request while it validates the user, for a signed-in user only", async () => {
    const warm = vi.fn();
    let release!: (u: CurrentUser | null) => void;
    validate.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    $user.set(USER);
    // Made, not started yet (the portal starts it once it has rendered): already asked.
    history.replaceState(null, '', '/');
    createPortalRouter({ validate, user: $user, warm });
    expect(warm).toHaveBeenCalledTimes(1);
    warm.mockClear();
    const r = start('/', { warm });
    await settle();
    // Still checking the user: the page's answer is already on its way.
    expect(r.$state.get().status).toBe('checking');
    expect(warm).toHaveBeenCalledTimes(1);
    expect(warm.mock.calls[0]![0]).toMatchObject({ route: 'home', fullPath: '/' });
    release(USER);
    await settle();
    expect(view(r.$state.get())?.route).toBe('home');
    // An in-app navigation: its page's request beside its validation.
    r.navigator.open('/inbox');
    await settle();
    expect(warm).toHaveBeenCalledTimes(2);
    expect(warm.mock.calls[1]![0]).toMatchObject({ route: 'inbox' });
    stop?.();
    // Signed out: nothing is started (the login page needs no validation).
    warm.mockClear();
    $user.set(null);
    start('/login', { warm });
    await settle();
    expect(warm).not.toHaveBeenCalled();
  });

  it('shows the page once its code is there (warmed beside the validation), or has failed to come', async () => {
    $user.set(USER);
    let arrive!: () => void;
    let fail!: (e: Error) => void;
    const warm = vi.fn((v: { route: string }) =>
      v.route === 'home' ? new Promise<void>((resolve) => (arrive = resolve)) : new Promise<void>((_, reject) => (fail = reject)),
    );
    const r = start('/', { warm });
    await settle();
    // Validated, the page's code still on its way: still checking (the page would only show
    // its own loading view, and React reveals it no sooner than 300 ms after that).
    expect(validate).toHaveBeenCalledTimes(1);
    expect(r.$state.get().status).toBe('checking');
    arrive();
    await settle();
    expect(view(r.$state.get())?.route).toBe('home');
    // An in-app navigation whose page's code fails: shown anyway, the page shows the failure.
    r.navigator.open('/inbox');
    await settle();
    expect(r.$state.get().status).toBe('checking');
    fail(new Error('offline'));
    await settle();
    expect(view(r.$state.get())?.route).toBe('inbox');
  });

  it('a failed validation (signed out) goes to login', async () => {
    $user.set(USER);
    validate.mockImplementation(async () => {
      $user.set(null);
      return null;
    });
    start('/inbox');
    await settle();
    await settle();
    expect(location.pathname).toBe('/login');
    expect(new URLSearchParams(location.search).get('redirectFrom')).toBe('/inbox');
  });

  it('keys the view on the full path: a query change is a new page', async () => {
    $user.set(USER);
    const r = start('/inbox');
    await settle();
    const first = view(r.$state.get());
    r.navigator.open('/inbox?page=2');
    await settle();
    expect(view(r.$state.get())?.fullPath).toBe('/inbox?page=2');
    expect(view(r.$state.get())).not.toBe(first);
  });

  it('sends unknown paths to /404, naming the address asked for', async () => {
    $user.set(USER);
    const r = start('/no/such/place?x=1');
    await settle();
    await settle();
    expect(here()).toBe(`/404?path=${encodeURIComponent('/no/such/place?x=1')}`);
    expect(view(r.$state.get())?.search).toEqual({ path: '/no/such/place?x=1' });
    expect(view(r.$state.get())?.route).toBe('notFound');
  });

  it('signing out anywhere sends the page to login', async () => {
    $user.set(USER);
    start('/system/y1');
    await settle();
    $user.set(null);
    await settle();
    expect(location.pathname).toBe('/login');
  });

  it('/logout goes to /login once the user is cleared', async () => {
    $user.set(USER);
    const r = start('/logout');
    await settle();
    expect(view(r.$state.get())?.route).toBe('logout');
    $user.set(null);
    await settle();
    expect(here()).toBe('/login');
  });

  it("needs 'manage users' for the users page, else goes to the project page", async () => {
    $user.set(USER);
    start('/projects/p1/users');
    await settle();
    await settle();
    expect(here()).toBe('/project/p1');
  });

  it("shows the users page with 'manage users'", async () => {
    $user.set(USER);
    const r = start('/projects/p1/users', { loadProject: async () => ({ permissions: ['view', 'manage users'] }) });
    await settle();
    expect(view(r.$state.get())).toMatchObject({ route: 'projectUsers', params: { uuid: 'p1' } });
  });

  it('a missing project on the users page goes to /404 naming the project and the address', async () => {
    $user.set(USER);
    start('/projects/p9/users', {
      loadProject: async () => {
        throw new ApiError('http', 404, [{ message: 'Not found.' }]);
      },
    });
    await settle();
    await settle();
    expect(here()).toBe(`/404?resource=Project&path=${encodeURIComponent('/projects/p9/users')}`);
  });

  it('holds a user who has not accepted the terms at /terms, remembering the page', async () => {
    $user.set({ ...USER, terms_accepted_web_portal: false });
    const r = start('/inbox');
    await settle();
    await settle();
    expect(location.pathname).toBe('/terms');
    expect(new URLSearchParams(location.search).get('redirectFrom')).toBe('/inbox');
    expect(view(r.$state.get())?.route).toBe('terms');
  });

  it('works under a base path', async () => {
    $user.set(USER);
    const r = start('/portal/inbox', { basePath: '/portal/' });
    await settle();
    expect(view(r.$state.get())).toMatchObject({ route: 'inbox', fullPath: '/inbox' });
    expect(r.navigator.href('/project/p1')).toBe('/portal/project/p1');
    r.navigator.open('/project/p1');
    await settle();
    expect(location.pathname).toBe('/portal/project/p1');
    expect(view(r.$state.get())?.fullPath).toBe('/project/p1');
    r.navigator.open('/');
    await settle();
    expect(view(r.$state.get())?.route).toBe('home');
  });

  it('a path outside the base path goes to the 404 under it', async () => {
    $user.set(USER);
    start('/elsewhere', { basePath: '/portal' });
    await settle();
    await settle();
    expect(here()).toBe('/portal/404?path=%2Felsewhere');
  });

  it('follows the browser history (popstate)', async () => {
    $user.set(USER);
    const r = start('/inbox');
    await settle();
    r.navigator.open('/inbox/notifications');
    await settle();
    // What the back button does (happy-dom's history.back() fires no popstate).
    history.replaceState(null, '', '/inbox');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settle();
    expect(view(r.$state.get())?.route).toBe('inbox');
  });
});
