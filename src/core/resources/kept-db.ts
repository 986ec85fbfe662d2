/**
 * The name of the browser database that keeps the last answers (`persist.ts`), and its
 * deletion: small enough for the session, which deletes it on every sign-out without
 * loading the code that fills it.
 */
export const KEPT_DB = 'vigil-answers';

/** Deletes every kept answer (a page holding the database open closes it when asked). */
export function forgetKeptAnswers(): void {
  try {
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(KEPT_DB);
  } catch {
    // No IndexedDB here (denied): nothing was kept.
  }
}
