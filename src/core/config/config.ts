import { atom } from 'nanostores';
import { shared } from '../shared.ts';

/** The configured values of docs/product.md#constants-and-limits. */
export const CONFIG = {
  /** Used as the page-title suffix. */
  title: 'Vigil',
  allowedNotificationTags: ['b', 'i', 'span', 'a'],
  /** docs/product.md#constants-and-limits */
  toastTimeoutMs: 5000,
  lazyPageTimeoutMs: 10000,
  systemTypeFilter: 'UFO',
} as const;

/** The page's own origin (http://localhost where there is no http(s) page). */
export function pageOrigin(): string {
  return typeof location !== 'undefined' && /^https?:$/.test(location.protocol) ? location.origin : 'http://localhost';
}

/**
 * The page's API base URL (no trailing slash), or null while it is not settled yet. All
 * elements of a page talk to one API; the base is settled once, before the session's first
 * request (see `settle.ts` and README "For integrators"), and never moves afterwards. The
 * empty string settles on no API: the page's elements name different APIs and neither
 * `configure()` nor `<meta name="vigil-api-base">` decides; every element then shows the
 * conflict and nothing is sent.
 */
export const $apiBase = shared('config.apiBase', () => atom<string | null>(null));

/** Parses an `api-base` value; null when it is not an absolute http(s) URL or a path. */
export function normalizeApiBase(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, pageOrigin() + '/');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.search || url.hash || url.username || url.password) return null;
    return (url.origin + url.pathname).replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * Resolves an API path ("/api/v2/user") or an absolute URL against the API base. Call it
 * once the base is settled (the client waits for that); before, paths resolve against the
 * page, which no request ever uses.
 */
export function apiUrl(pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return ($apiBase.get() || pageOrigin()) + path;
}

/**
 * True when `url` lies under the API base `base` (null: none settled): the same origin
 * and, when the base has a path (`https://intranet.example/vigil`), that path or below it
 * (`/vigil/api/…`, not `/vigil-other/…` nor `/api/…`). The only place the token may go.
 */
export function isUnderBase(url: string, base = $apiBase.get()): boolean {
  try {
    // `base` is normalized (origin and path, no trailing slash), like the resolved URL; no
    // absolute URL starts with "null/" or "/" (no base, or none settled on).
    return `${new URL(url, pageOrigin() + '/').href}/`.startsWith(`${String(base)}/`);
  } catch {
    return false;
  }
}
