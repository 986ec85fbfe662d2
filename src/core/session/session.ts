/**
 * The session's actions (docs/product.md#session, #errors). State lives in `store.ts`; every element of a
 * page shares it.
 */
import * as Answers from '../api/answer-names.ts';
import type { CurrentUser } from '../api/contract.ts';
import { isUnauthorized, onUnauthorized, request } from '../api/client.ts';
import { whenApiBaseSettled } from '../config/settle.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import { $language, matchLanguage, type LanguageTag } from '../i18n/languages.ts';
import { forgetKeptAnswers } from '../resources/kept-db.ts';
import { shared } from '../shared.ts';
import { showError } from '../toasts/toasts.ts';
import { chosenLanguage, LANGUAGE_STORAGE_KEY, localeSaves, readChosen, rememberLanguage } from './language.ts';
import { $currentUser, $unreadCount } from './store.ts';

export { $currentUser, $unreadCount } from './store.ts';

// Its name is SESSION_STATE of api/prefetched.ts: a loader that runs after `started` is set
// asks for none of the session's calls early.
const state = shared('session.state', () => ({
  validating: null as Promise<CurrentUser | null> | null,
  started: null as Promise<void> | null,
  /** The validation the page's start made, until the portal's first page takes it (`validateFirstPage`). */
  atStart: null as { token: string; at: number; user: Promise<CurrentUser | null> } | null,
  /** The token a sign-out is revoking: nothing more starts with it. */
  revoking: null as string | null,
  signOutListeners: new Set<() => void>(),
}));

/** Registers a cleanup to run when the user signs out (caches of user data). */
export function onSignOut(listener: () => void): () => void {
  state.signOutListeners.add(listener);
  return () => state.signOutListeners.delete(listener);
}

// A 401 on any call made with the current token: ask the server whether the session is
// still valid (one shared validation); a 401 there signs out (docs/product.md#session), otherwise the
// call's own error is shown as usual. A validation already under way may have been sent
// before the refusal (and answer 200 for a token revoked since): one more follows it.
// (Several refusals during one validation share the one that follows it.)
onUnauthorized((token) => {
  if ($currentUser.get()?.token === token) void (state.validating?.then(validateUser) ?? validateUser());
});

/** Clears the stored user and credential (logout, or a 401 on validation or JWT). */
export function signOut(): void {
  $currentUser.set(null);
  $unreadCount.set(0);
  forgetKeptAnswers(); // the answers kept for the next visit (core/resources/persist.ts)
  for (const listener of state.signOutListeners) listener();
}

/**
 * Validates the stored user against the server (GET /api/v2/user), keeping the stored
 * token. Concurrent callers share one request. Resolves to the user, or null when signed
 * out (a 401 clears the user). Any other failure shows the docs/product.md#errors toast and keeps the
 * user signed in.
 */
export function validateUser(): Promise<CurrentUser | null> {
  const stored = $currentUser.get();
  if (!stored) return Promise.resolve(null);
  if (state.validating) return state.validating;
  state.validating = request('GET', '/api/v2/user', Answers.user)
    .then(
      ({ data }) => {
        const current = $currentUser.get();
        if (!current || current.token !== stored.token) return current; // signed out or switched meanwhile
        // The answer's user with the stored token and API base (settling recorded it).
        const next: CurrentUser = { ...data, token: stored.token, api_base: stored.api_base };
        $currentUser.set(next);
        return next;
      },
      (e: unknown) => {
        if (isUnauthorized(e)) {
          if ($currentUser.get()?.token === stored.token) signOut();
          return null;
        }
        showError('core.toastErrors.validateUser');
        return $currentUser.get();
      },
    )
    .finally(() => {
      state.validating = null;
    });
  return state.validating;
}

/** How long the start's validation stands for the portal's first page. */
const START_VALIDATION_MS = 10_000;

/**
 * The portal's first page's validation: the one the page's start made (`startSession`),
 * taken once, while the same token is signed in and not long after; else a validation of
 * its own. The portal's first render may come after that answer (it renders in slices): a
 * second request would cost a round trip before the page shows.
 */
export function validateFirstPage(): Promise<CurrentUser | null> {
  const start = state.atStart;
  state.atStart = null;
  if (start && start.token === $currentUser.get()?.token && Date.now() - start.at < START_VALIDATION_MS) return start.user;
  return validateUser();
}

/**
 * Until the terms are accepted the server answers only the user, terms, locale and
 * sign-out calls (everything else is a 403), so the session's follow-up calls wait.
 */
const termsAccepted = (): boolean => $currentUser.get()?.terms_accepted_web_portal === true;

/** The calls that follow a sign-in (or a validated start): the JWT and the unread count, once the terms are accepted. */
export async function afterTerms(): Promise<void> {
  // A sign-out under way (the page opened at /logout): they would reach the server after the
  // revocation and be answered 401.
  if (termsAccepted() && !revoking()) await Promise.all([fetchJwt(), fetchUnreadCount()]);
}

/** GET /auth/jwt after sign-in and startup validation; its answer is not used. */
export async function fetchJwt(): Promise<void> {
  if (!termsAccepted()) return;
  try {
    await request('GET', '/auth/jwt', Answers.empty);
  } catch (e) {
    if (isUnauthorized(e)) signOut();
    else showError('core.toastErrors.fetchJwt');
  }
}

