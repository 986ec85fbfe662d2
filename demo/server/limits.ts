/**
 * Attempt limits for sign-in, forgot-password and reset-password (the rules are in
 * docs/security.md). Failures count per account *and client* — the client being the
 * socket's address, or a device the account signed in from before — and per address
 * across accounts; past a few free failures each attempt waits 1 s, 2 s, 4 s … (capped).
 * So a stranger's failures slow down only the stranger: the owner signs in from
 * another address, or from a remembered device even behind the stranger's address.
 *
 * Counters live in memory (a restart or `/__test/reset` clears them). Over the limit the
 * call is a 429 with `Retry-After` (seconds).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import type { Ctx, Deps } from './http.ts';
import { ApiError } from './http.ts';
import type { Limiter, LimitOptions } from './limiter.ts';
import { text } from './messages.ts';

export const DEFAULT_LIMITS: LimitOptions = { windowMs: 15 * 60 * 1000, perAccount: 3, perAddress: 20, maxDelayMs: 5 * 60 * 1000 };

/** The limits from VIGIL_LIMIT_WINDOW_SECONDS, VIGIL_LIMIT_PER_ACCOUNT, VIGIL_LIMIT_PER_ADDRESS, VIGIL_LIMIT_MAX_DELAY_SECONDS. */
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
    maxDelayMs: read('VIGIL_LIMIT_MAX_DELAY_SECONDS', DEFAULT_LIMITS.maxDelayMs / 1000) * 1000,
  };
}

/** A 429 with the wait in the message (seconds under a minute, else minutes); the app sets `Retry-After`. */
export class TooManyAttempts extends ApiError {
  readonly retryAfter: number;
  constructor(seconds: number) {
    const minutes = Math.ceil(seconds / 60);
    const t =
      seconds === 1
        ? text('errors.tooManyAttemptsOneSecond')
        : seconds < 60
          ? text('errors.tooManyAttemptsSeconds', { seconds })
          : minutes === 1
            ? text('errors.tooManyAttemptsOne')
            : text('errors.tooManyAttemptsOther', { minutes });
    super(429, [{ text: t }]);
    this.retryAfter = seconds;
  }
}

/** The client's address: the socket's peer (never a forwarded header, which anyone can set). */
export function clientAddress(c: Ctx): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * The remembered device: after a successful sign-in the server sets an HttpOnly cookie
 * `vigil_device` = `<account uuid>.<issued, epoch seconds>.<HMAC>` (SameSite=Strict, only
 * sent to the sign-in call, 30 days). A sign-in carrying a valid one for the account
 * counts its failures per device instead of per address, and skips the address cap.
 * It proves only "this browser signed in to this account before"; it signs nobody in.
 */
export const DEVICE_COOKIE = 'vigil_device';
const DEVICE_TTL_S = 30 * 24 * 3600;
const DEVICE_PATH = '/api/v2/user/login';

const deviceMac = (secret: Buffer, body: string): string => createHmac('sha256', secret).update(`device:${body}`).digest('base64url');

/** Sets the device cookie for `accountUuid` on the answer. */
export function rememberDevice(c: Ctx, deps: Pick<Deps, 'jwtSecret' | 'publicUrl'>, accountUuid: string): void {
  const body = `${accountUuid}.${Math.floor(Date.now() / 1000)}`;
  setCookie(c, DEVICE_COOKIE, `${body}.${deviceMac(deps.jwtSecret, body)}`, {
    path: DEVICE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: deps.publicUrl.startsWith('https:'),
    maxAge: DEVICE_TTL_S,
  });
}

/** The request's device id (its MAC) when it carries a valid, unexpired cookie for `accountUuid`. */
export function rememberedDevice(c: Ctx, secret: Buffer, accountUuid: string | undefined): string | undefined {
  const value = getCookie(c, DEVICE_COOKIE);
  const parts = value?.split('.');
  if (!accountUuid || parts?.length !== 3) return undefined;
  const [uuid, issued, mac] = parts as [string, string, string];
  if (uuid !== accountUuid || !/^\d+$/.test(issued) || Number(issued) + DEVICE_TTL_S < Date.now() / 1000) return undefined;
  const expected = Buffer.from(deviceMac(secret, `${uuid}.${issued}`));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? mac : undefined;
}

/**
 * One guarded action (`login`, `mfa`, `reauth`, `forgot`, `reset` …) for one account.
 * `attempt` counts the attempt before it is judged (a 429 instead while this client must
 * wait), so requests sent in parallel see the same limits as requests sent one by one;
 * `succeed` clears this client's count for the account and gives the attempt back to the
 * address. A failure needs nothing more: it was counted when it began. The client is
 * `device` (a remembered device's id) when given — then the address cap does not apply —
 * else the socket's address.
 */
