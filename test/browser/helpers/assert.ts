/**
 * A small `expect` for browser tests (mocha has no assertions, and node:assert does not
 * exist in the page). Its vocabulary is a subset of Vitest's, so unit-test habits carry
 * over:
 *
 *   expect(value).toBe(x) / .toEqual(x) / .toBeTruthy() / .toBeFalsy() / .toBeNull()
 *   .toBeUndefined() / .toBeDefined() / .toContain(item|substring) / .toMatch(regex|string)
 *   .toHaveLength(n) / .toBeInstanceOf(Class) / .toBeGreaterThan(n) / .toBeLessThan(n)
 *   .toThrow(Class | RegExp | string)   (on a function)
 *   .not.<any of the above>
 *   await expect(promise).rejects.toThrow(…) / await expect(promise).resolves.toEqual(…)
 *
 * plus `waitFor(fn)` that retries until `fn` stops throwing (or returns truthy), and
 * `fail(message)`.
 */

export class AssertionError extends Error {
  override name = 'AssertionError';
}

export function fail(message: string): never {
  throw new AssertionError(message);
}

/** A readable one-line rendering of a value for failure messages. */
export function format(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof Node !== 'undefined' && value instanceof Node) {
    return value instanceof Element ? `<${value.localName}>` : `[${value.nodeName}]`;
  }
  if (value instanceof Map) return `Map(${format([...value])})`;
  if (value instanceof Set) return `Set(${format([...value])})`;
  try {
    const seen = new WeakSet<object>();
    const json = JSON.stringify(value, (_k, v: unknown) => {
      if (v === undefined) return '<undefined>';
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[Circular]';
        seen.add(v);
      }
      return v;
    });
    if (json === undefined) return String(value);
    return json.length > 500 ? `${json.slice(0, 500)}…` : json;
  } catch {
    return String(value);
  }
}

/** Structural equality: primitives (Object.is), arrays, plain objects, Dates, Maps, Sets, RegExps. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map) {
    const m = b as Map<unknown, unknown>;
    return a.size === m.size && [...a].every(([k, v]) => m.has(k) && deepEqual(v, m.get(k)));
  }
  if (a instanceof Set) {
    const s = b as Set<unknown>;
    return a.size === s.size && [...a].every((v) => s.has(v));
  }
  if (Array.isArray(a)) {
    const arr = b as unknown[];
    return a.length === arr.length && a.every((v, i) => deepEqual(v, arr[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

type ErrorMatcher = (abstract new (...args: never[]) => unknown) | RegExp | string;

function errorMatches(error: unknown, expected: ErrorMatcher | undefined): boolean {
  if (expected === undefined) return true;
  if (typeof expected === 'function') return error instanceof expected;
  const message = error instanceof Error ? error.message : String(error);
  return typeof expected === 'string' ? message.includes(expected) : expected.test(message);
}

function describeMatcher(expected: ErrorMatcher | undefined): string {
  if (expected === undefined) return 'an error';
  if (typeof expected === 'function') return `an instance of ${expected.name}`;
  return `an error matching ${typeof expected === 'string' ? format(expected) : String(expected)}`;
}

export interface Matchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toBeTruthy(): void;
  toBeFalsy(): void;
  toBeNull(): void;
  toBeUndefined(): void;
  toBeDefined(): void;
  toContain(item: unknown): void;
  toMatch(pattern: RegExp | string): void;
  toHaveLength(length: number): void;
  toBeInstanceOf(ctor: abstract new (...args: never[]) => unknown): void;
  toBeGreaterThan(n: number): void;
  toBeLessThan(n: number): void;
  /** `actual` must be a function; it is called. */
  toThrow(expected?: ErrorMatcher): void;
}

export interface AsyncMatchers {
  toBe(expected: unknown): Promise<void>;
  toEqual(expected: unknown): Promise<void>;
  toThrow(expected?: ErrorMatcher): Promise<void>;
  toBeInstanceOf(ctor: abstract new (...args: never[]) => unknown): Promise<void>;
}

export interface Expectation extends Matchers {
  not: Matchers;
  /** `actual` must be a promise that rejects; the matcher applies to the rejection. */
  rejects: AsyncMatchers;
  /** `actual` must be a promise that resolves; the matcher applies to the value. */
  resolves: AsyncMatchers;
}

