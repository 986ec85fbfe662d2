import { vi } from 'vitest';
import { freshPage } from './fresh-page.ts';

/**
 * Vitest (happy-dom) setup. happy-dom's localStorage throws on `delete storage[key]` for
 * a missing key, where browsers return true (and @nanostores/persistent deletes keys to
 * store "nothing"); wrap it so unit tests behave like a browser.
 */
const TOLERANT = Symbol.for('test.tolerantStorage');
const original = window.localStorage;
// Once per page: the files of a worker share it (below).
if (!(original as unknown as Record<symbol, boolean>)[TOLERANT]) {
  const tolerant = new Proxy(original, {
    deleteProperty(target, key) {
      if (typeof key === 'string' && target.getItem(key) !== null) target.removeItem(key);
      return true;
    },
    get(target, key) {
      if (key === TOLERANT) return true;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    set(target, key, value) {
      if (typeof key === 'string') target.setItem(key, String(value));
      return true;
    },
  });
  Object.defineProperty(window, 'localStorage', { configurable: true, value: tolerant });
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: tolerant });
}

// The unit project runs its files one after another in each worker's one page (no isolation:
// setting up a page per file was three quarters of its time). Each file starts on a page as
// freshly loaded: what the last file left running (timers, requests) is stopped by happy-dom,
// its shared instances and modules are forgotten, and the storage, document and globals are as
// a new page has them.
await (globalThis as { happyDOM?: { abort(): Promise<void> } }).happyDOM?.abort();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
freshPage();
for (const key of Object.getOwnPropertySymbols(globalThis))
  if (key.description?.startsWith('vigil.')) delete (globalThis as unknown as Record<symbol, unknown>)[key];
localStorage.clear();
sessionStorage.clear();
document.head.replaceChildren();
document.body.replaceChildren();
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);

// The client loads its validation code (valibot and the schemas) with the first request, as
// a browser does; tests with fake timers would stall that import, so load it up front here.
const { loadValidation } = await import('../../src/core/api/client.ts');
await loadValidation();

// `vi.waitFor` gives up after 1 s by default: on a loaded machine a lazy chunk's first import
// alone can take longer. Waits still end as soon as their check holds; only the deadline moves.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor;
