import { persistentAtom } from '@nanostores/persistent';
import * as v from 'valibot';
import { User, type CurrentUser } from '../api/contract.ts';
import { apiOrigin, originOf } from '../config/config.ts';
import { shared } from '../shared.ts';

/** localStorage key of the signed-in user (docs/product.md#constants-and-limits). */
export const USER_STORAGE_KEY = 'auth.currentUser';
/** localStorage key of the unread-notifications count (docs/product.md#constants-and-limits). */
export const UNREAD_STORAGE_KEY = 'notifications.unreadCount';

const StoredUser = v.looseObject({ ...User.entries, token: v.pipe(v.string(), v.minLength(1)), api_origin: v.optional(v.string()) });

function decodeUser(raw: string): CurrentUser | null {
  try {
    const parsed = v.safeParse(StoredUser, JSON.parse(raw));
    return parsed.success ? (parsed.output as CurrentUser) : null;
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
 * The token for a request to `url`, or null. The token goes only where it came from: the
 * request's origin must be the settled API's origin and the origin that issued the stored
 * token (README "Security").
 */
export function tokenFor(url: string): string | null {
  const user = $currentUser.get();
  const api = apiOrigin();
  if (!user || !api || user.api_origin !== api) return null;
  return originOf(url) === api ? user.token : null;
}

/** The token for the settled API, or null (signed out, unsettled, or issued by another API). */
export function currentToken(): string | null {
  const api = apiOrigin();
  return api ? tokenFor(api) : null;
}