function matchers(actual: unknown, negate: boolean): Matchers {
  const check = (pass: boolean, message: string) => {
    if (pass === negate) fail(`expected ${format(actual)} ${negate ? 'not ' : ''}${message}`);
  };
  return {
    toBe: (expected) => check(Object.is(actual, expected), `to be ${format(expected)}`),
    toEqual: (expected) => check(deepEqual(actual, expected), `to equal ${format(expected)}`),
    toBeTruthy: () => check(Boolean(actual), 'to be truthy'),
    toBeFalsy: () => check(!actual, 'to be falsy'),
    toBeNull: () => check(actual === null, 'to be null'),
    toBeUndefined: () => check(actual === undefined, 'to be undefined'),
    toBeDefined: () => check(actual !== undefined, 'to be defined'),
    toContain: (item) => {
      if (typeof actual === 'string') return check(actual.includes(String(item)), `to contain ${format(item)}`);
      if (actual != null && typeof (actual as Iterable<unknown>)[Symbol.iterator] === 'function') {
        return check([...(actual as Iterable<unknown>)].some((v) => Object.is(v, item) || deepEqual(v, item)), `to contain ${format(item)}`);
      }
      fail(`toContain needs a string or an iterable, got ${format(actual)}`);
    },
    toMatch: (pattern) => {
      if (typeof actual !== 'string') fail(`toMatch needs a string, got ${format(actual)}`);
      check(typeof pattern === 'string' ? actual.includes(pattern) : pattern.test(actual), `to match ${String(pattern)}`);
    },
    toHaveLength: (length) => {
      const got = (actual as { length?: unknown } | null | undefined)?.length;
      check(got === length, `to have length ${length} (it has ${format(got)})`);
    },
    toBeInstanceOf: (ctor) => check(actual instanceof ctor, `to be an instance of ${ctor.name}`),
    toBeGreaterThan: (n) => check(typeof actual === 'number' && actual > n, `to be greater than ${n}`),
    toBeLessThan: (n) => check(typeof actual === 'number' && actual < n, `to be less than ${n}`),
    toThrow: (expected) => {
      if (typeof actual !== 'function') fail(`toThrow needs a function, got ${format(actual)}`);
      let threw = false;
      let error: unknown;
      try {
        (actual as () => unknown)();
      } catch (e) {
        threw = true;
        error = e;
      }
      if (negate) {
        if (threw && errorMatches(error, expected)) fail(`expected no ${describeMatcher(expected)}, but it threw ${format(error)}`);
        return;
      }
      if (!threw) fail(`expected the function to throw ${describeMatcher(expected)}, but it did not throw`);
      if (!errorMatches(error, expected)) fail(`expected the function to throw ${describeMatcher(expected)}, but it threw ${format(error)}`);
    },
  };
}

function settled(actual: unknown, mode: 'rejects' | 'resolves'): AsyncMatchers {
  const outcome = async (): Promise<unknown> => {
    if (!actual || typeof (actual as PromiseLike<unknown>).then !== 'function') fail(`.${mode} needs a promise, got ${format(actual)}`);
    let rejected = false;
    let result: unknown;
    try {
      result = await actual;
    } catch (error) {
      rejected = true;
      result = error;
    }
    if (mode === 'rejects' && !rejected) fail(`expected the promise to reject, but it resolved with ${format(result)}`);
    if (mode === 'resolves' && rejected) fail(`expected the promise to resolve, but it rejected with ${format(result)}`);
    return result;
  };
  return {
    toBe: async (expected) => matchers(await outcome(), false).toBe(expected),
    toEqual: async (expected) => matchers(await outcome(), false).toEqual(expected),
    toBeInstanceOf: async (ctor) => matchers(await outcome(), false).toBeInstanceOf(ctor),
    toThrow: async (expected) => {
      const error = await outcome();
      if (!errorMatches(error, expected)) fail(`expected a rejection with ${describeMatcher(expected)}, got ${format(error)}`);
    },
  };
}

export function expect(actual: unknown): Expectation {
  return Object.assign(matchers(actual, false), {
    not: matchers(actual, true),
    rejects: settled(actual, 'rejects'),
    resolves: settled(actual, 'resolves'),
  });
}

/**
 * Calls `fn` until it returns without throwing (and, if it returns a boolean, returns
 * true), every `interval` ms for up to `timeout` ms; then rethrows the last failure.
 * Returns what `fn` returned. Use it to wait for React renders, element upgrades, fetches.
 */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  { timeout = 2_000, interval = 20, message }: { timeout?: number; interval?: number; message?: string } = {},
): Promise<T> {
  const deadline = performance.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value !== false) return value;
      lastError = new AssertionError(message ?? 'waitFor: the condition stayed false');
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline) {
      if (message && !(lastError instanceof Error && lastError.message === message)) {
        throw new AssertionError(`${message} (after ${timeout} ms): ${lastError instanceof Error ? lastError.message : format(lastError)}`);
      }
      throw lastError;
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
