import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $toasts } from '../toasts/toasts.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { setLocale } from './locale.ts';
import { $currentUser, $unreadCount, acceptTerms, fetchJwt, validateUser } from './session.ts';
import { forgotPassword, login, resetPassword } from './sign-in.ts';
import { USER_STORAGE_KEY } from './store.ts';

const stored = { ...SAMPLE_USER, token: 'tok-1' };
const toastKeys = () => $toasts.get().map((t) => t.key);

function api(overrides: Record<string, (body: unknown) => Response> = {}) {
  return mockFetch((call) => {
    const route = `${call.method} ${call.url.pathname}`;
    const handler = overrides[route];
    if (handler) return handler(call.body);
    switch (route) {
      case 'POST /api/v2/user/login':
        return json({ data: { ...SAMPLE_USER, token: 'tok-new' } });
      case 'GET /api/v2/user':
        return json({ data: { ...SAMPLE_USER, name: 'Morgan M.' } });
      case 'GET /auth/jwt':
        return json({ data: { token: 'jwt' } });
      case 'GET /api/v2/notifications':
        return json({ data: [], meta: { total: 7 } });
      case 'GET /i18n/messages/de.json':
        return json({ core: { errors: { generic: 'Fehler' }, common: { loading: 'Lädt…', signIn: 'Anmelden' } } });
      default:
        return json({ data: {} });
    }
  });
}

describe('session', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set(null);
    $unreadCount.set(0);
    $toasts.set([]);
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('login stores the user with its token, then fetches the JWT and the unread count', async () => {
    const m = api();
    const user = await login('manager@vigil.test', 'vigil-demo');
    expect(user.token).toBe('tok-new');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!).token).toBe('tok-new');
    expect(m.callsTo('/api/v2/user/login')[0]!.body).toMatchObject({ email: 'manager@vigil.test', password: 'vigil-demo' });
    expect(m.callsTo('/api/v2/user/login')[0]!.url.searchParams.get('locale')).toBe('en');
    expect(m.callsTo('/auth/jwt')).toHaveLength(1);
    const unread = m.callsTo('/api/v2/notifications')[0]!;
    expect(unread.url.searchParams.get('filter[unread]')).toBe('true');
    expect($unreadCount.get()).toBe(7);
    expect(m.callsTo('/auth/jwt')[0]!.headers.get('Authorization')).toBe('Bearer tok-new');
  });

  it('skips login, forgot and reset when already signed in and returns the validated user (docs/product.md#session)', async () => {
    $currentUser.set(stored);
    const m = api();
    expect((await login('x@y.z', 'whatever')).name).toBe('Morgan M.');
    expect(await forgotPassword('x@y.z')).toMatchObject({ username: 'manager' });
    expect(await resetPassword({ token: 't', email: 'x@y.z', password: 'p', password_confirmation: 'p' })).toMatchObject({
      username: 'manager',
    });
    expect(m.callsTo('/api/v2/user/login')).toHaveLength(0);
    expect(m.callsTo('/api/v2/user/forgot-password')).toHaveLength(0);
    expect(m.callsTo('/api/v2/user/reset-password')).toHaveLength(0);
    expect($currentUser.get()?.token).toBe('tok-1');
  });

  it('validation keeps the stored token and refreshes the user', async () => {
    $currentUser.set(stored);
    api();
    const user = await validateUser();
    expect(user).toMatchObject({ name: 'Morgan M.', token: 'tok-1' });
  });

  it('shares one validation request between concurrent callers', async () => {
    $currentUser.set(stored);
    const m = api();
    await Promise.all([validateUser(), validateUser(), validateUser()]);
    expect(m.callsTo('/api/v2/user')).toHaveLength(1);
  });

  it('a 401 on validation clears the user and credential', async () => {
    $currentUser.set(stored);
    $unreadCount.set(3);
    api({ 'GET /api/v2/user': () => json({ errors: [{ message: 'Unauthenticated.' }] }, 401) });
    expect(await validateUser()).toBeNull();
    expect($currentUser.get()).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(toastKeys()).toEqual([]);
  });

  it('another validation failure shows the docs/product.md#errors toast and keeps the user', async () => {
    $currentUser.set(stored);
    api({ 'GET /api/v2/user': () => json({}, 500) });
    expect(await validateUser()).toMatchObject({ token: 'tok-1' });
    expect(toastKeys()).toEqual(['core.toastErrors.validateUser']);
  });

  it('a 401 on the JWT signs out; another failure toasts', async () => {
    $currentUser.set(stored);
    api({ 'GET /auth/jwt': () => json({}, 500) });
    await fetchJwt();
    expect(toastKeys()).toEqual(['core.toastErrors.fetchJwt']);
    expect($currentUser.get()).not.toBeNull();
    api({ 'GET /auth/jwt': () => json({}, 401) });
    await fetchJwt();
    expect($currentUser.get()).toBeNull();
  });

  it('accepting terms sets the flag; a 401 sets it false; other failures toast', async () => {
    $currentUser.set({ ...stored, terms_accepted_web_portal: false });
    api();
    expect(await acceptTerms()).toBe(true);
    expect($currentUser.get()?.terms_accepted_web_portal).toBe(true);
    api({ 'PUT /api/v2/user/terms': () => json({}, 401) });
    expect(await acceptTerms()).toBe(false);
    expect($currentUser.get()?.terms_accepted_web_portal).toBe(false);
    api({ 'PUT /api/v2/user/terms': () => json({}, 503) });
    await acceptTerms();
    expect(toastKeys()).toEqual(['core.toastErrors.acceptTerms']);
  });

  it('setting the locale saves it for a signed-in user and updates the stored user', async () => {
    $currentUser.set(stored);
    const m = api();
    await setLocale('de');
    expect(m.callsTo('/api/v2/user/locale')[0]!.body).toEqual({ locale: 'de' });
    expect($currentUser.get()?.locale).toBe('de');
  });

  it("says 'Unable to set locale.' when saving fails", async () => {
    $currentUser.set(stored);
    api({ 'PUT /api/v2/user/locale': () => json({}, 500) });
    await setLocale('de');
    expect(toastKeys()).toEqual(['core.toastErrors.setLocale']);
  });

  it('follows sign-in and sign-out made in another tab', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(stored));
    window.dispatchEvent(
      new StorageEvent('storage', { key: USER_STORAGE_KEY, newValue: JSON.stringify(stored), storageArea: localStorage }),
    );
    expect($currentUser.get()?.token).toBe('tok-1');
    localStorage.removeItem(USER_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY, newValue: null, storageArea: localStorage }));
    expect($currentUser.get()).toBeNull();
  });

  it('reads a corrupt stored user as signed out', () => {
    localStorage.setItem(USER_STORAGE_KEY, '{"token": 12');
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY, newValue: '{"token": 12', storageArea: localStorage }));
    expect($currentUser.get()).toBeNull();
  });
});

