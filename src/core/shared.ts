/**
 * The page-wide registry. Every store and cache that makes up "the session" is created
 * through `shared()`, keyed on `globalThis`, so that two bundles of the suite on one page
 * (two entries, or two copies from different URLs) use the very same instances instead
 * of forking the session.
 */
const KEY = Symbol.for('vigil.shared.v1');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  let r = g[KEY];
  if (!r) {
    r = new Map();
    g[KEY] = r;
  }
  return r;
}

/** Returns the page's single instance named `name`, creating it on first use. */
export function shared<T>(name: string, create: () => T): T {
  const r = registry();
  if (!r.has(name)) r.set(name, create());
  return r.get(name) as T;
}
