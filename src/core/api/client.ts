/**
 * The one HTTP client (wretch). Every call of the suite goes through `request()` or
 * `requestBlob()`; nothing else calls `fetch`.
 *
 * - Base URL from the page's settled API base: every request waits until it is settled
 *   (config/settle.ts), so nothing goes out before the page knows its API.
 * - `Authorization: Bearer <token>` only on requests to the settled API's origin, and only
 *   when that API issued the stored token; never elsewhere, never in a URL. Signed out: no
 *   token, so no header.
 * - `Accept-Language` follows the applied language.
 * - Every failure becomes an {@link ApiError} with an `errors` list; a failure without one
 *   (or a non-JSON / malformed answer, or a dropped network) gets the single generic error
 *   of docs/product.md#errors. Nothing else escapes.
 * - No automatic retries (a safety action must never be sent twice by us).
 */
import wretch, { type ConfiguredMiddleware } from 'wretch';
import QueryStringAddon from 'wretch/addons/queryString';
import type * as v from 'valibot';
import { ApiErrorBody, ContractError, parse, type ApiErrorItem } from './contract.ts';
import { $apiBase, apiUrl, isApiOrigin } from '../config/config.ts';
import { whenApiBaseSettled } from '../config/settle.ts';
import { currentToken, tokenFor } from '../session/store.ts';
import { $language } from '../i18n/languages.ts';
import { shared } from '../shared.ts';

export const GENERIC_ERROR = 'Something went wrong. Please try again or contact our support';

export type ApiErrorKind = 'http' | 'network' | 'malformed' | 'aborted';

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  readonly kind: ApiErrorKind;
  /** Seconds to wait before trying again (`Retry-After` of a 429 or 503), when the server said. */
  readonly retryAfter: number | undefined;
  constructor(kind: ApiErrorKind, status: number, errors: ApiErrorItem[], retryAfter?: number) {
    super(errors[0]?.message ?? GENERIC_ERROR);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.errors = errors.length ? errors : [{ message: GENERIC_ERROR }];
    this.retryAfter = retryAfter;
  }
  /** Field errors keyed by field name (the first message of each field). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.field && !(e.field in out)) out[e.field] = e.message;
    return out;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Called when the server refuses the token (set by the session; no import cycle). */
const unauthorized = shared('api.unauthorized', () => ({ handler: null as ((token: string) => void) | null }));
export function onUnauthorized(handler: (token: string) => void): void {
  unauthorized.handler = handler;
}
export const isUnauthorized = (e: unknown): boolean => isApiError(e) && e.status === 401;
export const isAborted = (e: unknown): boolean => isApiError(e) && e.kind === 'aborted';
/** True for answers meaning "no such resource (for you)" (404 or 403): say so or show /404, never a toast or a retry. */
export const isMissing = (e: unknown): boolean => isApiError(e) && (e.status === 404 || e.status === 403);

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Send no token even when signed in (public calls). */
  anonymous?: boolean;
  /**
   * A 401 on a call that carried the token makes the session re-validate (a 401 there signs
   * out, docs/product.md#session). Set false for the calls whose 401 means something else (accepting the
   * terms: docs/product.md#session).
   */
  signOutOn401?: boolean;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Public endpoints never get the token, whoever is signed in (the public demo live view). */
const PUBLIC_PATH = /^\/api\/public\/v1\/demo-live-views(?:\/|$)/;
const ANONYMOUS = 'vigilAnonymous';

function isPublic(url: string, basePath: string): boolean {
  try {
    const path = new URL(url).pathname;
    return PUBLIC_PATH.test(basePath && path.startsWith(basePath) ? path.slice(basePath.length) : path);
  } catch {
    return false;
  }
}

