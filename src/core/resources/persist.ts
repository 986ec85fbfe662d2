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
 * Keeps `resource`'s entry `key` in the browser under `name`: each fresh answer is written
 * (for the user it was loaded for), and on the page's first use a kept answer for the same
 * user and API base seeds the entry as `stale` — unless an answer of this visit came first.
 * Resolves when the kept answer has been read (and shown, if any): tests wait on it.
 */
export function persistResource<T>(resource: Resource<T>, name: string, key: string): Promise<void> {
  const store = keptStore();
  if (!store) return Promise.resolve();
  let written: number | undefined;
  const keep = () => {
    const entry = resource.$entries.get()[key];
    const scope = keptScope();
    if (!scope || !entry || entry.status !== 'ready' || entry.stale || entry.loadedAt === undefined || entry.loadedAt === written) return;
    written = entry.loadedAt;
    void store.put(idOf(scope, name, key), { data: entry.data, at: entry.loadedAt }).catch(() => undefined);
  };
  resource.$entries.listen(keep);
  keep(); // an answer that came before this code did
  return whenApiBaseSettled().then(() => {
    const scope = keptScope();
    if (!scope) return;
    return store.get(idOf(scope, name, key)).then(
      (kept) => {
        // Still the same user and API (a sign-out or a switch while reading shows nothing).
        if (!kept || keptScope() !== scope || Date.now() - kept.at > KEPT_MAX_AGE_MS) return;
        resource.seed(key, kept.data as T, kept.at);
      },
      () => undefined,
    );
  });
}
