/**
 * Resource caches by uuid (docs/product.md#constants-and-limits: notification, incident, site, system and project are
 * cached after loading): {@link createResource} entries, so in-flight de-duplication (two
 * elements asking for the same project at once cause one request), refresh, retry and
 * clearing on sign-out are the helper's.
 */
import { createResource, type Resource, type ResourceEntry } from './resource.ts';

export type Entry<T> = ResourceEntry<T>;
export type Cache<T> = Resource<T>;

export function createCache<T>(name: string, fetcher: (id: string) => Promise<T>): Cache<T> {
  return createResource(`cache.${name}`, fetcher);
}
