import { vi } from 'vitest';

/**
 * Vitest (happy-dom) setup. happy-dom's localStorage throws on `delete storage[key]` for
 * a missing key, where browsers return true (and @nanostores/persistent deletes keys to
 * store "nothing"); wrap it so unit tests behave like a browser.
 */
const original = window.localStorage;
const tolerant = new Proxy(original, {
  deleteProperty(target, key) {
    if (typeof key === 'string' && target.getItem(key) !== null) target.removeItem(key);
    return true;
  },
  get(target, key) {
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

// The client loads its validation code (valibot and the schemas) with the first request, as
// a browser does; tests with fake timers would stall that import, so load it up front here.
const { loadValidation } = await import('../../src/core/api/client.ts');
await loadValidation();

// `vi.waitFor` gives up after 1 s by default: on a loaded machine a lazy chunk's first import
// alone can take longer. Waits still end as soon as their check holds; only the deadline moves.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor;
