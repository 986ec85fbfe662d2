import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent } from 'react';
import type { Cache, Entry } from '../../core/resources/cache.ts';

/** Data loaded this recently is not refreshed again (several elements mounting together). */
export const FRESH_MS = 5000;

/**
 * Reads one cached resource and loads it (again in the background when already cached:
 * navigating back shows it at once and refreshes, unless it was loaded moments ago).
 */
export function useResource<T>(cache: Cache<T>, id: string | undefined, onError?: (error: unknown) => void): Entry<T> | undefined {
  const entries = useStore(cache.$entries, id ? { keys: [id] } : { keys: [] });
  // The caller's latest onError, without reloading when only the callback changes.
  const reportError = useEffectEvent((e: unknown) => onError?.(e));
  useEffect(() => {
    if (!id) return;
    const entry = cache.$entries.get()[id];
    const stale = entry?.data !== undefined && Date.now() - (entry.loadedAt ?? 0) > FRESH_MS;
    cache.load(id, { force: stale }).catch((e: unknown) => reportError(e));
  }, [cache, id]);
  return id ? entries[id] : undefined;
}

/** A retry for a failed resource: loads it again, whatever the cache holds. */
export const retryLoad =
  <T>(cache: Cache<T>, id: string | undefined) =>
  (): void => {
    if (id) void cache.load(id, { force: true }).catch(() => undefined);
  };
