import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/unit/fetchMock.ts';
import { EARLY, SESSION_STATE, TOLD, type TakeEarly } from '../../src/core/api/prefetched.ts';
import type { CurrentUser } from '../../src/core/api/contract.ts';
import { $currentUser, startLanguage } from '../../src/core/session/session.ts';
import { shared } from '../../src/core/shared.ts';
import { prefetch, preload, preloadLater } from './boot.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const PLAN = {
  tag: 'vigil-evacuation',
  paths: ['/api/public/v2/projects/{project}/evacuation/status', '/api/public/v2/sites/{site}/evacuation/status'],
};
const ORIGIN = location.origin;

function signIn(user: Record<string, unknown> | null): void {
  if (user) localStorage.setItem('auth.currentUser', JSON.stringify({ token: 'secret', ...user }));
  else localStorage.removeItem('auth.currentUser');
}

function place(html: string): void {
  document.body.innerHTML = html;
}

const take: TakeEarly = (url, init) => shared<TakeEarly | undefined>(EARLY, () => undefined)?.(url, init);
const get = (headers: Record<string, string>): RequestInit => ({ method: 'GET', headers });

describe('the loader: preload', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    signIn(null);
  });

  const plan = { all: ['main-A1', 'base-B2'], signedIn: ['Control-C3'], signedOut: ['SignIn-D4'], later: ['Dialog-F6', 'base-B2'] };
  const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href);
  const lowPriority = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')]
      .filter((l) => l.fetchPriority === 'low')
      .map((l) => l.href);

  it('asks at once for the module, its imports and the signed-in view when someone is signed in', () => {
    signIn({});
    preload(plan, 'https://cdn.vigil.test/dist/vigil-evacuation.js');
    expect(links()).toEqual([
      'https://cdn.vigil.test/dist/chunks/main-A1.js',
      'https://cdn.vigil.test/dist/chunks/base-B2.js',
      'https://cdn.vigil.test/dist/chunks/Control-C3.js',
    ]);
  });

  it('asks for the sign-in form instead when nobody is', () => {
    preload(plan, 'https://cdn.vigil.test/dist/vigil-evacuation.js');
    expect(links()).toEqual([
      'https://cdn.vigil.test/dist/chunks/main-A1.js',
      'https://cdn.vigil.test/dist/chunks/base-B2.js',
      'https://cdn.vigil.test/dist/chunks/SignIn-D4.js',
    ]);
  });

  it('asks for what is wanted after the first screen last, at low priority, and only when someone is signed in', () => {
    signIn({});
    preload(plan, 'https://cdn.vigil.test/dist/vigil-evacuation.js');
    expect(lowPriority()).toEqual([]);
    preloadLater(plan, 'https://cdn.vigil.test/dist/vigil-evacuation.js');
    // base-B2 was asked for already, at the first screen's priority: no second link.
    expect(links()).toEqual([
      'https://cdn.vigil.test/dist/chunks/main-A1.js',
      'https://cdn.vigil.test/dist/chunks/base-B2.js',
      'https://cdn.vigil.test/dist/chunks/Control-C3.js',
      'https://cdn.vigil.test/dist/chunks/Dialog-F6.js',
    ]);
    expect(lowPriority()).toEqual(['https://cdn.vigil.test/dist/chunks/Dialog-F6.js']);
    document.head.innerHTML = '';
    signIn(null);
    preloadLater(plan, 'https://cdn.vigil.test/dist/vigil-evacuation.js');
    expect(links()).toEqual([]);
  });

  it('adds no second link for a file another loader already asked for', () => {
    preload(plan, 'https://cdn.vigil.test/dist/vigil-evacuation.js');
    preload({ all: ['base-B2', 'other-E5'], signedIn: [], signedOut: [], later: [] }, 'https://cdn.vigil.test/dist/vigil-inbox.js');
    expect(links().filter((href) => href.endsWith('base-B2.js'))).toHaveLength(1);
    expect(links()).toContain('https://cdn.vigil.test/dist/chunks/other-E5.js');
  });
});

