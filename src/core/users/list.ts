/** Sorting and searching the project users list (pure functions, for any view). */
import type { ProjectUser } from '../api/contract.ts';

export type SortKey = 'name' | 'email';
export type SortDirection = 'ascending' | 'descending';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortOrder = { key: 'name', direction: 'ascending' };

/** Clicking a column: the same column flips its direction, another starts ascending. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/** Sorted copy, in the language's collation (accents and case do not split groups). */
export function sortUsers(users: readonly ProjectUser[], order: SortOrder, locale = 'en'): ProjectUser[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const other: SortKey = order.key === 'name' ? 'email' : 'name';
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...users].sort((a, b) => sign * (collator.compare(a[order.key], b[order.key]) || collator.compare(a[other], b[other])));
}

/** Lower case without accents, so "sofie" finds "Sofíe" and "ELISE" finds "élise". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Members whose name or e-mail contains every word of `query`. */
export function filterUsers(users: readonly ProjectUser[], query: string): ProjectUser[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((u) => {
    const haystack = `${fold(u.name)} ${fold(u.email)}`;
    return words.every((w) => haystack.includes(w));
  });
}
