/**
 * Choosing a language (docs/product.md#session): only the language picker and the sign-in
 * forms' code carry it, so an element's first load does not.
 */
import * as Answers from '../api/answer-names.ts';
import { request } from '../api/client.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import { $language, type LanguageTag } from '../i18n/languages.ts';
import { showError } from '../toasts/toasts.ts';
import { localeSaves, rememberLanguage } from './language.ts';
import { $currentUser } from './store.ts';

/**
 * Switches the language in every tab and element; for a signed-in user also saves it (PUT
 * /api/v2/user/locale) and updates the stored user's locale. Chosen signed out, it is kept
 * for the next sign-in, which takes it to the account. 'Unable to set locale.' on failure.
 */
export async function setLocale(tag: LanguageTag): Promise<void> {
  const applied = await applyLanguage(tag);
  const user = $currentUser.get();
  rememberLanguage(applied, !user);
  if (user && user.locale !== applied) await saveLocale(applied);
}

/** Saves `tag` as the signed-in account's language and in the stored user. */
export async function saveLocale(tag: LanguageTag): Promise<void> {
  const user = $currentUser.get();
  if (!user) return;
  localeSaves.count++;
  try {
    await request('PUT', '/api/v2/user/locale', Answers.empty, { body: { locale: tag } });
    const now = $currentUser.get();
    // A later choice made meanwhile wins: only the language still in use is recorded.
    if (now && now.token === user.token && $language.get() === tag) $currentUser.set({ ...now, locale: tag });
  } catch {
    showError('core.toastErrors.setLocale');
  } finally {
    localeSaves.count--;
  }
}
