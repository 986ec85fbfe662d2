/**
 * What the leading tab keeps between connections and for the other tabs: the stream's cursor
 * (in localStorage, so that the next leader resumes where this one stopped) and what changed
 * lately (so that a tab which starts listening late learns what it missed).
 */
import { safeStorage } from '../browser/storage.ts';
import type { LiveState } from './state.ts';
import type { Topic } from './topics.ts';

/** A cursor older than this is not taken over (a new page asks from its own start). */
const CURSOR_FRESH_MS = 60_000;
/** How long the leader remembers what changed, for a tab that starts listening later. */
const RECENT_MS = 60_000;

const cursorKey = (user: string) => `vigil.live.cursor.${user}`;

/** The cursor another leader of this user left, when it is fresh enough to resume from. */
export function readCursor(user: string): string | undefined {
  try {
    const raw = JSON.parse(safeStorage()?.getItem(cursorKey(user)) ?? 'null') as { id?: unknown; at?: unknown } | null;
    if (
      raw &&
      typeof raw.id === 'string' &&
      /^\d{1,20}$/.test(raw.id) &&
      typeof raw.at === 'number' &&
      Date.now() - raw.at < CURSOR_FRESH_MS
    )
      return raw.id;
  } catch {
    // unreadable: start from this page's start
  }
  return undefined;
}

/** Keeps where this leader is in the stream, for the next one. */
export function writeCursor(user: string, cursor: string | undefined): void {
  if (cursor === undefined) return;
  try {
    safeStorage()?.setItem(cursorKey(user), JSON.stringify({ id: cursor, at: Date.now() }));
  } catch {
    // storage full or denied: a new leader then starts from its own page's start
  }
}

/** What the leader heard of lately, and when. */
export type RecentChanges = { topics: Topic[]; at: number }[];

/** `recent` with `topics` added now and what is too old to be asked for dropped. */
export function remember(recent: RecentChanges, topics: Topic[]): RecentChanges {
  const now = Date.now();
  return [...recent.filter((r) => now - r.at < RECENT_MS), { topics, at: now }];
}

/**
 * What a tab that started at `since` and listens only now missed: what changed since then
 * when this leader's stream covered that time, else everything (`resync`). Nothing while
 * the leader has no healthy stream: then every tab polls for itself.
 */
export function missedSince(state: LiveState, recent: RecentChanges, since: number): Topic[] {
  if (state.mode !== 'stream') return [];
  if (state.streamSince === undefined || state.streamSince > since) return ['resync'];
  return [...new Set(recent.filter((r) => r.at >= since).flatMap((r) => r.topics))];
}
