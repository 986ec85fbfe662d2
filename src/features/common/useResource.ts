import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Cache, Entry } from '../../core/resources/cache.ts';

/**
 * Reads one cached resource and loads it (again in the background when already cached:
 * navigating back shows it at once and refreshes).
 */
export function useResource<T>(cache: Cache<T>, id: string | undefined, onError?: (error: unknown) => void): Entry<T> | undefined {
  const entries = useStore(cache.$entries, id ? { keys: [id] } : { keys: [] });
  useEffect(() => {
    if (!id) return;
    const cached = cache.peek(id) !== undefined;
    cache.load(id, { force: cached }).catch((e: unknown) => onError?.(e));
    // onError is a callback for this id only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, id]);
  return id ? entries[id] : undefined;
}