/** Refreshes `$unreadCount` from `meta.total` of the unread notifications. */
export async function fetchUnreadCount(): Promise<void> {
  if (!termsAccepted()) return;
  try {
    const { meta } = await request('GET', '/api/v2/notifications', Answers.notifications, {
      query: { 'filter[unread]': 'true', locale: $language.get(), per_page: 1 },
    });
    $unreadCount.set(meta.total);
  } catch (e) {
    // A 401 has the client re-validate the session (onUnauthorized above): no toast.
    if (!isUnauthorized(e)) showError('core.toastErrors.loadUnread');
  }
}

/** Lowers the unread count by one (a notification was marked read). */
export function decrementUnread(): void {
  $unreadCount.set(Math.max(0, $unreadCount.get() - 1));
}

/** How long sign-out waits for the server to revoke the token before signing out anyway. */
export const LOGOUT_TIMEOUT_MS = 3000;

/**
 * Signs out: asks the server to revoke the token (POST /api/v2/user/logout), then clears
 * the session here whatever happens: a failure, no network or no answer within
 * {@link LOGOUT_TIMEOUT_MS} still signs out locally, silently (no toast).
 */
export async function logout(): Promise<void> {
  const user = $currentUser.get();
  if (user) {
    state.revoking = user.token;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), LOGOUT_TIMEOUT_MS);
    try {
      await request('POST', '/api/v2/user/logout', Answers.empty, { signal: abort.signal, signOutOn401: false });
    } catch {
      // Revoked already, unreachable or too slow: signing out here is what matters.
    } finally {
      clearTimeout(timer);
    }
  }
  // Only if still the same session (a sign-in meanwhile is not undone).
  if ($currentUser.get()?.token === user?.token) signOut();
  if (state.revoking === user?.token) state.revoking = null;
}

/** Whether the signed-in user's token is being revoked by a sign-out. */
function revoking(): boolean {
  const token = $currentUser.get()?.token;
  return token !== undefined && state.revoking === token;
}

/** Accepts the terms of use; a 401 sets the flag to false, other failures toast. */
export async function acceptTerms(): Promise<boolean> {
  const setFlag = (value: boolean) => {
    const user = $currentUser.get();
    // The server keeps the first acceptance's time; until the user is next read, this moment stands for it.
    const at = value ? (user?.terms_accepted_at ?? new Date().toISOString()) : null;
    if (user) $currentUser.set({ ...user, terms_accepted_web_portal: value, terms_accepted_at: at });
  };
  try {
    // docs/product.md#session: a 401 here sets the flag to false; it does not sign out.
    await request('PUT', '/api/v2/user/terms', Answers.empty, { body: { terms_accepted_web_portal: true }, signOutOn401: false });
    setFlag(true);
    void afterTerms();
    return true;
  } catch (e) {
    if (isUnauthorized(e)) setFlag(false);
    else showError('core.toastErrors.acceptTerms');
    return false;
  }
}

/**
 * The language to start in: the user's saved locale, else the one this browser chose last,
 * else a supported browser language, else en.
 */
export function startLanguage(): LanguageTag {
  const user = $currentUser.get();
  const saved = user ? matchLanguage(user.locale) : null;
  if (saved) return saved;
  const chosen = chosenLanguage();
  if (chosen) return chosen.tag;
  const browser = typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language) : undefined;
  return matchLanguage(browser, true) ?? 'en';
}

/**
 * Starts the page's session once, whichever element connects first: waits for the page's
 * API base to be settled (after the current task, so that every element inserted with
 * this one is seen), applies the start language while it validates a stored user (then
 * fetches the JWT and the unread count).
 */
export function startSession(): Promise<void> {
  if (!state.started) {
    state.started = (async () => {
      // No API (the page's elements disagree on it): the elements show why; nothing to start.
      if (!(await whenApiBaseSettled())) return;
      // The user's validation and the catalogue at once: neither needs the other.
      const user = validateUser();
      const token = $currentUser.get()?.token;
      if (token) state.atStart = { token, at: Date.now(), user };
      followLanguage();
      await applyLanguage(startLanguage());
      if (await user) await afterTerms();
    })();
  }
  return state.started;
}

/**
 * Every tab follows a language change at once: another tab's choice (the storage event), or
 * the account's locale changed by another tab or session (the stored user follows the
 * server on every check). A save under way keeps the choice it is saving.
 */
function followLanguage(): void {
  if (typeof window !== 'undefined')
    window.addEventListener('storage', (e) => {
      const chosen = e.key === LANGUAGE_STORAGE_KEY ? readChosen(e.newValue) : null;
      if (chosen && chosen.tag !== $language.get()) void applyLanguage(chosen.tag);
    });
  $currentUser.listen((user, old) => {
    const saved = matchLanguage(user?.locale);
    if (!saved || user?.locale === old?.locale || localeSaves.count > 0 || saved === $language.get()) return;
    rememberLanguage(saved, false);
    void applyLanguage(saved);
  });
}
