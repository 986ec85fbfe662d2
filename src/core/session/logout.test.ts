/** Sign-out revokes the token on the server; before the terms are accepted the session makes no calls the server refuses. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $toasts } from '../toasts/toasts.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';
import { $currentUser, $unreadCount, acceptTerms, fetchUnreadCount, logout, LOGOUT_TIMEOUT_MS, startSession } from './session.ts';
import { login } from './sign-in.ts';
import { USER_STORAGE_KEY } from './store.ts';

const stored = { ...SAMPLE_USER, token: 'tok-1' };
const TERMS_403 = () => json({ errors: [{ message: 'Accept the terms of use first.' }] }, 403);

beforeEach(() => {
  $apiBase.set('https://api.vigil.test');
  $currentUser.set(null);
  $unreadCount.set(0);
  $toasts.set([]);
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('logout', () => {
  it('revokes the token on the server, then signs out', async () => {
    $currentUser.set(stored);
    $unreadCount.set(4);
    const m = mockFetch(() => new Response(null, { status: 204 }));
    await logout();
    const [call] = m.callsTo('/api/v2/user/logout');
    expect(call!.method).toBe('POST');
    expect(call!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect($currentUser.get()).toBeNull();
    expect($unreadCount.get()).toBe(0);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('signs out locally, silently, when the call fails', async () => {
    for (const answer of [
      () => json({}, 500),
      () => json({ errors: [{ message: 'Unauthenticated.' }] }, 401),
      () => Promise.reject(new TypeError('offline')),
    ]) {
      $currentUser.set(stored);
      mockFetch(answer);
      await logout();
      expect($currentUser.get()).toBeNull();
    }
    expect($toasts.get()).toEqual([]);
  });

  it('does not wait longer than the timeout for a server that hangs', async () => {
    vi.useFakeTimers();
    $currentUser.set(stored);
    // A server that never answers: only the abort ends the request.
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', hanging);
    const done = logout();
    await vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS + 10);
    await done;
    expect(hanging).toHaveBeenCalledTimes(1);
    expect($currentUser.get()).toBeNull();
    expect(LOGOUT_TIMEOUT_MS).toBeLessThanOrEqual(5000);
  });

  it('signed out already: no call', async () => {
    const m = mockFetch(() => json({}));
    await logout();
    expect(m.calls).toHaveLength(0);
  });
});

describe('before the terms are accepted', () => {
  it('sign-in fetches neither the JWT nor the unread count, so no error toast; accepting fetches both', async () => {
    const m = mockFetch((call) => {
      const route = `${call.method} ${call.url.pathname}`;
      if (route === 'POST /api/v2/user/login')
        return json({ data: { ...SAMPLE_USER, terms_accepted_web_portal: false, token: 'tok-new' } });
      if (route === 'PUT /api/v2/user/terms') return json({ data: { ...SAMPLE_USER, terms_accepted_web_portal: true } });
      if (route === 'GET /auth/jwt') return $currentUser.get()?.terms_accepted_web_portal ? json({ data: { token: 'jwt' } }) : TERMS_403();
      if (route === 'GET /api/v2/notifications') return json({ data: [], meta: { total: 5 } });
      return TERMS_403();
    });
    await login('new@vigil.test', 'vigil-demo');
    await fetchUnreadCount();
    expect(m.callsTo('/auth/jwt')).toHaveLength(0);
    expect(m.callsTo('/api/v2/notifications')).toHaveLength(0);
    expect($toasts.get()).toEqual([]);
    expect($currentUser.get()?.token).toBe('tok-new');

    expect(await acceptTerms()).toBe(true);
    await vi.waitFor(() => expect($unreadCount.get()).toBe(5));
    expect(m.callsTo('/auth/jwt')).toHaveLength(1);
    expect($toasts.get()).toEqual([]);
  });
});

describe('startup before the terms are accepted', () => {
  it('validates the user only', async () => {
    $currentUser.set({ ...stored, terms_accepted_web_portal: false });
    const m = mockFetch((call) =>
      call.url.pathname === '/api/v2/user'
        ? json({ data: { ...SAMPLE_USER, terms_accepted_web_portal: false } })
        : call.url.pathname.startsWith('/i18n/')
          ? json({})
          : TERMS_403(),
    );
    await startSession();
    expect(m.calls.map((c) => c.url.pathname).filter((p) => !p.startsWith('/i18n/'))).toEqual(['/api/v2/user']);
    expect($toasts.get()).toEqual([]);
    expect($currentUser.get()?.token).toBe('tok-1');
  });
});

describe('a page opened to sign out', () => {
  it('starts neither the JWT nor the unread count once the revocation is under way', async () => {
    // A page starts its session once: this one is freshly loaded.
    freshPage();
    const session = await import('./session.ts');
    (await import('../config/config.ts')).$apiBase.set('https://api.vigil.test');
    session.$currentUser.set(stored);
    let validated!: () => void;
    let revoked!: () => void;
    const m = mockFetch((call) => {
      const route = `${call.method} ${call.url.pathname}`;
      if (route === 'GET /api/v2/user') return new Promise((resolve) => (validated = () => resolve(json({ data: SAMPLE_USER }))));
      if (route === 'POST /api/v2/user/logout')
        return new Promise((resolve) => (revoked = () => resolve(new Response(null, { status: 204 }))));
      if (call.url.pathname.startsWith('/i18n/')) return json({});
      return json({ data: [], meta: { total: 3 } });
    });
    const started = session.startSession();
    await vi.waitFor(() => expect(m.callsTo('/api/v2/user')).toHaveLength(1));
    // /logout's page signs out while the start's validation is still on its way.
    const out = session.logout();
    await vi.waitFor(() => expect(m.callsTo('/api/v2/user/logout')).toHaveLength(1));
    validated();
    await started;
    revoked();
    await out;
    expect(m.callsTo('/auth/jwt')).toHaveLength(0);
    expect(m.callsTo('/api/v2/notifications')).toHaveLength(0);
    expect(session.$currentUser.get()).toBeNull();
  });
});
