import { atom } from 'nanostores';
import { shared } from '../shared.ts';

/** The configured values of SPEC §3. */
export const CONFIG = {
  /** Used as the page-title suffix. */
  title: 'Vigil',
  description: 'Manage your projects and systems',
  cache: false,
  /** Where media files (camera frames, incident images) live, relative to the API base. */
  uploadsBase: '/api/v2/media',
  allowedNotificationTags: ['b', 'i', 'span', 'a'],
  /** SPEC §9 */
  toastTimeoutMs: 5000,
  lazyPageTimeoutMs: 10000,
  systemTypeFilter: 'UFO',
} as const;

function pageOrigin(): string {
  return typeof location !== 'undefined' && /^https?:$/.test(location.protocol) ? location.origin : 'http://localhost';
}

/** The API base URL (no trailing slash). All elements of a page talk to one API. */
export const $apiBase = shared('config.apiBase', () => atom<string>(pageOrigin()));

/** Parses an `api-base` attribute value; null when it is not an absolute http(s) URL or a path. */
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

/** Sets the API base from an `api-base` attribute; returns false (and changes nothing) when invalid. */
export function setApiBase(value: string | null | undefined): boolean {
  if (value == null || value === '') return true;
  const normalized = normalizeApiBase(value);
  if (!normalized) return false;
  if ($apiBase.get() !== normalized) $apiBase.set(normalized);
  return true;
}

/** Resolves an API path ("/api/v2/user") or an absolute URL against the API base. */
export function apiUrl(pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return $apiBase.get() + path;
}

/** True when `url` is on the API's origin: the only place the bearer token may go. */
export function isApiOrigin(url: string): boolean {
  try {
    return new URL(url, pageOrigin() + '/').origin === new URL($apiBase.get()).origin;
  } catch {
    return false;
  }
}
