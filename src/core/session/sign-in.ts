/**
 * Signing in, and the password-reset calls of the sign-in forms (docs/product.md#session).
 * Apart from the session's start (session.ts) so that only the forms' code carries them:
 * a page whose user is already signed in never loads it.
 */
import * as Answers from '../api/answer-names.ts';
import type { CurrentUser, MfaChallenge, User } from '../api/contract.ts';
import { ApiError, request } from '../api/client.ts';
import { $apiBase } from '../config/config.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import { $language, matchLanguage, type LanguageTag } from '../i18n/languages.ts';
import { chosenLanguage, rememberLanguage } from './language.ts';
import { saveLocale } from './locale.ts';
import { $currentUser, afterTerms, validateUser } from './session.ts';

export function deviceName(): string {
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : 'unknown';
  return `Vigil web portal (${ua.slice(0, 80)})`;
}

/**
 * The language after a sign-in: the one chosen on this browser while signed out (on the
 * sign-in page, just before) wins and is saved to the account; else the account's own.
 */
async function afterSignIn(user: CurrentUser, picked: LanguageTag | null, account: string): Promise<void> {
  if (picked) {
    rememberLanguage(picked, false);
    if (picked !== $language.get()) await applyLanguage(picked);
    if (matchLanguage(account) !== picked) await saveLocale(picked);
  } else {
    const saved = matchLanguage(user.locale);
    if (saved && saved !== $language.get()) await applyLanguage(saved);
    if (saved) rememberLanguage(saved, false);
  }
  await afterTerms();
}

/**
 * Signs in. Already signed in: validates and returns the user without a login call
 * (docs/product.md#session). An account with two-step sign-in answers a challenge for
 * the code step instead (core/session/mfa.ts). Failures are thrown as {@link ApiError}
 * for the form to show.
 */
export async function login(email: string, password: string): Promise<CurrentUser | MfaChallenge> {
  if ($currentUser.get()) {
    const user = await validateUser();
    if (user) return user;
  }
  const { data } = await request('POST', '/api/v2/user/login', Answers.login, {
    query: { locale: $language.get() },
    body: { email, password, device_name: deviceName() },
  });
  return 'challenge' in data ? (data as MfaChallenge) : signedIn(data as User);
}

/** Keeps the user a sign-in answered, with its token, and makes the calls that follow. */
export async function signedIn(data: User): Promise<CurrentUser> {
  if (!data.token) throw new ApiError('malformed', 200, []);
  // The token belongs to the API base that issued it, path included (the request waited
  // for the settled base): another base on the same origin never gets it.
  const base = $apiBase.get();
  if (!base) throw new ApiError('malformed', 200, []);
  const chosen = chosenLanguage();
  const picked = chosen?.pending ? chosen.tag : null;
  // Stored with the chosen language already, so nothing switches to the account's meanwhile.
  const user: CurrentUser = { ...data, token: data.token, api_base: base, ...(picked && { locale: picked }) };
  $currentUser.set(user);
  await afterSignIn(user, picked, data.locale);
  return $currentUser.get() ?? user;
}

/** Requests a reset link. Already signed in: returns the validated user, no call. */
export async function forgotPassword(email: string): Promise<CurrentUser | null> {
  if ($currentUser.get()) {
    const user = await validateUser();
    if (user) return user;
  }
  await request('POST', '/api/v2/user/forgot-password', Answers.empty, { query: { locale: $language.get() }, body: { email } });
  return null;
}

export interface ResetInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** Sets a new password. Already signed in: returns the validated user, no call. */
export async function resetPassword(input: ResetInput): Promise<CurrentUser | null> {
  if ($currentUser.get()) {
    const user = await validateUser();
    if (user) return user;
  }
  await request('POST', '/api/v2/user/reset-password', Answers.empty, { query: { locale: $language.get() }, body: input });
  return null;
}
