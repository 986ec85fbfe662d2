/**
 * Attempt limits for sign-in, forgot-password and reset-password: per account (the e-mail)
 * and per client address, in fixed windows. Counters live in memory (a restart or
 * `/__test/reset` clears them). Over the limit the call is a 429 with `Retry-After`.
 */
import type { Ctx } from './http.ts';
import { ApiError } from './http.ts';
import { text } from './messages.ts';

export type LimitOptions = {
  /** The window in milliseconds (default 15 minutes). */
  windowMs: number;
  /** Failed attempts per account (e-mail) in a window (default 5). */
  perAccount: number;
  /** Failed attempts per client address in a window (default 20). */
  perAddress: number;
};

export const DEFAULT_LIMITS: LimitOptions = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 20 };

/** The limits from VIGIL_LIMIT_WINDOW_SECONDS, VIGIL_LIMIT_PER_ACCOUNT, VIGIL_LIMIT_PER_ADDRESS. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): LimitOptions {
  const read = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not ${raw}`);
    return n;
  };
  return {
    windowMs: read('VIGIL_LIMIT_WINDOW_SECONDS', DEFAULT_LIMITS.windowMs / 1000) * 1000,
    perAccount: read('VIGIL_LIMIT_PER_ACCOUNT', DEFAULT_LIMITS.perAccount),
    perAddress: read('VIGIL_LIMIT_PER_ADDRESS', DEFAULT_LIMITS.perAddress),
  };
}

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

/** A 429 with the wait in the message; the route sets `Retry-After`. */
export class TooManyAttempts extends ApiError {
  readonly retryAfter: number;
  constructor(seconds: number) {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    super(429, [{ text: minutes === 1 ? text('errors.tooManyAttemptsOne') : text('errors.tooManyAttemptsOther', { minutes }) }]);
    this.retryAfter = seconds;
  }
}

/** The client's address: the socket's peer (never a forwarded header, which anyone can set). */
export function clientAddress(c: Ctx): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * One guarded action (`login`, `forgot`, `reset`): `check` throws a 429 when the account
 * or the address is over its limit; `fail` counts a failed (or, for forgot-password, any)
 * attempt; `succeed` clears the account's counter.
 */
export function guard(limiter: Limiter, action: string, c: Ctx, email: string | undefined) {
  const account = email ? `${action}:account:${email.trim().toLowerCase()}` : undefined;
  const address = `${action}:address:${clientAddress(c)}`;
  return {
    check(): void {
      const wait = Math.max(
        account ? limiter.waitFor(account, limiter.options.perAccount) : 0,
        limiter.waitFor(address, limiter.options.perAddress),
      );
      if (wait) throw new TooManyAttempts(wait);
    },
    fail(): void {
      if (account) limiter.hit(account);
      limiter.hit(address);
    },
    succeed(): void {
      if (account) limiter.clear(account);
    },
  };
}
