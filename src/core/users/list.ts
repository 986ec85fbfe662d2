/** Sorting and searching the project users list (pure functions, for any view). */
import type { ProjectUser } from '../api/contract.ts';
import { filterByWords } from '../i18n/search.ts';

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

/** Members whose name or e-mail contains every word of `query`. */
export function filterUsers(users: readonly ProjectUser[], query: string): ProjectUser[] {
  return filterByWords(users, query, (u) => `${u.name} ${u.email}`);
}
