/**
 * Failure counters per key with progressive delays; limits.ts puts them to work on
 * sign-in, forgot-password and reset-password. Below the HTTP layer: `http.ts` names the
 * limiter among the dependencies every route gets, and limits.ts answers with http.ts's
 * errors, so imports only go one way.
 *
 * A key's first `free` failures cost nothing; after that each further attempt waits
 * 1 s, 2 s, 4 s … (doubling per failure, at most `maxDelayMs`) counted from the latest
 * failure. A key without a failure for `windowMs` starts over. Nothing ever locks for a
 * fixed quarter of an hour, and a key only ever slows down whoever shares it.
 *
 * An attempt counts *before* it is judged: {@link Limiter.reserve} checks every key and
 * counts the attempt against all of them in one synchronous step, before the caller
 * awaits a password hash. A success then gives its slot back ({@link Limiter.release}) or
 * clears the key. So parallel requests meet exactly the limits sequential ones do: the
 * fourth of thirty simultaneous guesses already sees three failures.
 */

export type LimitOptions = {
  /** A key without a new failure this long (ms) is forgotten (default 15 minutes). */
  windowMs: number;
  /** Failures without delay per account and client (an address or a remembered device; default 3). */
  perAccount: number;
  /** Failures without delay per client address, whatever the accounts (default 20). */
  perAddress: number;
  /** The longest delay (ms) the doubling reaches (default 5 minutes). */
  maxDelayMs: number;
};

type Record = { failures: number; lastAt: number };

/** The first delay after the free failures; each further failure doubles it. */
const FIRST_DELAY_MS = 1000;

/** Counts failures per key and says how long the key must wait. */
export class Limiter {
  readonly #records = new Map<string, Record>();
  readonly options: LimitOptions;
  constructor(options: LimitOptions) {
    this.options = options;
  }

  #live(key: string, now: number): Record | undefined {
    const record = this.#records.get(key);
    if (record && record.lastAt + Math.max(this.options.windowMs, this.options.maxDelayMs) <= now) {
      this.#records.delete(key);
      return undefined;
    }
    return record;
  }

  /** The delay (ms) after `failures` failures of which `free` cost nothing. */
  delayAfter(failures: number, free: number): number {
    if (failures < free) return 0;
    // 2 ** 40 is far past any cap; the exponent is bounded so the number stays finite.
    return Math.min(this.options.maxDelayMs, FIRST_DELAY_MS * 2 ** Math.min(failures - free, 40));
  }

  /** Seconds until `key` may try again (at least 1 when it must wait), or 0 when it may now. */
  waitFor(key: string, free: number, now = Date.now()): number {
    const record = this.#live(key, now);
    if (!record) return 0;
    const until = record.lastAt + this.delayAfter(record.failures, free);
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  }

  hit(key: string, now = Date.now()): void {
    const record = this.#live(key, now);
    if (record) {
      record.failures++;
      record.lastAt = now;
    } else this.#records.set(key, { failures: 1, lastAt: now });
    // Keep memory bounded: forget finished keys now and then.
    if (this.#records.size > 10_000) for (const k of [...this.#records.keys()]) this.#live(k, now);
  }

  /**
   * Counts one attempt against every key at once, unless one of them must wait: then
   * nothing is counted and the answer is the wait in seconds (0: counted, go ahead).
   * Synchronous, so no other request can slip in between the check and the count.
   */
  reserve(keys: readonly { key: string; free: number }[], now = Date.now()): number {
    const wait = Math.max(0, ...keys.map(({ key, free }) => this.waitFor(key, free, now)));
    if (wait) return wait;
    for (const { key } of keys) this.hit(key, now);
    return 0;
  }

  /** Gives back one attempt counted by {@link reserve} (it succeeded); the key is forgotten at zero. */
  release(key: string, now = Date.now()): void {
    const record = this.#live(key, now);
    if (!record) return;
    if (record.failures <= 1) this.#records.delete(key);
    else record.failures--;
  }

  clear(key: string): void {
    this.#records.delete(key);
  }

  clearAll(): void {
    this.#records.clear();
  }
}
