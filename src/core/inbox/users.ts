/**
 * Display names of the users who handled incidents (docs/product.md#api-calls: GET /api/users/{username},
 * skipped when it is the current user or already cached). The cache is page-wide and
 * cleared on sign-out.
 */
import { isAborted, isUnauthorized, request } from '../api/client.ts';
import * as Answers from '../api/answer-names.ts';
import type { PublicUser } from '../api/contract.ts';
import { createCache } from '../resources/cache.ts';
import { $currentUser } from '../session/session.ts';
import { showError } from '../toasts/toasts.ts';

export const userCache = createCache<PublicUser>('user', (username) =>
  request('GET', `/api/users/${encodeURIComponent(username)}`, Answers.publicUser).then((r) => r.data),
);

/** The name we already know for `username` without a request (current user or cached), or undefined. */
export function knownUserName(username: string): string | undefined {
  const me = $currentUser.get();
  if (me && me.username === username) return me.name;
  return userCache.peek(username)?.name;
}

/**
 * Resolves a username to a display name. On failure: the 'Unable to load user' toast and
 * the username itself, so the incident still says who handled it.
 */
export async function resolveUserName(username: string): Promise<string> {
  const known = knownUserName(username);
  if (known !== undefined) return known;
  try {
    return (await userCache.load(username)).name;
  } catch (e) {
    if (!isAborted(e) && !isUnauthorized(e)) showError('core.toastErrors.loadUser');
    return username;
  }
}
