/**
 * The last answers a first screen needs, kept in the browser (IndexedDB) for the next visit
 * (docs/product.md#a-second-visit): the next visit paints them at once, marked `stale` on
 * their resource's entry ("Checking…", the time they are from), while the same requests go
 * out as always — reading the kept answer never waits for or delays them.
 *
 * Kept per user *and* API base (the user's uuid and the base that issued the token), and
 * only read back when the page's settled API base is the one the sign-in is bound to: one
 * person's answers are never shown to another, nor those of one API for another. Signing
 * out (a 401 that the session confirms signs out too) deletes every kept answer: the session
 * deletes the database itself (`kept-db.ts`), so a page that never loaded this module
 * forgets them all the same.
 *
 * Plain IndexedDB, no library: three operations on one object store need no wrapper, and
 * this code is in the first screen's chunk.
 */
import { $apiBase } from '../config/config.ts';
import { whenApiBaseSettled } from '../config/settle.ts';
import { $currentUser, boundApiBase } from '../session/store.ts';
import { shared } from '../shared.ts';
import { KEPT_DB } from './kept-db.ts';
import type { PagedList, PagedState } from '../inbox/pagedList.ts';
import type { Resource } from './resource.ts';

/** An answer as kept: the data and when it was loaded (ms since the epoch). */
export interface Kept<T = unknown> {
  data: T;
  at: number;
}

/** Where answers are kept; IndexedDB in browsers (tests give their own). */
export interface KeptStore {
  get(id: string): Promise<Kept | undefined>;
  put(id: string, kept: Kept): Promise<void>;
}

const STORE = 'answers';

/** A kept answer older than this is not shown: a week-old list helps nobody. */
export const KEPT_MAX_AGE_MS = 7 * 24 * 3600_000;

function idbStore(factory: IDBFactory): KeptStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () =>
    (db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(KEPT_DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        const opened = req.result;
        // A sign-out deletes the database (kept-db.ts): let it, and open anew if needed.
        opened.onversionchange = () => {
          opened.close();
          db = null;
        };
        resolve(opened);
      };
      req.onerror = () => reject(req.error ?? new Error('indexedDB'));
      req.onblocked = () => reject(new Error('indexedDB blocked'));
    }).catch((e: unknown) => {
      db = null;
      throw e;
    }));
  const run = <R>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest): Promise<R> =>
    open().then(
      (d) =>
        new Promise<R>((resolve, reject) => {
          const tx = d.transaction(STORE, mode);
          const req = op(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(req.result as R);
          tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
          tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
        }),
    );
  return {
    get: (id) => run<Kept | undefined>('readonly', (s) => s.get(id)),
    put: (id, kept) => run<undefined>('readwrite', (s) => s.put(kept, id)).then(() => undefined),
  };
}

function browserStore(): KeptStore | null {
  try {
    return typeof indexedDB !== 'undefined' ? idbStore(indexedDB) : null;
  } catch {
    return null; // denied (opaque origin, privacy settings)
  }
}

const state = shared('resources.persist', () => ({ store: undefined as KeptStore | null | undefined }));

function keptStore(): KeptStore | null {
  if (state.store === undefined) state.store = browserStore();
  return state.store;
}

/** Tests: keep answers in `store` (null: nowhere) instead of IndexedDB. */
export function setKeptStore(store: KeptStore | null): void {
  state.store = store;
}

/**
 * Whose answers the page may keep and show now: the signed-in user at the API base their
 * token is bound to, when that is the page's settled base; null otherwise.
 */
export function keptScope(): string | null {
  const user = $currentUser.get();
  const base = user && boundApiBase(user);
  if (!user || !base || base !== $apiBase.get()) return null;
  return `${user.uuid} ${base}`;
}

const idOf = (scope: string, name: string, key: string) => JSON.stringify([scope, name, key]);

/**
 * Keeps `data` loaded at `at` under `name` and `key` for the signed-in user (nothing when
 * no one is, or the page's API is not the one the sign-in is bound to).
 */
export function writeKept(name: string, key: string, data: unknown, at: number): void {
  const store = keptStore();
  const scope = keptScope();
  if (store && scope) void store.put(idOf(scope, name, key), { data, at }).catch(() => undefined);
}

