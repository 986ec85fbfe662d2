/**
 * The position of each history entry the portal makes, kept in `history.state`, so that a
 * `popstate` tells how far and which way the user went: the leave guard (leave-guard.ts)
 * needs it to put the user back where they were after a Back or Forward they cancelled,
 * in browsers without the Navigation API. @nanostores/router writes `null` states; the
 * portal router stamps each entry it pushes (previous + 1) or replaces (same position).
 */

const KEY = 'vigilHistoryIndex';

/** The index stamped in a history state, or null (an entry the portal did not make). */
export function entryIndex(state: unknown = typeof history === 'undefined' ? null : history.state): number | null {
  if (!state || typeof state !== 'object') return null;
  const value = (state as Record<string, unknown>)[KEY];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function stamp(index: number): void {
  const state: unknown = history.state;
  history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [KEY]: index }, '', location.href);
}

/** Stamps the current entry when nothing did yet (the portal's first page: 0; a reload keeps its stamp). */
export function stampCurrentEntry(): void {
  if (typeof history !== 'undefined' && entryIndex() === null) stamp(0);
}

/**
 * Runs a router update that may push (or, with `replace`, replace) an entry, then stamps
 * the entry it made. Nothing is stamped when the update made no entry (the same URL).
 */
export function withStampedEntry(replace: boolean, update: () => void): void {
  const from = entryIndex();
  update();
  if (from !== null && entryIndex() === null) stamp(replace ? from : from + 1);
}
