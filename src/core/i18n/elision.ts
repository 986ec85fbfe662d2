/**
 * Some languages elide a word before a name that starts with a vowel: French "de Atlas" is
 * "d’Atlas". A message that puts a name after such a word has a `_vowel` variant, picked
 * through i18next's context; languages that do not elide repeat the sentence there.
 */
export function nameContext(name: string | null | undefined): { context?: 'vowel' } {
  return name && /^[aeiouyàâäæéèêëîïôöœùûüÿ]/iu.test(name.trim()) ? { context: 'vowel' } : {};
}

/** `{ name }` for a message, with the context its first letter asks for. */
export const named = (name: string): { name: string; context?: 'vowel' } => ({ name, ...nameContext(name) });