/**
 * The answer kept under `name` and `key` for the signed-in user, once the page's API base is
 * settled; undefined when there is none, it is older than KEPT_MAX_AGE_MS, or the user or
 * the API changed while it was read (a sign-out or a switch while reading shows nothing).
 */
export function readKept(name: string, key: string): Promise<Kept | undefined> {
  const store = keptStore();
  if (!store) return Promise.resolve(undefined);
  return whenApiBaseSettled().then(() => {
    const scope = keptScope();
    if (!scope) return undefined;
    return store.get(idOf(scope, name, key)).then(
      (kept) => (kept && keptScope() === scope && Date.now() - kept.at <= KEPT_MAX_AGE_MS ? kept : undefined),
      () => undefined,
    );
  });
}

/**
 * Keeps `resource`'s entry `key` in the browser under `name`: each fresh answer is written
 * (for the user it was loaded for), and on the page's first use a kept answer for the same
 * user and API base seeds the entry as `stale` — unless an answer of this visit came first.
 * Resolves when the kept answer has been read (and shown, if any): tests wait on it.
 */
export function persistResource<T>(resource: Resource<T>, name: string, key: string): Promise<void> {
  if (!keptStore()) return Promise.resolve();
  let written: number | undefined;
  const keep = () => {
    const entry = resource.$entries.get()[key];
    if (!entry || entry.status !== 'ready' || entry.stale || entry.loadedAt === undefined || entry.loadedAt === written) return;
    written = entry.loadedAt;
    writeKept(name, key, entry.data, entry.loadedAt);
  };
  resource.$entries.listen(keep);
  keep(); // an answer that came before this code did
  return readKept(name, key).then((kept) => {
    if (kept) resource.seed(key, kept.data as T, kept.at);
  });
}

/**
 * {@link persistResource} for every entry of `resource`, each as it is first asked for (the
 * evacuation statuses: one per project or site the page shows). Resolves when the entries
 * there are now have been read: tests wait on it.
 */
export function persistEntries<T>(resource: Resource<T>, name: string): Promise<void> {
  const seen = new Set<string>();
  const each = () =>
    Promise.all(Object.keys(resource.$entries.get()).map((key) => !seen.has(key) && (seen.add(key), persistResource(resource, name, key))));
  resource.$entries.listen(() => void each());
  return each().then(() => undefined);
}

/** What a paged list keeps: its first page's items and the list's total then. */
interface KeptPage<T> {
  items: T[];
  total: number;
}

/**
 * Keeps a paged list's first page (the inbox's lists) under `name` and the view its filters
 * make (`viewOf`; null: not kept): each answered first page is written, and a view whose
 * first page is on its way is seeded with the kept one (`kept` on the list's state) — once
 * per view and page, and never after this visit's own answer for it.
 */
export function persistList<T extends { uuid: string }, F>(
  list: PagedList<T, F>,
  name: string,
  viewOf: (filters: F) => string | null,
): void {
  /** Per view: the kept page read and not shown yet (null: none, shown, or superseded by an answer). */
  const kept = new Map<string, Kept | null | 'reading'>();
  let written: unknown;
  const offer = (state: PagedState<T, F>) => {
    const view = viewOf(state.filters);
    const k = view === null ? null : kept.get(view);
    if (k && k !== 'reading' && list.seed((k.data as KeptPage<T>).items, (k.data as KeptPage<T>).total, k.at)) kept.set(view!, null);
  };
  list.$state.subscribe((state) => {
    const view = viewOf(state.filters);
    const first = state.pages[1];
    if (view === null) return;
    if (state.status === 'ready' && state.kept === undefined && first && !state.stale.includes(1) && state.total !== null) {
      kept.set(view, null);
      if (first === written) return;
      written = first;
      const page: KeptPage<T> = { items: [...first], total: state.total };
      writeKept(name, view, page, Date.now());
    } else if (!kept.has(view)) {
      kept.set(view, 'reading');
      void readKept(name, view).then((read) => {
        if (kept.get(view) !== 'reading') return;
        kept.set(view, read ?? null);
        offer(list.$state.get());
      });
    } else offer(state);
  });
}
