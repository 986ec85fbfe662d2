/** Merging a fresh first page on top of a loaded paged list (live updates). */
import type { PageAnswer, PagedState } from './pagedTypes.ts';

/**
 * The state after putting the new items of a fresh first page on top, or null when nothing
 * is new (or the list is not ready). When none of the fresh page's items is known the gap
 * cannot be placed: the list starts over from the fresh page.
 */
export function mergeOnTop<T extends { uuid: string }, F>(
  state: PagedState<T, F>,
  perPage: number,
  answer: PageAnswer<T>,
): { state: PagedState<T, F>; added: number } | null {
  const top = state.pages[1];
  if (state.status !== 'ready' || !top) return null;
  // The last row of the old first page that the fresh page still has: everything before it
  // in the fresh page is the truth, and the rows after it moved down by the new ones.
  const fresh = new Map(answer.data.map((item, i) => [item.uuid, i]));
  let anchor = -1;
  for (let i = top.length - 1; i >= 0 && anchor === -1; i--) if (top[i] && fresh.has(top[i]!.uuid)) anchor = i;
  const total = answer.meta.total;
  if (anchor === -1) {
    // More new items than a page: no loaded row can be placed, start over from this page.
    if (top.length === 0 && answer.data.length === 0) return null;
    return {
      state: { ...state, total, pages: { 1: answer.data }, stale: [], failed: [], loading: [], added: state.added + answer.data.length },
      added: answer.data.length,
    };
  }
  const added = fresh.get(top[anchor]!.uuid)! - anchor;
  if (added <= 0) return replaceTop(state, perPage, answer);
  const known = new Map<number, T>();
  for (const [key, items] of Object.entries(state.pages)) {
    const base = (Number(key) - 1) * perPage;
    items.forEach((item, i) => item !== undefined && base + i > anchor && known.set(base + i + added, item));
  }
  answer.data.forEach((item, i) => known.set(i, item));
  const pages: Record<number, T[]> = {};
  const stale = new Set<number>();
  for (const [index, item] of known) {
    if (index >= total) continue;
    const page = Math.floor(index / perPage) + 1;
    (pages[page] ??= [])[index % perPage] = item;
  }
  for (const [key, items] of Object.entries(pages)) {
    const size = Math.min(perPage, total - (Number(key) - 1) * perPage);
    let full = items.length === size;
    for (let i = 0; full && i < size; i++) if (items[i] === undefined) full = false;
    if (!full) stale.add(Number(key));
  }
  return {
    state: {
      ...state,
      total,
      pages,
      stale: [...stale],
      loading: [],
      failed: state.failed.filter((p) => !stale.has(p) && !pages[p]),
      added: state.added + added,
    },
    added,
  };
}

/**
 * A fresh first page that is not the old one with new items on top (a list in another order
 * than newest first, where a new item lands among the rows and rows left the page at the same
 * time): when it holds items the list has not loaded, it becomes the first page and every
 * other loaded page is loaded again when shown; otherwise nothing changes (null).
 */
function replaceTop<T extends { uuid: string }, F>(
  state: PagedState<T, F>,
  perPage: number,
  answer: PageAnswer<T>,
): { state: PagedState<T, F>; added: number } | null {
  const known = new Set<string>();
  for (const items of Object.values(state.pages)) for (const item of items) if (item) known.add(item.uuid);
  const added = answer.data.filter((item) => !known.has(item.uuid)).length;
  if (added === 0) return null;
  const total = answer.meta.total;
  const pages: Record<number, readonly T[]> = { 1: answer.data };
  for (const [key, items] of Object.entries(state.pages))
    if (Number(key) > 1 && (Number(key) - 1) * perPage < total) pages[Number(key)] = items;
  const stale = Object.keys(pages)
    .map(Number)
    .filter((page) => page !== 1);
  return {
    state: { ...state, total, pages, stale, loading: [], failed: [], added: state.added + added },
    added,
  };
}
