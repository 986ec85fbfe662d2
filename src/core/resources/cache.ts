/**
 * Resource caches by uuid (docs/product.md#constants-and-limits: notification, incident, site, system and project are
 * cached after loading), with in-flight de-duplication: two elements asking for the same
 * project at once cause one request. Caches are page-wide and cleared on sign-out.
 */
import { map, type MapStore } from 'nanostores';
import type { ApiError } from '../api/client.ts';
import { onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';

export interface Entry<T> {
  status: 'loading' | 'ready' | 'error';
  data?: T;
  error?: ApiError;
  /** When data was last loaded (ms since epoch). */
  loadedAt?: number;
}

export interface Cache<T> {
  /** Entries by id; subscribe with `useStore(cache.$entries, { keys: [id] })`. */
  readonly $entries: MapStore<Record<string, Entry<T> | undefined>>;
  /**
   * Loads `id`, sharing a request already under way. With `force`, loads again even when
   * cached (the cached data stays visible while it refreshes).
   */
  load(id: string, options?: { force?: boolean }): Promise<T>;
  /** Cached data, if any. */
  peek(id: string): T | undefined;
  /** Replaces cached data (after a mutation the server answered). */
  set(id: string, data: T): void;
  clear(): void;
}

export function createCache<T>(name: string, fetcher: (id: string) => Promise<T>): Cache<T> {
  return shared(`cache.${name}`, () => {
    const $entries = map<Record<string, Entry<T> | undefined>>({});
    const inflight = new Map<string, Promise<T>>();
    let generation = 0;

    const cache: Cache<T> = {
      $entries,
      load(id, { force = false } = {}) {
        const current = $entries.get()[id];
        const running = inflight.get(id);
        if (running) return running;
        if (!force && current?.status === 'ready' && current.data !== undefined) return Promise.resolve(current.data);
        const gen = generation;
        $entries.setKey(id, { ...current, status: current?.data !== undefined ? 'ready' : 'loading', error: undefined });
        const promise = fetcher(id)
          .then(
            (data) => {
              if (gen === generation) $entries.setKey(id, { status: 'ready', data, loadedAt: Date.now() });
              return data;
            },
            (error: ApiError) => {
              if (gen === generation) $entries.setKey(id, { ...$entries.get()[id], status: 'error', error });
              throw error;
            },
          )
          .finally(() => inflight.delete(id));
        inflight.set(id, promise);
        return promise;
      },
      peek(id) {
        return $entries.get()[id]?.data;
      },
      set(id, data) {
        $entries.setKey(id, { status: 'ready', data, loadedAt: Date.now() });
      },
      clear() {
        generation++;
        inflight.clear();
        $entries.set({});
      },
    };
    onSignOut(() => cache.clear());
    return cache;
  });
}
