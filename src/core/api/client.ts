/**
 * The one HTTP client (wretch). Every call of the suite goes through `request()` or
 * `requestBlob()` / `requestBlobWithHeaders()`; nothing else calls `fetch`.
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
import type { AnswerName, AnswerOf } from './answer-names.ts';
import type { ApiErrorItem } from './contract.ts';
import { $apiBase, apiUrl, isUnderBase } from '../config/config.ts';
import { whenApiBaseSettled } from '../config/settle.ts';
import { currentToken, tokenFor } from '../session/store.ts';
import { EARLY, type TakeEarly } from './prefetched.ts';
import { shared } from '../shared.ts';
import { $language } from '../i18n/languages.ts';

export const GENERIC_ERROR = 'Something went wrong. Please try again or contact our support';

export type ApiErrorKind = 'http' | 'network' | 'malformed' | 'aborted';

export class ApiError extends Error {
  // `declare`: set by the constructor, so the bundle needs no field declarations as well.
  declare readonly status: number;
  declare readonly errors: ApiErrorItem[];
  declare readonly kind: ApiErrorKind;
  /** Seconds to wait before trying again (`Retry-After` of a 429 or 503), when the server said. */
  declare readonly retryAfter: number | undefined;
  constructor(kind: ApiErrorKind, status: number, errors: ApiErrorItem[], retryAfter?: number) {
    const items = errors.length ? errors : [{ message: GENERIC_ERROR }];
    super(items[0]!.message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.errors = items;
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

/**
 * Adds the bearer to API-origin requests and strips any Authorization header elsewhere;
 * then sends the request, unless the page's loader already did.
 */
const bearerForApiOnly: ConfiguredMiddleware = (next) => (url, opts) => {
  const headers = new Headers(opts.headers as HeadersInit | undefined);
  const token = tokenFor(url);
  const anonymous =
    (opts as Record<string, unknown>)[ANONYMOUS] === true || isPublic(url, new URL(apiUrl('/')).pathname.replace(/\/$/, ''));
  if (token && !anonymous) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  // (fetch ignores the ANONYMOUS mark.) An answer the page's loader asked for early, for this very request (prefetched.ts).
  const init = { ...opts, headers };
  return shared<TakeEarly | undefined>(EARLY, () => undefined)?.(url, init as RequestInit) ?? next(url, init);
};

const base = wretch().addon(QueryStringAddon).middlewares([bearerForApiOnly]);

/**
 * The validation code (valibot and the contract's schemas): loaded with the first request,
 * in parallel with the network, so no page carries it up front. Loaded once; a failed load
 * is tried again by the next request.
 */
type Validation = typeof import('./validate.ts');
let validation: Promise<Validation> | null = null;
/** Once loaded: answers are then validated without waiting a tick. */
let validator: Validation | undefined;
export function loadValidation(): Promise<Validation> {
  validation ??= import('./validate.ts').then(
    (module) => (validator = module),
    (e: unknown) => {
      validation = null;
      throw e;
    },
  );
  return validation;
}

function cleanQuery(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(query)) if (val !== undefined && val !== null) out[k] = String(val);
  return out;
}

async function errorFromResponse(status: number, response: Response | undefined): Promise<ApiError> {
  let errors: ApiErrorItem[] = [];
  try {
    const text = response ? await response.text() : '';
    if (text) {
      const body: unknown = JSON.parse(text);
      errors = (await loadValidation()).parseErrors(body);
    }
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
  // Null: the page's elements name different APIs and nothing decides; nothing goes anywhere.
  if (!$apiBase.get() && !(await settling)) throw new ApiError('network', 0, []);
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
      if (maybe.status === 401 && sentToken && opts.signOutOn401 !== false && isUnderBase(apiUrl(path))) unauthorized.handler?.(sentToken);
      throw await errorFromResponse(maybe.status, maybe.response);
    }
    throw new ApiError('network', 0, []);
  }
}

/**
 * Sends one request and validates the answer against the answer of that name
 * (`Answers.project` of answer-names.ts) or a schema. Throws {@link ApiError} only.
 */
export async function request<K extends AnswerName>(method: Method, path: string, answer: K, opts?: RequestOptions): Promise<AnswerOf<K>>;
export async function request<S extends v.GenericSchema>(
  method: Method,
  path: string,
  schema: S,
  opts?: RequestOptions,
): Promise<v.InferOutput<S>>;
export async function request(
  method: Method,
  path: string,
  answer: AnswerName | v.GenericSchema,
  opts: RequestOptions = {},
): Promise<unknown> {
  const validating = validator ? null : loadValidation();
  validating?.catch(() => {}); // awaited below; a failed load must not go unhandled meanwhile
  const response = await send(method, path, { ...opts, headers: { Accept: 'application/json', ...opts.headers } });
  let body: unknown;
  try {
    const text = response.status === 204 || method === 'HEAD' ? '' : await response.text();
    body = text ? JSON.parse(text) : {};
  } catch (e) {
    if (isAbortError(e)) throw new ApiError('aborted', 0, []);
    throw new ApiError('malformed', response.status, []); // not JSON
  }
  let validate = validator;
  try {
    validate ??= await validating!;
  } catch {
    throw new ApiError('network', 0, []); // the validation code could not be loaded
  }
  try {
    return validate.parseAnswer(answer, body);
  } catch (e) {
    // Not the contract's shape: the user gets the generic error, never a crash.
    if (import.meta.env?.DEV) console.warn(`[vigil] ${method} ${path}: ${(e as Error).message}`);
    throw new ApiError('malformed', response.status, []);
  }
}

/**
 * `value` as the answer of that name when it is one, else undefined (an answer received
 * as one shape that may carry another, like an action's answer carrying the new status).
 */
export async function readAs<K extends AnswerName>(answer: K, value: unknown): Promise<AnswerOf<K> | undefined> {
  try {
    return (validator ?? (await loadValidation())).parseAnswer(answer, value) as AnswerOf<K>;
  } catch {
    return undefined;
  }
}

/**
 * Opens a streaming GET (the live event stream) with the same header and 401 rules as
 * every call; resolves to the answer as soon as its headers arrived, its body still
 * streaming. Throws {@link ApiError} only.
 */
export function openStream(path: string, opts: Omit<RequestOptions, 'body'> = {}): Promise<Response> {
  return send('GET', path, { ...opts, headers: { Accept: 'text/event-stream', ...opts.headers } });
}

/** Fetches binary content (media) with the same header rules. Throws {@link ApiError} only. */
export async function requestBlob(path: string, opts: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
  return (await requestBlobWithHeaders(path, opts)).blob;
}

/** {@link requestBlob} with the answer's headers (a camera frame's `X-Frame-Time`). */
export async function requestBlobWithHeaders(
  path: string,
  opts: Omit<RequestOptions, 'body'> = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send('GET', path, opts);
  try {
    return { blob: await response.blob(), headers: response.headers };
  } catch (e) {
    if (isAbortError(e)) throw new ApiError('aborted', 0, []);
    throw new ApiError('network', 0, []);
  }
}
