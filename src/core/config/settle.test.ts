import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';

// A page settles its API base once: each test (and each "new page" within one) loads the
// modules afresh.
let $currentUser: typeof import('../session/store.ts').$currentUser;
let $apiBase: typeof import('./config.ts').$apiBase;
let settle: typeof import('./settle.ts');
const configure: typeof settle.configure = (...args) => settle.configure(...args);
const conflictingApiBase: typeof settle.conflictingApiBase = (...args) => settle.conflictingApiBase(...args);
const elementConnected: typeof settle.elementConnected = (...args) => settle.elementConnected(...args);
const settleApiBase: typeof settle.settleApiBase = (...args) => settle.settleApiBase(...args);
const whenApiBaseSettled: typeof settle.whenApiBaseSettled = (...args) => settle.whenApiBaseSettled(...args);

async function newPage(): Promise<void> {
  freshPage();
  ({ $currentUser } = await import('../session/store.ts'));
  ({ $apiBase } = await import('./config.ts'));
  settle = await import('./settle.ts');
}

const API = 'https://api.vigil.test';
const EVIL = 'https://elsewhere.test';
const user = (api_origin?: string) => ({ ...SAMPLE_USER, token: 'tok', api_origin });

function element(tag: string, apiBase?: string): HTMLElement {
  const el = document.createElement(tag);
  if (apiBase !== undefined) el.setAttribute('api-base', apiBase);
  document.body.append(el);
  return el;
}

function meta(content: string, where: HTMLElement = document.head): void {
  const m = document.createElement('meta');
  m.name = 'vigil-api-base';
  m.content = content;
  where.append(m);
}

