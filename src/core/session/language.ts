/**
 * The language this browser last chose (docs/product.md#session): kept in localStorage so
 * that a choice made on the sign-in page outlives a reload and wins over the account's saved
 * locale at the next sign-in (`pending`), and so that every tab follows a change at once.
 */
import { safeStorage } from '../browser/storage.ts';
import { matchLanguage, type LanguageTag } from '../i18n/languages.ts';
import { shared } from '../shared.ts';

/** localStorage key of this browser's chosen language (docs/product.md#constants-and-limits). */
export const LANGUAGE_STORAGE_KEY = 'vigil.language';

/** A chosen language; `pending` while it was chosen signed out and no sign-in has taken it to the account yet. */
export interface ChosenLanguage {
  tag: LanguageTag;
  pending: boolean;
}

/** Reads a stored choice; anything else reads as none. */
export function readChosen(raw: string | null | undefined): ChosenLanguage | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { tag?: unknown; pending?: unknown };
    const tag = typeof value.tag === 'string' ? matchLanguage(value.tag) : null;
    return tag ? { tag, pending: value.pending === true } : null;
  } catch {
    return null;
  }
}

export function chosenLanguage(): ChosenLanguage | null {
  return readChosen(safeStorage()?.getItem(LANGUAGE_STORAGE_KEY));
}

/** Records the language in use; a change reaches the other tabs through the storage event. */
export function rememberLanguage(tag: LanguageTag, pending: boolean): void {
  const now = chosenLanguage();
  if (now?.tag === tag && now.pending === pending) return;
  try {
    safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, JSON.stringify({ tag, pending }));
  } catch {
    // A full or denied storage: the choice lasts for this page only.
  }
}

/** Saves of the account's language under way (locale.ts): the session's follower leaves the language alone meanwhile. */
export const localeSaves = shared('session.localeSaves', () => ({ count: 0 }));
