/**
 * Assertions for browser tests: chai's `expect` (mocha has none, and node:assert does not
 * exist in the page), plus `waitFor(fn)` that retries until `fn` stops throwing (or
 * returns something other than false), and `rejectionOf(promise)` for what a promise was
 * rejected with.
 *
 *   expect(value).to.equal(x) / .to.deep.equal(x) / .to.be.null / .to.include(item)
 *   .to.have.lengthOf(n) / .to.match(regex) / .to.be.above(n) / .to.throw(Class | RegExp)
 */
import { AssertionError, expect } from 'chai';

export { AssertionError, expect };

/** Resolves with what `promise` was rejected with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new AssertionError('expected the promise to be rejected, but it resolved');
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
        throw new AssertionError(`${message} (after ${timeout} ms): ${lastError instanceof Error ? lastError.message : String(lastError)}`);
      }
      throw lastError;
    }
    // eslint-disable-next-line no-restricted-syntax -- the polling interval of waitFor itself, the condition-based wait
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Resolves after `n` rendering frames, by which time the tasks queued before (events the
 * browser dispatches for a key press, React's commits) have run. For checks that something
 * did not happen in reaction to an input.
 */
export async function nextFrames(n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}
