import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Answers } from '../api/contract.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';

// A page settles its API base once: each test runs on a fresh page, its modules loaded afresh.
let client: typeof import('../api/client.ts');
let i18n: typeof import('../i18n/i18n.ts');
let signIn: typeof import('./sign-in.ts');
let store: typeof import('./store.ts');
let $apiBase: typeof import('../config/config.ts').$apiBase;
let $currentUser: typeof import('./store.ts').$currentUser;
const request = (...args: Parameters<typeof client.request>) => client.request(...args);
const requestBlob: typeof client.requestBlob = (...args) => client.requestBlob(...args);
const loadMessages: typeof i18n.loadMessages = (...args) => i18n.loadMessages(...args);
const login: typeof signIn.login = (...args) => signIn.login(...args);
const currentToken: typeof store.currentToken = (...args) => store.currentToken(...args);
const tokenFor: typeof store.tokenFor = (...args) => store.tokenFor(...args);

async function newPage(): Promise<void> {
  freshPage();
  client = await import('../api/client.ts');
  i18n = await import('../i18n/i18n.ts');
  signIn = await import('./sign-in.ts');
  store = await import('./store.ts');
  ({ $currentUser } = store);
  ({ $apiBase } = await import('../config/config.ts'));
}

const API = 'https://api.vigil.test';

describe('the token goes only to the API that issued it', () => {
  beforeEach(async () => {
    await newPage();
    $currentUser.set(null);
  });
  afterEach(async () => {
    document.body.replaceChildren();
    await newPage();
    $currentUser.set(null);
  });

  it('tokenFor: only under the settled API base, and only when that base issued the token', () => {
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API, api_base: `${API}/prefix` });
    expect(tokenFor(`${API}/prefix/api/v2/user`)).toBeNull(); // not settled yet
    $apiBase.set(`${API}/prefix`);
    expect(tokenFor(`${API}/prefix/api/v2/user`)).toBe('tok');
    expect(tokenFor(`${API}/prefix`)).toBe('tok');
    expect(currentToken()).toBe('tok');
    // The same origin outside the base's path is not the API.
    expect(tokenFor(`${API}/api/v2/user`)).toBeNull();
    expect(tokenFor(`${API}/prefix-other/api/v2/user`)).toBeNull();
    expect(tokenFor('https://cdn.test/media/1')).toBeNull();
    expect(tokenFor(`${location.origin}/i18n/messages/en.json`)).toBeNull();
    expect(tokenFor('http://api.vigil.test/prefix/x')).toBeNull(); // another scheme is another origin
    $apiBase.set('https://other-api.test');
    expect(tokenFor('https://other-api.test/api/v2/user')).toBeNull();
    expect(currentToken()).toBeNull();
  });

  it('a page whose api-base is another path on the same origin gets no token, not even for that path', async () => {
    // Signed in against the API at the origin's root…
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API, api_base: API });
    // …then a page names a base elsewhere on the same origin (a user's upload area, say).
    $apiBase.set(`${API}/uploads/evil`);
    expect(tokenFor(`${API}/uploads/evil/api/v2/user`)).toBeNull();
    expect(tokenFor(`${API}/api/v2/user`)).toBeNull();
    expect(currentToken()).toBeNull();
    const m = mockFetch(() => json({ data: {} }));
    await request('GET', '/auth/jwt', Answers.empty).catch(() => undefined);
    expect(m.calls[0]!.url.href).toBe(`${API}/uploads/evil/auth/jwt`);
    expect(m.calls[0]!.headers.get('Authorization')).toBeNull();
    // And the other way round: a token issued under a path is not sent to the origin's root.
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API, api_base: `${API}/vigil` });
    $apiBase.set(API);
    expect(currentToken()).toBeNull();
  });

  it('a sign-in stored with its origin only is bound to the base without a path', () => {
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API });
    $apiBase.set(API);
    expect(currentToken()).toBe('tok');
    $apiBase.set(`${API}/prefix`);
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

  it('elements disagreeing on the API with nothing deciding: no request goes anywhere', async () => {
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: API, api_base: API });
    const m = mockFetch(() => json({ data: {} }));
    for (const base of ['https://elsewhere.test', API]) {
      const el = document.createElement('vigil-login');
      el.setAttribute('api-base', base);
      document.body.append(el);
    }
    const error = await request('POST', '/api/v2/user/login', Answers.empty, { body: { email: 'a@b.test', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'network' });
    expect(m.calls).toEqual([]);
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

  it('login records the API base (origin and path) it signed in against', async () => {
    $apiBase.set(`${API}/prefix`);
    mockFetch((call) => {
      if (call.url.pathname.endsWith('/login')) return json({ data: { ...SAMPLE_USER, api_origin: 'https://spoofed.test', token: 'new' } });
      if (call.url.pathname.endsWith('/notifications')) return json({ data: [], meta: { total: 0 } });
      return json({ data: {} });
    });
    await login('manager@vigil.test', 'pw');
    expect($currentUser.get()).toMatchObject({ token: 'new', api_base: `${API}/prefix` });
    // A binding in the answer counts for nothing: the recorded base decides.
    $apiBase.set('https://spoofed.test');
    expect(currentToken()).toBeNull();
    expect(JSON.parse(localStorage.getItem('auth.currentUser')!)).toMatchObject({ api_base: `${API}/prefix` });
  });

  it('a stored token of another API is never sent, even to that API', async () => {
    $apiBase.set(API);
    $currentUser.set({ ...SAMPLE_USER, token: 'tok', api_origin: 'https://other.test' });
    const m = mockFetch(() => json({ data: {} }));
    await request('GET', 'https://other.test/auth/jwt', Answers.empty).catch(() => undefined);
    expect(m.calls.every((c) => c.headers.get('Authorization') === null)).toBe(true);
  });
});
