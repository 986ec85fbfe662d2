import { persistentAtom } from '@nanostores/persistent';
import type { CurrentUser } from '../api/contract.ts';
import { $apiBase, isUnderBase } from '../config/config.ts';
import { shared } from '../shared.ts';

/** localStorage key of the signed-in user (docs/product.md#constants-and-limits). */
export const USER_STORAGE_KEY = 'auth.currentUser';
/** localStorage key of the unread-notifications count (docs/product.md#constants-and-limits). */
export const UNREAD_STORAGE_KEY = 'notifications.unreadCount';

/**
 * Whether a stored value is a signed-in user: the contract's `User` with a token and
 * maybe the issuing API's base and origin (an `api_base` that is not a string binds the
 * token to nothing). Checked by hand, not with the contract's schema, so the session
 * needs no valibot up front; store.test.ts holds it to that schema.
 */
export function isStoredUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  const text = (k: string) => typeof u[k] === 'string';
  return (
    !!u.uuid &&
    text('uuid') &&
    text('username') &&
    text('name') &&
    text('email') &&
    text('locale') &&
    typeof u.terms_accepted_web_portal === 'boolean' &&
    !!u.token &&
    text('token') &&
    (u.api_origin === undefined || text('api_origin')) &&
    (u.mfa_enabled === undefined || typeof u.mfa_enabled === 'boolean') &&
    (u.mfa_enabled_at == null || text('mfa_enabled_at')) &&
    (u.terms_accepted_at == null || text('terms_accepted_at'))
  );
}

function decodeUser(raw: string): CurrentUser | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? { ...parsed } : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user with their token, or null. Persisted in localStorage under
 * `auth.currentUser` and kept in step with other tabs (storage events). A corrupt stored
 * value reads as signed out.
 */
export const $currentUser = shared('session.currentUser', () =>
  persistentAtom<CurrentUser | null>(USER_STORAGE_KEY, null, {
    // undefined makes @nanostores/persistent remove the key: signed out = no stored user.
    encode: (value) => (value ? JSON.stringify(value) : (undefined as unknown as string)),
    decode: decodeUser,
    listen: true,
  }),
);

/** Unread notifications count, persisted and shared across tabs. */
export const $unreadCount = shared('session.unreadCount', () =>
  persistentAtom<number>(UNREAD_STORAGE_KEY, 0, {
    encode: (value) => String(value),
    decode: (raw) => {
      const n = Number.parseInt(raw, 10);
      return Number.isFinite(n) && n >= 0 ? n : 0;
    },
    listen: true,
  }),
);

/**
 * The API base a stored sign-in is bound to: the full base it signed in against
 * (`api_base`, origin and path). A sign-in stored by an older version recorded only its
 * origin, which binds it to the base without a path on that origin.
 */
export function boundApiBase(user: CurrentUser): string | undefined {
  return user.api_base ?? user.api_origin;
}

/**
 * The token for a request to `url`, or null. The token goes only where it came from: the
 * settled API base must be the one the token was issued by — origin *and* path, so another
 * base on the same origin gets nothing — and `url` must lie under it (docs/security.md).
 */
export function tokenFor(url: string): string | null {
  const user = $currentUser.get();
  return user && boundApiBase(user) === $apiBase.get() && isUnderBase(url) ? user.token : null;
}

/** The token for the settled API, or null (signed out, unsettled, or issued by another API). */
export function currentToken(): string | null {
  return tokenFor($apiBase.get() ?? '');
}
