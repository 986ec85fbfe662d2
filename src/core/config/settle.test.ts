import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $currentUser } from '../session/store.ts';
import { SAMPLE_USER } from '../testing/fetchMock.ts';
import { $apiBase } from './config.ts';
import { configure, conflictingApiBase, elementConnected, resetApiBaseForTests, settleApiBase, whenApiBaseSettled } from './settle.ts';

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
  beforeEach(() => {
    resetApiBaseForTests();
    $currentUser.set(null);
  });
  afterEach(() => {
    document.head.querySelectorAll('meta').forEach((m) => m.remove());
    document.body.replaceChildren();
    resetApiBaseForTests();
    $currentUser.set(null);
  });

  it('waits for the end of the task, so an element inserted after the first one still counts', async () => {
    const badge = element('vigil-unread-badge');
    elementConnected(badge);
    const settled = whenApiBaseSettled();
    expect($apiBase.get()).toBeNull();
    elementConnected(element('vigil-login', `${API}/`));
    expect(await settled).toBe(API);
  });

  it('takes configure() first, then the meta tag in the head, then elements', () => {
    meta('https://meta.test');
    element('vigil-login', 'https://element.test');
    configure({ apiBase: 'https://configured.test/' });
    expect(settleApiBase()).toBe('https://configured.test');

    resetApiBaseForTests();
    expect(settleApiBase()).toBe('https://meta.test');
  });

  it('ignores a meta tag outside the head (injected markup cannot declare the API)', () => {
    meta(EVIL, document.body);
    expect(settleApiBase()).toBe(location.origin);
  });

  it('scans the whole document, including elements that are not Vigil elements only by tag', () => {
    element('div', EVIL); // not a Vigil element
    element('vigil-inbox');
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

    resetApiBaseForTests();
    $currentUser.set(null);
    document.body.replaceChildren();
    element('vigil-unread-badge', 'https://first.test');
    element('vigil-login', 'https://second.test');
    expect(settleApiBase()).toBeNull();
    expect($apiBase.get()).toBe('');
  });

  it('on disagreeing elements, the meta tag or configure() decides', () => {
    element('vigil-login', EVIL);
    element('vigil-login', API);
    meta(API);
    expect(settleApiBase()).toBe(API);

    expect(conflictingApiBase(EVIL)).toBe(API);
    resetApiBaseForTests();
    document.head.querySelectorAll('meta').forEach((m) => m.remove());
    configure({ apiBase: API });
    expect(settleApiBase()).toBe(API);
  });

  it('without any declaration uses the API of the stored sign-in, else the page origin', () => {
    $currentUser.set(user(API));
    expect(settleApiBase()).toBe(API);
    resetApiBaseForTests();
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

    resetApiBaseForTests();
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
