/**
 * What every route module shares: the app's types, the dependencies handed to routes,
 * the error type that becomes `{ errors: [...] }` in the request's language, body reading
 * and validation, paging and locale negotiation.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { GenericSchema, InferOutput } from 'valibot';
import type { Db } from './db.ts';
import type { EventHub } from './events.ts';
import type { Limiter } from './limiter.ts';
import type { Quotas } from './limits.ts';
import type { FrameRenderer } from './media.ts';
import type { Session } from './sessions.ts';
import {
  errorAnswer,
  negotiate,
  supportedLanguage,
  text,
  translate,
  type ErrorItem,
  type Language,
  type Resource,
  type Text,
} from './messages.ts';
import { validate } from './validation.ts';

export type UserRow = {
  id: number;
  uuid: string;
  email: string;
  username: string;
  name: string;
  locale: string;
  terms_accepted: number;
  /** When the terms were accepted (null while not, or for accounts from before this was kept). */
  terms_accepted_at?: string | null;
  password_hash: string;
  /** Two-step sign-in (mfa.ts): the confirmed TOTP secret (base32) and since when it is on. */
  mfa_secret?: string | null;
  mfa_enabled_at?: string | null;
};

/** `user` and `session`: who the bearer token signs in, and how that token was obtained (sessions.ts). */
export type AppEnv = { Variables: { user: UserRow; session: Session } };
export type App = Hono<AppEnv>;
export type Ctx = Context<AppEnv>;

export type Deps = {
  db: Db;
  frames: FrameRenderer;
  /** Where the portal is reachable, for links printed by the server (reset links). */
  publicUrl: string;
  jwtSecret: Buffer;
  /** Prints a line for the operator (stdout by default). */
  log: (line: string) => void;
  /** Wipes and seeds the database again (the built-in seed or the --seed fixture). */
  reseed: () => void;
  /** Attempt counters of sign-in, forgot-password and reset-password (limits.ts). */
  limiter: Limiter;
  /** Limits that protect everyone: event streams, replays, evacuation actions (limits.ts). */
  quotas: Quotas;
  /** A token unused this long (ms) is expired (sliding, besides its absolute lifetime). */
  tokenIdleMs: number;
  /** Live events: routes publish every change here; GET /api/v2/events streams them (events.ts). */
  events: EventHub;
  /** State the test hooks can read. */
  state: {
    lastResetLink?: { email: string; token: string; url: string };
    lastInviteLink?: { email: string; token: string; url: string; project: string };
  };
};

/** A failure answered as `{ errors }` with an HTTP status; its texts are translated when it is answered. */
export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500;
  readonly items: ErrorItem[];
  constructor(status: ApiError['status'], items: ErrorItem[]) {
    super(items.map((e) => translate(e.text, 'en')).join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.items = items;
  }
}

/** A failure with one text and no field. */
export const failure = (status: ApiError['status'], t: Text, code?: string): ApiError =>
  new ApiError(status, [code ? { text: t, code } : { text: t }]);
export const notFound = (what: Resource = 'resource'): ApiError => failure(404, text(`notFound.${what}`));
export const invalid = (field: string, t: Text): ApiError => new ApiError(422, [{ field, text: t }]);

/**
 * The language of the server's own texts: `?locale=` when we speak it, else the best
 * language of Accept-Language (none we speak: en), else the user's saved locale, else en.
 * fr-BE and nl-BE read fr and nl.
 */
export function responseLanguage(c: Ctx): Language {
  const query = supportedLanguage(c.req.query('locale'));
  if (query) return query;
  const header = c.req.header('Accept-Language');
  if (header?.trim()) return negotiate(header) ?? 'en';
  return supportedLanguage(c.get('user')?.locale) ?? 'en';
}

/** A text in the request's language. */
export function say(c: Ctx, t: Text): string {
  return translate(t, responseLanguage(c));
}

/** The `{ errors }` answer of `items` in the request's language, with Content-Language. */
export function errorResponse(c: Ctx, status: ContentfulStatusCode, items: readonly ErrorItem[]): Response {
  const language = responseLanguage(c);
  c.header('Content-Language', language);
  return c.json(errorAnswer(items, language), status);
}

/** The JSON body, `undefined` when empty; a 400 when it is not JSON. */
export async function readJson(c: Ctx): Promise<unknown> {
  const raw = await c.req.text();
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw failure(400, text('errors.malformed'));
  }
}

/** Reads the body and validates it against a contract schema; 422 with field errors when it does not fit. */
export async function readBody<S extends GenericSchema>(c: Ctx, schema: S): Promise<InferOutput<S>> {
  const body = await readJson(c);
  const result = validate(schema, body ?? {});
  if (!result.ok) throw new ApiError(422, result.errors);
  return result.value;
}

/** `page` (from 1) and `per_page` (default 25, at most 100 unless the route says) from the query. */
export function paging(
  c: Ctx,
  { perPage: defaultPerPage = 25, maxPerPage = 100 }: { perPage?: number; maxPerPage?: number } = {},
): { page: number; perPage: number; offset: number } {
  const read = (name: string, fallback: number, max: number): number => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw invalid(name, text('query.positiveWhole', { name }));
    return Math.min(Number(raw), max);
  };
  const perPage = read('per_page', defaultPerPage, maxPerPage);
  // Far past the end is simply an empty page (and keeps OFFSET an integer SQLite accepts).
  const page = read('page', 1, 10_000_000);
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * The language of localized texts: `?locale=`, else the first Accept-Language tag, else
 * the user's saved locale, else en. Region tags (fr-BE, nl-BE) keep their region here;
 * {@link localized} falls back to the base language.
 */
export function requestLocale(c: Ctx, user?: UserRow): string {
  const query = c.req.query('locale');
  if (query) return query;
  const header = c.req.header('Accept-Language')?.split(',')[0]?.split(';')[0]?.trim();
  if (header && header !== '*') return header;
  return user?.locale ?? 'en';
}

/**
 * Picks a translation from a stored `{ "en": …, "de": … }` JSON text: exact, base language,
 * en, any. A text stored as it is (not such JSON, e.g. written by an older version) is
 * answered as it is.
 */
export function localized(json: string, locale: string): string {
  let texts: unknown;
  try {
    texts = JSON.parse(json);
  } catch {
    return json;
  }
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return json;
  const t = texts as Record<string, string>;
  const base = locale.split('-')[0]!.toLowerCase();
  return t[locale] ?? t[base] ?? t.en ?? Object.values(t)[0] ?? '';
}

/** `Cache-Control: no-store` JSON answers: API data is per user and changes. */
export function noStore(c: Ctx): void {
  c.header('Cache-Control', 'no-store');
}