describe('the loader: first answers', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    // Forget what an earlier test asked for (the map is the page's, shared by every loader).
    (window as unknown as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('vigil.prefetched.store.v1')]?.clear();
    document.head.innerHTML = '';
    place('');
    signIn(null);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks nothing when nobody is signed in', () => {
    const m = mockFetch(() => json({}));
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    expect(m.calls).toHaveLength(0);
  });

  it('asks the session’s calls and the element’s resource at once, the token only where it belongs', () => {
    const m = mockFetch(() => json({}));
    signIn({ locale: 'de' });
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    const sent = m.calls.map(
      (c) => `${c.url.pathname}${c.url.search} ${c.headers.get('Authorization') ?? '-'} ${c.headers.get('Accept-Language')}`,
    );
    expect(sent).toEqual([
      '/i18n/messages/de.json - en',
      '/api/v2/user Bearer secret de',
      `/api/public/v2/projects/${PROJECT}/evacuation/status Bearer secret de`,
      // The JWT and the unread count last: the element's first screen waits for neither.
      '/auth/jwt Bearer secret de',
      '/api/v2/notifications?filter%5Bunread%5D=true&locale=de&per_page=1 Bearer secret de',
    ]);
    // …and at low priority, behind the first screen's code and answers.
    const priorities = m.fn.mock.calls.map(([, init]) => (init as RequestInit & { priority?: string }).priority ?? 'auto');
    expect(priorities).toEqual(['auto', 'auto', 'auto', 'low', 'low']);
    expect(m.calls.every((c) => c.url.origin === ORIGIN)).toBe(true);
  });

  it('makes the page’s first date formatter while the answers are on their way, only when it asks for them', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    mockFetch(() => json({}));
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    expect(idle).toHaveLength(0); // nobody signed in: no answers, no times to show
    signIn({ locale: 'de' });
    prefetch(PLAN);
    // Not in the loader's own task (its requests go first), but when the page is idle.
    expect(made).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });

  it('sends to the API that issued the token when the page names none', () => {
    const m = mockFetch(() => json({}));
    signIn({ api_base: 'https://api.vigil.test/v' });
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    expect(new Set(m.calls.map((c) => c.url.origin + c.url.pathname.slice(0, 2)))).toEqual(new Set(['https://api.vigil.test/v']));
  });

  it('asks nothing when the page names another API than the one that issued the token', () => {
    const m = mockFetch(() => json({}));
    signIn({ api_base: 'https://api.vigil.test' });
    document.head.innerHTML = '<meta name="vigil-api-base" content="https://evil.example">';
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    expect(m.calls).toHaveLength(0);
  });

  it('asks nothing when the element names another API, nor for a token issued elsewhere', () => {
    const m = mockFetch(() => json({}));
    signIn({});
    place(`<vigil-evacuation project="${PROJECT}" api-base="https://evil.example"></vigil-evacuation>`);
    prefetch(PLAN);
    signIn({ api_base: 'https://api.vigil.test' });
    place(`<vigil-evacuation project="${PROJECT}" api-base="${ORIGIN}"></vigil-evacuation>`);
    prefetch(PLAN);
    expect(m.calls).toHaveLength(0);
  });

  it('asks nothing when any Vigil element names another API, even one placed before or after it, or none beside one that does', () => {
    const m = mockFetch(() => json({}));
    signIn({});
    // An injected element elsewhere on the page (another tag) disagrees with the page's own.
    place(`<vigil-login api-base="https://evil.example"></vigil-login><vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation><vigil-login api-base="https://evil.example"></vigil-login>`);
    prefetch(PLAN);
    expect(m.calls).toHaveLength(0);
    // Every element naming the page's own API agrees; the toast region does not count.
    place(
      `<vigil-login api-base="${ORIGIN}"></vigil-login><vigil-evacuation project="${PROJECT}"></vigil-evacuation><vigil-toast-region></vigil-toast-region>`,
    );
    prefetch(PLAN);
    expect(m.calls.length).toBeGreaterThan(0);
    expect(m.calls.every((c) => c.url.origin === ORIGIN)).toBe(true);
  });

  it('skips a resource whose attribute is missing or not a uuid', () => {
    const m = mockFetch(() => json({}));
    signIn({});
    place(`<vigil-evacuation project="../../api/v2/users"></vigil-evacuation>`);
    prefetch(PLAN);
    expect(m.calls.map((c) => c.url.pathname)).toEqual(['/i18n/messages/en.json', '/api/v2/user', '/auth/jwt', '/api/v2/notifications']);
  });

  it('asks for a path under a condition only when the attribute has that value, or its default', () => {
    const m = mockFetch(() => json({}));
    signIn({ locale: 'nl' });
    const plan = {
      tag: 'vigil-inbox',
      paths: ['[view=incidents*]/api/v2/incidents?locale={locale}', '[view=notifications]/api/v2/notifications?page=1'],
    };
    place('<vigil-inbox></vigil-inbox>');
    prefetch(plan);
    expect(
      m.calls.filter((c) => c.url.searchParams.has('locale') && c.url.pathname === '/api/v2/incidents').map((c) => c.url.search),
    ).toEqual(['?locale=nl']);
    expect(m.callsTo('/api/v2/notifications').filter((c) => c.url.searchParams.get('page') === '1')).toHaveLength(0);
    (window as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('vigil.prefetched.store.v1')]!.clear();
    m.calls.length = 0;
    place('<vigil-inbox view="notifications"></vigil-inbox>');
    prefetch(plan);
    expect(m.callsTo('/api/v2/incidents')).toHaveLength(0);
    expect(m.callsTo('/api/v2/notifications').filter((c) => c.url.searchParams.get('page') === '1')).toHaveLength(1);
  });

  it('picks the session’s start language: the saved one (Belgian French), else the browser’s', () => {
    const m = mockFetch(() => json({}));
    signIn({ locale: 'fr-BE' });
    prefetch(PLAN);
    expect(m.callsTo('/i18n/messages/fr.json')).toHaveLength(1);
    expect(m.callsTo('/auth/jwt')[0]!.headers.get('Accept-Language')).toBe('fr-BE');
  });

  it('starts in the very language the session starts in, for any saved and browser language', () => {
    // The loader cannot import the session's matching (one more round trip): its short form
    // is held to the same answers here.
    const saved = [
      undefined,
      '',
      'en',
      'de',
      'fr',
      'fr-BE',
      'fr-be',
      'FR-ca',
      'nl',
      'nl-BE',
      'nl_BE',
      'es',
      'es-MX',
      'it',
      'pt',
      'english',
      'de-BE',
    ];
    const browsers = ['en-US', 'de', 'de-AT', 'fr-BE', 'nl-BE', 'nl', 'es-ES', 'it-IT', 'pt-BR', 'EN', 'zh', 'english'];
    const m = mockFetch(() => json({}));
    const store = (window as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('vigil.prefetched.store.v1')];
    for (const browser of browsers) {
      vi.stubGlobal('navigator', { ...navigator, language: browser, languages: [browser] });
      for (const locale of saved) {
        signIn({ locale });
        $currentUser.set({ token: 'secret', locale } as unknown as CurrentUser);
        store?.clear();
        m.calls.length = 0;
        prefetch(PLAN);
        const sent = m.callsTo('/auth/jwt')[0]?.headers.get('Accept-Language');
        expect(sent, `saved ${String(locale)}, browser ${browser}`).toBe(startLanguage());
      }
    }
    $currentUser.set(null);
  });

  it('hands an answer to the very same request once, and to nothing else', async () => {
    mockFetch(() => json({ data: 'early' }));
    signIn({});
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    const status = `${ORIGIN}/api/public/v2/projects/${PROJECT}/evacuation/status`;
    const jwt = `${ORIGIN}/auth/jwt`;
    const user = `${ORIGIN}/api/v2/user`;
    expect(take(status, get({ Authorization: 'Bearer other', 'Accept-Language': 'en' }))).toBeUndefined(); // another token: gone, not handed over
    expect(take(jwt, { method: 'POST', headers: { Authorization: 'Bearer secret', 'Accept-Language': 'en' } })).toBeUndefined();
    expect(take(`${ORIGIN}/api/v2/notifications`, get({ Authorization: 'Bearer secret', 'Accept-Language': 'en' }))).toBeUndefined();
    const answer = take(user, get({ Authorization: 'Bearer secret', 'Accept-Language': 'en' })); // an English user
    expect(await (await answer!).json()).toEqual({ data: 'early' });
    expect(take(user, get({ Authorization: 'Bearer secret', 'Accept-Language': 'en' }))).toBeUndefined(); // once
  });

  it('asks nothing again that the page has taken already: a later loader leaves no old answer waiting', async () => {
    const m = mockFetch(() => json({ data: 'early' }));
    signIn({});
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation><vigil-inbox></vigil-inbox>`);
    prefetch(PLAN);
    const user = `${ORIGIN}/api/v2/user`;
    const headers = get({ Authorization: 'Bearer secret', 'Accept-Language': 'en' });
    expect(await (await take(user, headers)!).json()).toEqual({ data: 'early' });
    // The inbox's script arrives after the session's first check: it asks for its own list only.
    prefetch({ tag: 'vigil-inbox', paths: ['/api/v2/incidents?page=1'] });
    expect(m.callsTo('/api/v2/user')).toHaveLength(1);
    expect(m.callsTo('/api/v2/incidents')).toHaveLength(1);
    // A later check of the session (after a refused call) goes to the server.
    expect(take(user, headers)).toBeUndefined();
  });

  it('asks none of the session’s calls once the page’s session has started (a script that came later)', () => {
    const m = mockFetch(() => json({}));
    signIn({});
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    const state = shared<{ started: Promise<void> | null }>(SESSION_STATE, () => {
      throw new Error('the session keeps its state under another name');
    });
    const before = state.started;
    state.started = Promise.resolve();
    try {
      prefetch(PLAN);
    } finally {
      state.started = before;
    }
    // Only the element's own answer, which nothing on the page has asked for yet.
    expect(m.calls.map((c) => c.url.pathname)).toEqual([`/api/public/v2/projects/${PROJECT}/evacuation/status`]);
  });

  it('hands over nothing asked for before a change the live channel told of since', async () => {
    mockFetch(() => json({ data: 'early' }));
    signIn({});
    place(`<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`);
    prefetch(PLAN);
    const status = `${ORIGIN}/api/public/v2/projects/${PROJECT}/evacuation/status`;
    const user = `${ORIGIN}/api/v2/user`;
    const headers = get({ Authorization: 'Bearer secret', 'Accept-Language': 'en' });
    // Another element's code opened the channel, which told of an evacuation before this
    // element's code arrived: its status from before goes unused, the client asks again.
    const { dispatchTopics } = await import('../../src/core/live/topics.ts');
    const told = shared<Map<string, number>>(TOLD, () => new Map());
    try {
      dispatchTopics(['evacuation']);
      expect(told.get('evacuation')).toBeGreaterThan(0); // the channel keeps it under that name
      expect(take(status, headers)).toBeUndefined();
      expect(take(user, headers)).toBeUndefined();
    } finally {
      told.clear();
    }
  });

  it('hands over nothing once stale', () => {
    mockFetch(() => json({}));
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn({});
    prefetch(PLAN);
    vi.setSystemTime(Date.now() + 10_001);
    expect(take(`${ORIGIN}/api/v2/user`, get({ Authorization: 'Bearer secret', 'Accept-Language': 'en' }))).toBeUndefined();
  });

  it('lets the client’s own request go out when the early one failed', async () => {
    let first = true;
    const m = mockFetch(() => {
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return json({ data: 'second' });
    });
    signIn({});
    prefetch({ tag: 'vigil-evacuation', paths: [] });
    const answer = await take(`${ORIGIN}/i18n/messages/en.json`, get({ 'Accept-Language': 'en' }))!;
    expect(await answer.json()).toEqual({ data: 'second' });
    expect(m.callsTo('/i18n/messages/en.json')).toHaveLength(2);
  });
});