describe('settling the page API base', () => {
  beforeEach(async () => {
    await newPage();
    $currentUser.set(null);
  });
  afterEach(async () => {
    document.head.querySelectorAll('meta').forEach((m) => m.remove());
    document.body.replaceChildren();
    await newPage();
    $currentUser.set(null);
  });

  it('waits for the end of the task, so an element inserted after the first one still counts', async () => {
    const badge = element('vigil-unread-badge', API);
    elementConnected(badge);
    const settled = whenApiBaseSettled();
    expect($apiBase.get()).toBeNull();
    elementConnected(element('vigil-login', `${API}/`));
    expect(await settled).toBe(API);
  });

  it('takes configure() first, then the meta tag in the head, then elements', async () => {
    meta('https://meta.test');
    element('vigil-login', 'https://element.test');
    configure({ apiBase: 'https://configured.test/' });
    expect(settleApiBase()).toBe('https://configured.test');

    await newPage();
    expect(settleApiBase()).toBe('https://meta.test');
  });

  it('ignores a meta tag outside the head (injected markup cannot declare the API)', () => {
    meta(EVIL, document.body);
    expect(settleApiBase()).toBe(location.origin);
  });

  it('scans the whole document, including elements that are not Vigil elements only by tag', () => {
    element('div', EVIL); // not a Vigil element
    element('vigil-inbox', `${API}/`);
    element('vigil-evacuation', API);
    expect(settleApiBase()).toBe(API);
  });

  it('sees connected elements in shadow roots the document scan cannot reach', () => {
    const host = element('div');
    const inner = document.createElement('vigil-login');
    inner.setAttribute('api-base', API);
    host.attachShadow({ mode: 'open' }).append(inner);
    elementConnected(inner);
    expect(settleApiBase()).toBe(API);
  });

  it('on disagreeing elements settles on nothing: the injected one placed first does not win, nor any other', async () => {
    $currentUser.set(user(API));
    element('vigil-login', EVIL); // injected before the real element
    element('vigil-login', API);
    expect(settleApiBase()).toBeNull();
    expect($apiBase.get()).toBe(''); // settled on no API
    expect(await whenApiBaseSettled()).toBeNull();
    // The stored sign-in is kept (markup cannot sign the user out), and stays unsent.
    expect($currentUser.get()?.token).toBe('tok');
    // Final for the page: a later element does not settle it either.
    element('vigil-unread-badge', API);
    expect(settleApiBase()).toBeNull();

    await newPage();
    $currentUser.set(null);
    document.body.replaceChildren();
    element('vigil-unread-badge', 'https://first.test');
    element('vigil-login', 'https://second.test');
    expect(settleApiBase()).toBeNull();
    expect($apiBase.get()).toBe('');
  });

  it('an element without api-base names the page itself: an injected api-base above it disagrees, and nobody is signed out', async () => {
    $currentUser.set(user(location.origin));
    element('vigil-login', EVIL); // injected in a comment above the real element
    element('vigil-login'); // the real one: the page's own API
    expect(settleApiBase()).toBeNull();
    expect($apiBase.get()).toBe('');
    expect($currentUser.get()?.token).toBe('tok');

    // Naming the page's own origin out loud agrees with an element that names none.
    await newPage();
    $currentUser.set(null);
    document.body.replaceChildren();
    element('vigil-login', `${location.origin}/`);
    element('vigil-unread-badge');
    expect(settleApiBase()).toBe(location.origin);
  });

  it('the suite’s own elements do not count: the toast region, and elements inside a Vigil element', () => {
    element('vigil-toast-region');
    const outer = element('vigil-portal', API);
    const inner = document.createElement('vigil-unread-badge');
    outer.attachShadow({ mode: 'open' }).append(inner);
    elementConnected(inner);
    expect(settleApiBase()).toBe(API);
  });

  it('an element alone naming another API than the stored sign-in’s settles on nothing and keeps the sign-in', async () => {
    $currentUser.set(user(API));
    element('vigil-unread-badge', EVIL);
    expect(settleApiBase()).toBeNull();
    expect($apiBase.get()).toBe('');
    expect($currentUser.get()?.token).toBe('tok');

    // The same API as the sign-in: settled, signed in.
    await newPage();
    $currentUser.set(user(API));
    document.body.replaceChildren();
    element('vigil-unread-badge', API);
    expect(settleApiBase()).toBe(API);
    expect($currentUser.get()?.token).toBe('tok');
  });

  it('on disagreeing elements, the meta tag or configure() decides', async () => {
    element('vigil-login', EVIL);
    element('vigil-login', API);
    meta(API);
    expect(settleApiBase()).toBe(API);

    expect(conflictingApiBase(EVIL)).toBe(API);
    await newPage();
    document.head.querySelectorAll('meta').forEach((m) => m.remove());
    configure({ apiBase: API });
    expect(settleApiBase()).toBe(API);
  });

  it('without any declaration uses the API of the stored sign-in, else the page origin', async () => {
    $currentUser.set(user(API));
    expect(settleApiBase()).toBe(API);
    await newPage();
    $currentUser.set(null);
    expect(settleApiBase()).toBe(location.origin);
  });

  it('never moves once settled: a later element conflicts, configure() to another API throws', async () => {
    element('vigil-login', API);
    await whenApiBaseSettled();
    const late = element('vigil-unread-badge', EVIL);
    elementConnected(late);
    await new Promise((r) => setTimeout(r, 0));
    expect($apiBase.get()).toBe(API);
    expect(conflictingApiBase(EVIL)).toBe(API);
    expect(conflictingApiBase(`${API}/`)).toBeNull();
    expect(conflictingApiBase(null)).toBeNull();
    expect(() => configure({ apiBase: EVIL })).toThrow(/already talks to/);
    expect(() => configure({ apiBase: API })).not.toThrow();
    expect(() => configure({ apiBase: 'javascript:alert(1)' })).toThrow(TypeError);
  });

  it('drops a stored sign-in issued by another API than the settled one', async () => {
    $currentUser.set(user(EVIL));
    meta(API);
    await whenApiBaseSettled();
    expect($currentUser.get()).toBeNull();
  });

  it('binds a sign-in from an older version to the page origin only when that is the API', async () => {
    const legacy = { ...SAMPLE_USER, token: 'old' } as Record<string, unknown>;
    delete legacy.api_origin;
    $currentUser.set(legacy as never);
    await whenApiBaseSettled(); // nothing declared: the page origin
    expect($currentUser.get()?.api_base).toBe(location.origin);

    await newPage();
    $currentUser.set(legacy as never);
    meta(API);
    await whenApiBaseSettled();
    expect($currentUser.get()).toBeNull();
  });

  it('drops a sign-in another tab stores for another API after settling', async () => {
    meta(API);
    await whenApiBaseSettled();
    $currentUser.set(user(EVIL));
    expect($currentUser.get()).toBeNull();
    $currentUser.set(user(API));
    expect($currentUser.get()?.token).toBe('tok');
  });
});