/** Adds the bearer to API-origin requests and strips any Authorization header elsewhere. */
const bearerForApiOnly: ConfiguredMiddleware = (next) => (url, opts) => {
  const headers = new Headers(opts.headers as HeadersInit | undefined);
  const token = tokenFor(url);
  const anonymous = (opts as Record<string, unknown>)[ANONYMOUS] === true || isPublic(url, new URL(apiUrl('/')).pathname.replace(/\/$/, ''));
  if (token && !anonymous) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  const rest = { ...opts };
  delete (rest as Record<string, unknown>)[ANONYMOUS];
  return next(url, { ...rest, headers });
};

const base = wretch().addon(QueryStringAddon).middlewares([bearerForApiOnly]);

function cleanQuery(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(query)) if (val !== undefined && val !== null) out[k] = String(val);
  return out;
}

async function errorFromResponse(status: number, response: Response | undefined): Promise<ApiError> {
  let errors: ApiErrorItem[] = [];
  try {
    const text = response ? await response.text() : '';
    if (text) errors = parse(ApiErrorBody, JSON.parse(text)).errors;
  } catch {
    errors = [];
  }
  return new ApiError('http', status, errors, retryAfterSeconds(response?.headers.get('Retry-After')));
}

/** `Retry-After` as seconds: a number of seconds, or an HTTP date. */
function retryAfterSeconds(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function isAbortError(e: unknown): boolean {
  return (e instanceof DOMException || e instanceof Error) && e.name === 'AbortError';
}

async function send(method: Method, path: string, opts: RequestOptions): Promise<Response> {
  // Nothing goes out before the page's API is settled; once it is, no extra tick.
  const settling = whenApiBaseSettled();
  if (!$apiBase.get()) await settling;
  // The token this request goes out with: a 401 concerns it, not one signed in meanwhile.
  const sentToken = opts.anonymous ? null : currentToken();
  let w = base.url(apiUrl(path)).headers({ 'Accept-Language': $language.get(), ...opts.headers });
  if (opts.query) w = w.query(cleanQuery(opts.query));
  if (opts.signal) w = w.options({ signal: opts.signal });
  if (opts.anonymous) w = w.options({ [ANONYMOUS]: true });
  if (opts.body !== undefined) w = w.json(opts.body as object);
  try {
    // Resolve to the raw Response: status handling is ours, not wretch's catchers.
    return await w.fetch(method).res();
  } catch (e) {
    if (isAbortError(e)) throw new ApiError('aborted', 0, []);
    const maybe = e as { status?: number; response?: Response };
    if (typeof maybe.status === 'number' && maybe.status > 0) {
      if (maybe.status === 401 && sentToken && opts.signOutOn401 !== false && isApiOrigin(apiUrl(path))) unauthorized.handler?.(sentToken);
      throw await errorFromResponse(maybe.status, maybe.response);
    }
    throw new ApiError('network', 0, []);
  }
}

/**
 * Sends one request and validates the answer against `schema`. Throws {@link ApiError}
 * only.
 */
export async function request<S extends v.GenericSchema>(
  method: Method,
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<v.InferOutput<S>> {
  const response = await send(method, path, { ...opts, headers: { Accept: 'application/json', ...opts.headers } });
  let body: unknown = undefined;
  try {
    const text = response.status === 204 || method === 'HEAD' ? '' : await response.text();
    body = text ? JSON.parse(text) : {};
    return parse(schema, body);
  } catch (e) {
    if (isAbortError(e)) throw new ApiError('aborted', 0, []);
    // Not JSON, or not the contract's shape: the user gets the generic error, never a crash.
    if (e instanceof ContractError && import.meta.env?.DEV) console.warn(`[vigil] ${method} ${path}: ${e.message}`);
    throw new ApiError('malformed', response.status, []);
  }
}

/** Fetches binary content (media) with the same header rules. Throws {@link ApiError} only. */
export async function requestBlob(path: string, opts: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  const response = await send('GET', path, opts);
  try {
    return await response.blob();
  } catch (e) {
    if (isAbortError(e)) throw new ApiError('aborted', 0, []);
    throw new ApiError('network', 0, []);
  }
}
