import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $apiBase } from '../config/config.ts';
import { signOut } from '../session/session.ts';
import { $currentUser } from '../session/store.ts';
import { createPagedList, type PageRequest } from '../inbox/pagedList.ts';
import {
  keptScope,
  persistEntries,
  persistList,
  persistResource,
  setKeptStore,
  KEPT_MAX_AGE_MS,
  type Kept,
  type KeptStore,
} from './persist.ts';
import { createResource } from './resource.ts';

const BASE = 'https://api.vigil.test';

/** A store in memory, as IndexedDB would keep it. */
function memoryStore(): KeptStore & { items: Map<string, Kept> } {
  const items = new Map<string, Kept>();
  return {
    items,
    get: (id) => Promise.resolve(items.get(id)),
    put: (id, kept) => {
      items.set(id, structuredClone(kept));
      return Promise.resolve();
    },
  };
}

let n = 0;
const name = () => `test.persist.${++n}`;
const signIn = (uuid = SAMPLE_USER.uuid, base = BASE) => $currentUser.set({ ...SAMPLE_USER, uuid, token: `tok-${uuid}`, api_base: base });
/** A resource whose loads wait until `answer` is called. */
function pending() {
  const answers: ((v: string[]) => void)[] = [];
  const resource = createResource<string[]>(name(), () => new Promise((resolve) => answers.push(resolve)));
  return { resource, answer: (v: string[]) => answers.shift()?.(v) };
}
/** Lets the store's writes (a listener's promise) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('answers kept for the next visit', () => {
  let store: ReturnType<typeof memoryStore>;
  beforeEach(() => {
    store = memoryStore();
    setKeptStore(store);
    $apiBase.set(BASE);
    signIn();
  });
  afterEach(() => {
    signOut();
    setKeptStore(null);
    $apiBase.set(null);
  });

  it('keeps each answer, per user and API base, and shows it next time as stale until the server answers', async () => {
    const first = pending();
    await persistResource(first.resource, 'projects', 'list');
    const load = first.resource.load('list');
    first.answer(['Northwind']);
    await load;
    await settle();
    expect([...store.items.values()]).toEqual([{ data: ['Northwind'], at: expect.any(Number) }]);
    expect([...store.items.keys()][0]).toContain(SAMPLE_USER.uuid);
    expect([...store.items.keys()][0]).toContain(BASE);

    // The next visit: a new page (a new resource), the request goes out at once.
    const next = pending();
    const again = next.resource.load('list');
    await persistResource(next.resource, 'projects', 'list');
    expect(next.resource.$entries.get().list).toMatchObject({ status: 'ready', data: ['Northwind'], stale: true });
    // A stale entry is never taken for an answer: a load asks the server.
    next.answer(['Northwind', 'Southwind']);
    await again;
    expect(next.resource.$entries.get().list).toMatchObject({ status: 'ready', data: ['Northwind', 'Southwind'] });
    expect(next.resource.$entries.get().list?.stale).toBeUndefined();
  });

  it('keeps an answer that came before it was asked to', async () => {
    const r = createResource<string[]>(name(), () => Promise.resolve(['Early']));
    await r.load('list');
    await persistResource(r, 'projects', 'list');
    await settle();
    expect([...store.items.values()].map((k) => k.data)).toEqual([['Early']]);
  });

  it('asks the server for a stale entry even without force', async () => {
    const calls: string[] = [];
    const r = createResource<string>(name(), (key) => (calls.push(key), Promise.resolve('fresh')));
    r.seed('a', 'old', Date.now());
    await expect(r.load('a')).resolves.toBe('fresh');
    expect(calls).toEqual(['a']);
  });

  it('never shows a kept answer over an answer of this visit', async () => {
    store.items.set(JSON.stringify([keptScope(), 'projects', 'list']), { data: ['Old'], at: Date.now() });
    const r = createResource<string[]>(name(), () => Promise.resolve(['New']));
    await r.load('list');
    await persistResource(r, 'projects', 'list');
    expect(r.$entries.get().list).toMatchObject({ data: ['New'] });
    expect(r.$entries.get().list?.stale).toBeUndefined();
  });

  it('never shows one user’s answers to another, nor one API’s for another', async () => {
    store.items.set(JSON.stringify([keptScope(), 'projects', 'list']), { data: ['Mine'], at: Date.now() });

    signIn('someone-else');
    const other = pending();
    await persistResource(other.resource, 'projects', 'list');
    expect(other.resource.$entries.get().list).toBeUndefined();

    // The same user, signed in at another API base.
    signIn(SAMPLE_USER.uuid, 'https://other.vigil.test');
    $apiBase.set('https://other.vigil.test');
    const elsewhere = pending();
    await persistResource(elsewhere.resource, 'projects', 'list');
    expect(elsewhere.resource.$entries.get().list).toBeUndefined();

    // A page whose settled API is not the one the sign-in is bound to keeps and shows nothing.
    $apiBase.set(BASE);
    expect(keptScope()).toBeNull();
  });

  it('shows nothing when signed out, and keeps nothing loaded after', async () => {
    store.items.set(JSON.stringify([keptScope(), 'projects', 'list']), { data: ['Mine'], at: Date.now() });
    signOut();
    const r = createResource<string[]>(name(), () => Promise.resolve(['Loaded']));
    await persistResource(r, 'projects', 'list');
    expect(r.$entries.get().list).toBeUndefined();
    const before = store.items.size;
    r.set('list', ['Loaded']);
    await settle();
    expect(store.items.size).toBe(before);
  });

  it('forgets a kept answer older than a week', async () => {
    store.items.set(JSON.stringify([keptScope(), 'projects', 'list']), { data: ['Old'], at: Date.now() - KEPT_MAX_AGE_MS - 1 });
    const r = pending();
    await persistResource(r.resource, 'projects', 'list');
    expect(r.resource.$entries.get().list).toBeUndefined();
  });

  it('keeps a failed check failed, with the kept data beside it', async () => {
    const r = createResource<string[]>(name(), () => Promise.reject(new Error('offline')));
    await r.load('list').catch(() => undefined);
    expect(r.seed('list', ['Kept'], 1000)).toBe(true);
    expect(r.$entries.get().list).toMatchObject({ status: 'failed', data: ['Kept'], stale: true, loadedAt: 1000 });
  });

  describe('a paged list’s first page (the inbox)', () => {
    type Row = { uuid: string };
    type F = { view: string };
    /** A list whose pages wait until the test answers them. */
    function pagedList(filters: F = { view: 'all' }) {
      const requests: { req: PageRequest<F>; answer: (rows: Row[], total: number) => void }[] = [];
      const list = createPagedList<Row, F>({
        perPage: 50,
        filters,
        errorKey: 'core.toastErrors.loadIncidents',
        fetchPage: (req) => new Promise((resolve) => requests.push({ req, answer: (data, total) => resolve({ data, meta: { total } }) })),
      });
      return { list, requests };
    }
    /** Only the view named 'all' is kept. */
    const viewOf = (f: F) => (f.view === 'all' ? 'all' : null);

    it('keeps the answered first page, and shows it next time as kept until this visit’s answers', async () => {
      const first = pagedList();
      persistList(first.list, 'incidents', viewOf);
      first.list.start();
      await settle();
      first.requests[0]!.answer([{ uuid: 'a' }, { uuid: 'b' }], 7);
      await settle();
      expect([...store.items.values()]).toEqual([{ data: { items: [{ uuid: 'a' }, { uuid: 'b' }], total: 7 }, at: expect.any(Number) }]);

      const next = pagedList();
      persistList(next.list, 'incidents', viewOf);
      next.list.start();
      await vi.waitFor(() => expect(next.list.$state.get().kept).toEqual(expect.any(Number)));
      expect(next.list.$state.get()).toMatchObject({ status: 'ready', total: 7, pages: { 1: [{ uuid: 'a' }, { uuid: 'b' }] } });
      next.requests[0]!.answer([{ uuid: 'c' }], 1);
      await settle();
      expect(next.list.$state.get().kept).toBeUndefined();
      expect(next.list.$state.get().pages[1]).toEqual([{ uuid: 'c' }]);
      // Written anew: the next visit shows this one.
      expect([...store.items.values()].map((k) => k.data)).toEqual([{ items: [{ uuid: 'c' }], total: 1 }]);
    });

    it('keeps an empty first page too (shown as being checked, never as "nothing here")', async () => {
      store.items.set(JSON.stringify([keptScope(), 'incidents', 'all']), { data: { items: [], total: 0 }, at: Date.now() });
      const next = pagedList();
      persistList(next.list, 'incidents', viewOf);
      next.list.start();
      await vi.waitFor(() => expect(next.list.$state.get().kept).toEqual(expect.any(Number)));
      expect(next.list.$state.get()).toMatchObject({ status: 'ready', total: 0, pages: { 1: [] } });
    });

    it('keeps nothing of a view it is not asked to keep (a filtered list)', async () => {
      const filtered = pagedList({ view: 'site' });
      persistList(filtered.list, 'incidents', viewOf);
      filtered.list.start();
      filtered.requests[0]!.answer([{ uuid: 'a' }], 1);
      await settle();
      expect(store.items.size).toBe(0);
    });

    it('never shows a kept page after this visit’s answer, nor to someone else', async () => {
      store.items.set(JSON.stringify([keptScope(), 'incidents', 'all']), { data: { items: [{ uuid: 'old' }], total: 1 }, at: Date.now() });
      const answered = pagedList();
      persistList(answered.list, 'incidents', viewOf);
      answered.list.start();
      answered.requests[0]!.answer([{ uuid: 'new' }], 1); // before the kept page was read
      await settle();
      await settle();
      expect(answered.list.$state.get().pages[1]).toEqual([{ uuid: 'new' }]);
      expect(answered.list.$state.get().kept).toBeUndefined();

      signIn('someone-else');
      const other = pagedList();
      persistList(other.list, 'incidents', viewOf);
      other.list.start();
      await settle();
      await settle();
      expect(other.list.$state.get().kept).toBeUndefined();
    });
  });

  it('keeps every entry of a resource as it is first asked for (the evacuation statuses)', async () => {
    const r = createResource<string>(name(), (key) => Promise.resolve(`fresh ${key}`));
    await persistEntries(r, 'evacuation');
    await r.load('project:1');
    await r.load('site:2');
    await settle();
    expect([...store.items.keys()].map((k) => (JSON.parse(k) as string[])[2]).sort()).toEqual(['project:1', 'site:2']);

    const next = pending();
    await persistEntries(next.resource, 'evacuation');
    void next.resource.load('project:1');
    await vi.waitFor(() => expect(next.resource.$entries.get()['project:1']).toMatchObject({ data: 'fresh project:1', stale: true }));
  });
});
