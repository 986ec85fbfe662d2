/**
 * The one async-resource helper of the suite: every store that loads from the API keeps
 * its entries through it. Per key, an entry is
 * - `loading` (nothing loaded yet, or a retry after a failure),
 * - `ready` with `data` (also while a refresh is under way: the data stays visible),
 * - `missing`: the API said there is no such thing for this user (404 or 403; see
 *   `isMissing`): say so, no retry,
 * - `failed` with `error`: anything else; a retry may help. Data loaded before stays.
 * Loads of one key at once share one request; `force` loads again (refresh, retry);
 * `renew` does not share a request sent before it (its answer may predate a change).
 * Everything is forgotten on sign-out, answers still under way included. Page-wide
 * through `shared(name)`.
 *
 * A store that polls (the evacuation statuses) asks for `keepErrors`: a reload leaves the
 * last failure on the entry until it answers, so "not confirmed" does not blink off at
 * every attempt (and "is this failure new?" can be told). Loads pass `quiet` to say
 * which of them must not bother the user; the fetcher is told. A load that is not quiet
 * and joins a quiet one under way makes it not quiet (the fetcher reads `quiet` when the
 * answer comes): whoever started the request, a failure someone asked to see is shown.
 *
 * An entry may be seeded with what an earlier visit loaded (`seed`, see `persist.ts`): it is
 * `ready` with that data but `stale` — shown at once, never taken for an answer: a load asks
 * the server all the same, and its answer (`set`) clears `stale`.
 */
import { map, type MapStore } from 'nanostores';
import { isMissing, type ApiError } from '../api/client.ts';
import { onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';

export type ResourceStatus = 'loading' | 'ready' | 'missing' | 'failed';

export interface ResourceEntry<T> {
  status: ResourceStatus;
  /** The last data loaded (kept while refreshing and after a failed refresh). */
  data?: T;
  /** Why the last load failed (`missing` or `failed`; with `keepErrors`, also while reloading). */
  error?: ApiError;
  /** When data was last loaded (ms since epoch). */
  loadedAt?: number;
  /**
   * The data was kept from an earlier visit and the server has not answered yet on this
   * one: show it as being checked and claim nothing from it (docs/product.md).
   */
  stale?: boolean;
}

export interface LoadOptions {
  /** Load again even when the data is ready (refresh, retry). */
  force?: boolean;
  /**
   * A load the user did not ask for (polling): the fetcher gets the options of the load
   * that started the request and decides what it means (no failure toast). Read it when
   * the answer comes: a load that is not quiet joining the request sets it to false.
   */
  quiet?: boolean;
  /**
   * Something changed on the server since a load under way was sent (an action was just
   * accepted): send a new request instead of sharing that one, whose answer is dropped.
   */
  renew?: boolean;
}

export interface Resource<T> {
  /** Entries by key; subscribe with `useStore(resource.$entries, { keys: [key] })`. */
  readonly $entries: MapStore<Record<string, ResourceEntry<T> | undefined>>;
  /**
   * Loads `key`, sharing a load already under way; rejects with the error. Without
   * `force`, ready data is answered at once; with it, loads again (refresh, retry).
   */
  load(key: string, options?: LoadOptions): Promise<T>;
  /** Cached data, if any. */
  peek(key: string): T | undefined;
  /** Replaces the data (after a mutation the server answered). */
  set(key: string, data: T): void;
  /**
   * Shows `data` loaded at `loadedAt` on an earlier visit, marked `stale`, unless the key
   * already has data (an answer of this visit always wins). Returns whether it did.
   */
  seed(key: string, data: T, loadedAt: number): boolean;
  /** Forgets every entry and every answer under way (done on sign-out). */
  clear(): void;
}

export function createResource<T>(
  name: string,
  fetcher: (key: string, options: LoadOptions) => Promise<T>,
  /** A reload leaves the last `error` on the entry until it answers (see above). */
  keepErrors?: boolean,
): Resource<T> {
  return shared(name, () => {
    const $entries = map<Record<string, ResourceEntry<T> | undefined>>({});
    /** The load under way per key, with the options its fetcher reads. */
    const inflight = new Map<string, { promise: Promise<T>; options: LoadOptions }>();

    const resource: Resource<T> = {
      $entries,
      load(key, options = {}) {
        const current = $entries.get()[key];
        const running = inflight.get(key);
        if (running && !options.renew) {
          // Someone who would see the failure joins a quiet load (a page opening while a
          // warm-up or a menu's load is under way): its failure is theirs to see.
          if (!options.quiet) running.options.quiet = false;
          return running.promise;
        }
        if (!options.force && current?.status === 'ready' && !current.stale) return Promise.resolve(current.data as T);
        // Still the load under way for this key: not forgotten meanwhile (sign-out).
        const fresh = () => inflight.get(key)?.promise === promise;
        // The fetcher's own copy: a load joining it may make it not quiet.
        const shared = { ...options };
        $entries.setKey(key, {
          ...current,
          status: current?.data !== undefined ? 'ready' : 'loading',
          error: keepErrors ? current?.error : undefined,
        });
        const promise = fetcher(key, shared)
          .then(
            (data) => {
              if (fresh()) resource.set(key, data);
              return data;
            },
            (error: ApiError) => {
              if (fresh()) $entries.setKey(key, { ...$entries.get()[key], status: isMissing(error) ? 'missing' : 'failed', error });
              throw error;
            },
          )
          .finally(() => {
            if (fresh()) inflight.delete(key);
          });
        inflight.set(key, { promise, options: shared });
        return promise;
      },
      peek: (key) => $entries.get()[key]?.data,
      set(key, data) {
        $entries.setKey(key, { status: 'ready', data, loadedAt: Date.now() });
      },
      seed(key, data, loadedAt) {
        const current = $entries.get()[key];
        if (current?.data !== undefined || current?.status === 'missing') return false;
        // A load under way stays under way (the entry shows the kept data meanwhile); a
        // failed one stays failed, with the kept data to show beside it.
        const status = current?.status === 'failed' ? 'failed' : 'ready';
        $entries.setKey(key, { ...current, status, data, loadedAt, stale: true });
        return true;
      },
      clear() {
        inflight.clear();
        $entries.set({});
      },
    };
    onSignOut(() => resource.clear());
    return resource;
  });
}
