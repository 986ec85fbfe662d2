/** Searching lists by typed words, the same way everywhere: case- and accent-insensitive. */

/** Lower case without accents, so "sofie" finds "Sofíe" and "ELISE" finds "élise". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The items whose text contains every word of `query` (all of them for a blank query). */
export function filterByWords<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    const haystack = fold(text(item));
    return words.every((w) => haystack.includes(w));
  });
}
