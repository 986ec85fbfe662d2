/**
 * Attempt limits for sign-in, forgot-password and reset-password: per account (the e-mail)
 * and per client address, in fixed windows. Counters live in memory (a restart or
 * `/__test/reset` clears them). Over the limit the call is a 429 with `Retry-After`.
 */
import type { Ctx } from './http.ts';
import { ApiError } from './http.ts';
import type { Limiter, LimitOptions } from './limiter.ts';
import { text } from './messages.ts';

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
