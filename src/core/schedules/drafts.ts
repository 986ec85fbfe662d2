/**
 * Unsaved schedule edits, page-wide (every element showing the same site shares one draft)
 * and keyed by what they edit: `site:<uuid>` for one site's matrix, `project:<uuid>` for
 * the multi-site editor.
 *
 * A draft keeps the server's saved week beside the painted one until the server confirms a
 * save; a failed save changes nothing in the painted cells.
 *
 * Reloads: after a reload the matrix shows the server's saved schedule (the saved state is
 * what is real). The unsaved cells are also kept in this tab's sessionStorage (per user, per
 * key), so a reload or an expired session never silently loses work: the editor offers them
 * back ("restore" / "discard") instead of applying them by itself. sessionStorage, not
 * localStorage: the copy dies with the tab, so it is never offered days later or to the
 * next person on a shared computer.
 */
import { map } from 'nanostores';
import { $currentUser, onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { decodeWeek, encodeWeek, weeksEqual, type Week } from './week.ts';

export interface SaveFailure {
  /** Message key of the toast/summary: `schedules.errors.save` or `core.errors.offline`. */
  key: string;
  /** The server's own messages (field errors), if it gave any besides the generic one. */
  details: string[];
}

export interface Draft {
  /** The schedule as the server last gave it. */
  saved: Week;
  /** The painted schedule. */
  cells: Week;
  saving: boolean;
  error: SaveFailure | null;
  /** Unsaved cells found in this tab's storage when the draft was opened (after a reload). */
  recovered: Week | null;
}

export const $drafts = shared('schedules.drafts', () => {
  const store = map<Record<string, Draft | undefined>>({});
  onSignOut(() => store.set({}));
  return store;
});

export const isDirty = (draft: Draft | undefined): boolean => !!draft && !weeksEqual(draft.cells, draft.saved);

const STORAGE_PREFIX = 'vigil.schedules.draft.v1';

function storageKey(key: string): string | null {
  const user = $currentUser.get();
  return user ? `${STORAGE_PREFIX}:${user.uuid}:${key}` : null;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function persist(key: string, draft: Draft): void {
  const name = storageKey(key);
  const store = storage();
  if (!name || !store) return;
  try {
    if (isDirty(draft)) store.setItem(name, JSON.stringify({ cells: encodeWeek(draft.cells) }));
    else store.removeItem(name);
  } catch {
    // quota or privacy mode: the in-memory draft still works
  }
}

/** The unsaved cells kept for `key` in this tab, if any. */
export function storedDraft(key: string): Week | null {
  const name = storageKey(key);
  const raw = name ? storage()?.getItem(name) : null;
  if (!raw) return null;
  try {
    return decodeWeek((JSON.parse(raw) as { cells?: unknown }).cells);
  } catch {
    return null;
  }
}

function forget(key: string): void {
  const name = storageKey(key);
  if (name) storage()?.removeItem(name);
}

function update(key: string, change: (draft: Draft) => Draft): void {
  const current = $drafts.get()[key];
  if (!current) return;
  const next = change(current);
  $drafts.setKey(key, next);
  persist(key, next);
}

/**
 * Opens the draft of `key` on the server's `saved` week. An existing draft is kept (another
 * element already edits it); when the server's week changed meanwhile, a clean draft
 * follows it and a dirty one keeps its cells on the new saved week.
 */
export function openDraft(key: string, saved: Week): Draft {
  const current = $drafts.get()[key];
  if (current) {
    if (!weeksEqual(current.saved, saved)) syncSaved(key, saved);
    return $drafts.get()[key]!;
  }
  const stored = storedDraft(key);
  const draft: Draft = {
    saved,
    cells: saved,
    saving: false,
    error: null,
    recovered: stored && !weeksEqual(stored, saved) ? stored : null,
  };
  if (!draft.recovered) forget(key);
  $drafts.setKey(key, draft);
  return draft;
}

/** The server's saved week changed (a save elsewhere on the page). */
export function syncSaved(key: string, saved: Week): void {
  const current = $drafts.get()[key];
  if (!current) return;
  const clean = !isDirty(current);
  $drafts.setKey(key, { ...current, saved, cells: clean ? saved : current.cells });
  if (!clean) persist(key, $drafts.get()[key]!);
}

/** Replaces the painted cells (a paint, preset, copy…). */
export function editDraft(key: string, cells: Week): void {
  const current = $drafts.get()[key];
  if (!current || current.cells === cells) return;
  update(key, (d) => ({ ...d, cells }));
}

/** Back to the saved week. */
export function discardDraft(key: string): void {
  update(key, (d) => ({ ...d, cells: d.saved, error: null, recovered: null }));
  forget(key);
}

/** Puts the cells kept from before a reload back into the draft. */
export function restoreDraft(key: string): void {
  update(key, (d) => (d.recovered ? { ...d, cells: d.recovered, recovered: null } : d));
}

/** Drops the cells kept from before a reload. */
export function dismissRecovered(key: string): void {
  update(key, (d) => ({ ...d, recovered: null }));
}

export function markSaving(key: string): void {
  update(key, (d) => ({ ...d, saving: true, error: null }));
}

/**
 * The server confirmed `saved`: it becomes the saved week. The painted cells become the
 * server's answer too, unless the user painted on while it was saving (`sent` differs).
 */
export function markSaved(key: string, saved: Week, sent: Week): void {
  update(key, (d) => ({ ...d, saved, cells: weeksEqual(d.cells, sent) ? saved : d.cells, saving: false, error: null }));
}

/** The save failed: the painted cells stay exactly as they are. */
export function markFailed(key: string, error: SaveFailure): void {
  update(key, (d) => ({ ...d, saving: false, error }));
}

/** Starts the draft over from `week` (the multi-site editor's "start from …"). */
export function rebaseDraft(key: string, week: Week): void {
  update(key, (d) => ({ ...d, saved: week, cells: week, error: null }));
}