describe('a 401 anywhere', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $toasts.set([]);
  });

  it('re-validates when a call made with the token is refused, and signs out when validation is refused too', async () => {
    $currentUser.set(stored);
    const m = mockFetch(() => json({ errors: [{ message: 'Unauthenticated.' }] }, 401));
    const { request } = await import('../api/client.ts');
    const { Answers } = await import('../api/contract.ts');
    await request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
    await vi.waitFor(() => expect($currentUser.get()).toBeNull());
    expect(m.callsTo('/api/v2/user')).toHaveLength(1);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('stays signed in when only that call was refused (the session is still valid)', async () => {
    $currentUser.set(stored);
    const m = mockFetch((call) => (call.url.pathname === '/api/v2/user' ? json({ data: SAMPLE_USER }) : json({}, 401)));
    const { request } = await import('../api/client.ts');
    const { Answers } = await import('../api/contract.ts');
    await request('GET', '/api/v2/pages', Answers.pages).catch(() => undefined);
    await vi.waitFor(() => expect(m.callsTo('/api/v2/user')).toHaveLength(1));
    await Promise.resolve();
    expect($currentUser.get()?.token).toBe('tok-1');
  });

  it('asks again when the refusal comes while an earlier validation is under way (it may predate the refusal)', async () => {
    $currentUser.set(stored);
    // The token is revoked while the first validation is on its way: that one still answers
    // 200, the call and every later validation 401.
    let revoked = false;
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((r) => (answerFirst = r));
    const m = mockFetch(async (call) => {
      if (call.url.pathname !== '/api/v2/user') return json({}, 401);
      if (revoked) return json({ errors: [{ message: 'Unauthenticated.' }] }, 401);
      revoked = true;
      await firstAnswered;
      return json({ data: SAMPLE_USER });
    });
    const validating = validateUser();
    const { request } = await import('../api/client.ts');
    const { Answers } = await import('../api/contract.ts');
    // Two refusals while the first validation is on its way: one more validation for both.
    await request('GET', '/api/v2/pages', Answers.pages).catch(() => undefined);
    await request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
    answerFirst();
    expect((await validating)?.token).toBe('tok-1');
    await vi.waitFor(() => expect($currentUser.get()).toBeNull());
    expect(m.callsTo('/api/v2/user')).toHaveLength(2);
  });

  it('does not sign out on a 401 for accepting the terms (the flag goes false instead)', async () => {
    $currentUser.set({ ...stored, terms_accepted_web_portal: false });
    mockFetch(() => json({}, 401));
    expect(await acceptTerms()).toBe(false);
    expect($currentUser.get()).toMatchObject({ token: 'tok-1', terms_accepted_web_portal: false });
  });

  it('ignores a 401 meant for an older token (signed in again meanwhile)', async () => {
    $currentUser.set(stored);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return json({}, 401);
    });
    const { request } = await import('../api/client.ts');
    const { Answers } = await import('../api/contract.ts');
    const pending = request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
    $currentUser.set({ ...stored, token: 'tok-2' });
    release();
    await pending;
    // the refusal concerned tok-1 at send time, but the handler checks the token current at answer time
    expect($currentUser.get()?.token).toBe('tok-2');
  });
});