export function guard(limiter: Limiter, action: string, c: Ctx, email: string | undefined, device?: string) {
  const address = clientAddress(c);
  const account = email?.trim().toLowerCase();
  const client = device ? `device:${device}` : `address:${address}`;
  const pair = account === undefined ? undefined : `${action}:${client}:account:${account}`;
  const addressKey = device ? undefined : `${action}:address:${address}`;
  const keys = [
    ...(pair ? [{ key: pair, free: limiter.options.perAccount }] : []),
    ...(addressKey ? [{ key: addressKey, free: limiter.options.perAddress }] : []),
  ];
  let counted = false;
  return {
    /** Counts this attempt now, or throws a 429 (nothing counted) while this client must wait. */
    attempt(): void {
      const wait = limiter.reserve(keys);
      if (wait) throw new TooManyAttempts(wait);
      counted = true;
    },
    /** The attempt was right: this client's failures for the account are forgotten, the address gets its attempt back. */
    succeed(): void {
      if (pair) limiter.clear(pair);
      if (addressKey && counted) limiter.release(addressKey);
      counted = false;
    },
  };
}

/*
 * Limits that protect everyone (docs/security.md "Limits that protect everyone"): how many
 * event streams a session, a user and an address may hold, how much and how often a stream
 * may replay, how many evacuation actions a person may take per minute, and how many
 * upcoming schedule exceptions a site may hold. Every figure is here; the routes only
 * compare against them. Counters live in memory, as the sign-in counters above.
 */

export type ShareLimits = {
  /** Event streams open at once per session (token). */
  streamsPerSession: number;
  /** Event streams open at once per user, over all their sessions. */
  streamsPerUser: number;
  /** Event streams open at once per client address, whoever signed in. */
  streamsPerAddress: number;
  /** The most events one replay sends; a stream that missed more gets `reset` (refetch). */
  replayMaxEvents: number;
  /** Replays (`Last-Event-ID` or `?since=`) one session may ask for per minute. */
  replaysPerSessionPerMinute: number;
  /** Replays whose events the server is still writing, over every stream. */
  replaysInFlight: number;
  /** Evacuation starts and aborts per user per minute (an Idempotency-Key replay is free). */
  evacuationActionsPerUserPerMinute: number;
  /** Invitations one member may be sent again per hour (the first one is free). */
  invitationResendsPerMemberPerHour: number;
};

export const DEFAULT_SHARE_LIMITS: ShareLimits = {
  streamsPerSession: 10,
  streamsPerUser: 30,
  streamsPerAddress: 100,
  replayMaxEvents: 1000,
  replaysPerSessionPerMinute: 30,
  replaysInFlight: 20,
  evacuationActionsPerUserPerMinute: 20,
  invitationResendsPerMemberPerHour: 3,
};

/** How long (s) a client refused a stream is asked to wait: a slot frees when another stream ends. */
export const STREAM_RETRY_AFTER_S = 10;

/** The most upcoming exceptions (yearly ones, and one-off ones not over yet) one site may hold. */
export const UPCOMING_EXCEPTIONS_PER_SITE = 200;
/** Exception dates lie within these years (both included). */
export const EXCEPTION_YEARS = { first: 2000, last: 2100 } as const;

/** At most `max` actions per key in any `windowMs`: a sliding window of the actions' times. */
export class RateWindow {
  readonly #hits = new Map<string, number[]>();
  readonly max: number;
  readonly windowMs: number;
  constructor(max: number, windowMs = 60_000) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Counts an action of `key` and returns 0, or returns the seconds until it may act (not counted). */
  take(key: string, now = Date.now()): number {
    const hits = (this.#hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (hits.length >= this.max) {
      this.#hits.set(key, hits);
      return Math.max(1, Math.ceil((hits[0]! + this.windowMs - now) / 1000));
    }
    hits.push(now);
    this.#hits.set(key, hits);
    // Keep memory bounded: forget keys whose actions are all past the window now and then.
    if (this.#hits.size > 10_000) for (const [k, times] of this.#hits) if (times.at(-1)! <= now - this.windowMs) this.#hits.delete(k);
    return 0;
  }

  clear(): void {
    this.#hits.clear();
  }
}

/** The limits and their counters, one set per app (Deps.quotas). */
export class Quotas {
  readonly limits: ShareLimits;
  readonly evacuations: RateWindow;
  readonly replays: RateWindow;
  readonly invitations: RateWindow;
  constructor(limits: Partial<ShareLimits> = {}) {
    this.limits = { ...DEFAULT_SHARE_LIMITS, ...limits };
    this.evacuations = new RateWindow(this.limits.evacuationActionsPerUserPerMinute);
    this.replays = new RateWindow(this.limits.replaysPerSessionPerMinute);
    this.invitations = new RateWindow(this.limits.invitationResendsPerMemberPerHour, 3600_000);
  }

  /** 429 with Retry-After when `key` used up its window, else counts the action. */
  static take(window: RateWindow, key: string): void {
    const wait = window.take(key);
    if (wait) throw new TooManyAttempts(wait);
  }

  clearAll(): void {
    this.evacuations.clear();
    this.replays.clear();
    this.invitations.clear();
  }
}
