/**
 * Attempt counters per key in fixed windows and the shape of their limits; limits.ts puts
 * them to work on sign-in, forgot-password and reset-password. Below the HTTP layer:
 * `http.ts` names the limiter among the dependencies every route gets, and limits.ts
 * answers with http.ts's errors, so imports only go one way.
 */

export type LimitOptions = {
  /** The window in milliseconds (default 15 minutes). */
  windowMs: number;
  /** Failed attempts per account (e-mail) in a window (default 5). */
  perAccount: number;
  /** Failed attempts per client address in a window (default 20). */
  perAddress: number;
};

type Counter = { count: number; resetAt: number };

/** Counts attempts per key in fixed windows. */
export class Limiter {
  readonly #counters = new Map<string, Counter>();
  readonly options: LimitOptions;
  constructor(options: LimitOptions) {
    this.options = options;
  }

  #live(key: string, now: number): Counter | undefined {
    const counter = this.#counters.get(key);
    if (counter && counter.resetAt <= now) {
      this.#counters.delete(key);
      return undefined;
    }
    return counter;
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  waitFor(key: string, max: number, now = Date.now()): number {
    const counter = this.#live(key, now);
    return counter && counter.count >= max ? Math.max(1, Math.ceil((counter.resetAt - now) / 1000)) : 0;
  }

  hit(key: string, now = Date.now()): void {
    const counter = this.#live(key, now);
    if (counter) counter.count++;
    else this.#counters.set(key, { count: 1, resetAt: now + this.options.windowMs });
    // Keep memory bounded: forget finished windows now and then.
    if (this.#counters.size > 10_000) for (const k of [...this.#counters.keys()]) this.#live(k, now);
  }

  clear(key: string): void {
    this.#counters.delete(key);
  }

  clearAll(): void {
    this.#counters.clear();
  }
}
