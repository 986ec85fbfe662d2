import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request, requestBlob } from '../api/client.ts';
import { Answers } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { resetApiBaseForTests } from '../config/settle.ts';
import { loadMessages } from '../i18n/i18n.ts';
import { json, mockFetch, SAMPLE_USER } from '../testing/fetchMock.ts';
import { login } from './session.ts';
import { $currentUser, currentToken, tokenFor } from './store.ts';

const API = 'https://api.vigil.test';

describe('the token goes only to the API that issued it', () => {
  beforeEach(() => {
    resetApiBaseForTests();
    $currentUser.set(null);
  });
  afterEach(() => {
    document.body.replaceChildren();
    resetApiBaseForTests();
    $currentUser.set(null);
  });

  it('tokenFor: only the settled API origin, and only when that origin issued the token', () => {
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API });
    expect(tokenFor(`${API}/api/v2/user`)).toBeNull(); // not settled yet
    $apiBase.set(`${API}/prefix`);
    expect(tokenFor(`${API}/api/v2/user`)).toBe('tok');
    expect(currentToken()).toBe('tok');
    expect(tokenFor('https://cdn.test/media/1')).toBeNull();
    expect(tokenFor(`${location.origin}/i18n/messages/en.json`)).toBeNull();
    expect(tokenFor('http://api.vigil.test/x')).toBeNull(); // another scheme is another origin
    $apiBase.set('https://other-api.test');
    expect(tokenFor('https://other-api.test/api/v2/user')).toBeNull();
    expect(currentToken()).toBeNull();
  });

  it('a request made before the base is settled waits for it and goes to the settled API', async () => {
    const m = mockFetch(() => json({ data: {} }));
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API });
    const pending = request('GET', '/auth/jwt', Answers.empty);
    // An element with api-base inserted in the same task still counts.
    const login = document.createElement('vigil-login');
    login.setAttribute('api-base', API);
    document.body.append(login);
    expect(m.calls).toHaveLength(0);
    await pending;
    expect(m.calls[0]!.url.origin).toBe(API);
    expect(m.calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('media on another origin and message catalogues get no token', async () => {
    $apiBase.set(API);
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API });
    const m = mockFetch(() => new Response(new Blob(['x'], { type: 'image/jpeg' }), { status: 200 }));
    await requestBlob('https://cdn.test/api/v2/media/1');
    expect(m.calls[0]!.headers.get('Authorization')).toBeNull();
    await requestBlob(`${API}/api/v2/media/1`);
    expect(m.calls[1]!.headers.get('Authorization')).toBe('Bearer tok');
    mockFetch(() => json({}));
    const cat = mockFetch(() => json({}));
    await loadMessages('de');
    expect(cat.calls[0]!.url.href).toBe(`${API}/i18n/messages/de.json`);
    expect(cat.calls[0]!.headers.get('Authorization')).toBeNull();
  });

  it('login records the API origin it signed in against', async () => {
    $apiBase.set(`${API}/prefix`);
    mockFetch((call) => {
      if (call.url.pathname.endsWith('/login')) return json({ data: { ...SAMPLE_USER, api_origin: 'https://spoofed.test', token: 'new' } });
      if (call.url.pathname.endsWith('/notifications')) return json({ data: [], meta: { total: 0 } });
      return json({ data: {} });
    });
    await login('manager@vigil.test', 'pw');
    expect($currentUser.get()).toMatchObject({ token: 'new', api_origin: API });
    expect(JSON.parse(localStorage.getItem('auth.currentUser')!)).toMatchObject({ api_origin: API });
  });

  it('a stored token of another API is never sent, even to that API', async () => {
    $apiBase.set(API);
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: 'https://other.test' });
    const m = mockFetch(() => json({ data: {} }));
    await request('GET', 'https://other.test/auth/jwt', Answers.empty).catch(() => undefined);
    expect(m.calls.every((c) => c.headers.get('Authorization') === null)).toBe(true);
  });
});
