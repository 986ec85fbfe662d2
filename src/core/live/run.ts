/**
 * The live channel's state for one signed-in user of the page (a "run"), and how it says
 * what it knows: the state every screen reads, and the status the leader posts to the
 * other tabs.
 */
import { shared } from '../shared.ts';
import type { LiveChannel } from './channel.ts';
import type { Election } from './leader.ts';
import type { RecentChanges } from './memory.ts';
import type { Poller } from './poller.ts';
import { $liveState, PAUSED_AFTER_MS, type LiveState } from './state.ts';
import type { Topic } from './topics.ts';

/** A poll of the fallback: loads what it owns and says which topics changed. */
export type FallbackPoll = () => Promise<Topic[]>;

export interface Run {
  user: string;
  channel: LiveChannel;
  election: Election;
  /** The leader's connection loop, while leading. */
  abort: AbortController | null;
  poller: Poller | null;
  failures: number;
  /** No stream to be had from this API: poll for the rest of the run. */
  unsupported: boolean;
  cursor: string | undefined;
  /** Whether this page's leader connected before (a reconnect without replay resyncs). */
  connected: boolean;
  pausedTimer: ReturnType<typeof setTimeout> | undefined;
  /** Since when the connection (or the poll) keeps failing; undefined while it works. */
  failingSince: number | undefined;
  lastStatusAt: number;
  /** What the leader heard of lately, and when (for {@link catchUp}). */
  recent: RecentChanges;
}

export const live = shared('live.runner', () => ({
  watchers: 0,
  run: null as Run | null,
  /**
   * When this page started (its navigation, not this module's late load): the first
   * connection asks for what happened since, so a change made while the page's first
   * answers were on screen and this code was still loading is not missed.
   */
  startedAt: Math.floor(performance.timeOrigin),
  userWatch: null as null | (() => void),
  polls: new Set<FallbackPoll>(),
  holds: new Set<() => boolean>(),
}));

export function setState(change: Partial<LiveState>): void {
  const next = { ...$liveState.get(), ...change };
  const now = $liveState.get();
  if (next.mode !== now.mode || next.paused !== now.paused || next.confirmedAt !== now.confirmedAt || next.streamSince !== now.streamSince)
    $liveState.set(next);
}

export function postStatus(run: Run): void {
  const s = $liveState.get();
  if (s.mode === 'idle' || !run.election.leading) return;
  run.lastStatusAt = Date.now();
  run.channel.post({
    kind: 'status',
    user: run.user,
    mode: s.mode,
    paused: s.paused,
    confirmedAt: s.confirmedAt ?? null,
    streamSince: s.streamSince ?? null,
    streamUntil: s.streamUntil ?? null,
  });
}

/** The server confirmed that nothing was missed, now. */
export function confirmed(run: Run, change: Partial<LiveState> = {}): void {
  run.failingSince = undefined;
  clearTimeout(run.pausedTimer);
  const wasPaused = $liveState.get().paused;
  const now = Date.now();
  const mode = change.mode ?? $liveState.get().mode;
  setState({ ...change, paused: false, confirmedAt: now, ...(mode === 'stream' ? { streamUntil: now } : {}) });
  // Followers hear of it at most every 5 s (so with each heartbeat), at once on a change.
  if (wasPaused || change.mode !== undefined || change.streamSince !== undefined || Date.now() - run.lastStatusAt > 5000) postStatus(run);
}

/**
 * The stream broke or a poll failed: unless something works again first, the state says
 * `paused` once nothing was confirmed for {@link PAUSED_AFTER_MS}. (A quiet stream is not a
 * failure: its heartbeat keeps it confirmed, and the watchdog ends a silent one.)
 */
export function failing(run: Run): void {
  if (run.failingSince !== undefined) return;
  run.failingSince = Date.now();
  const since = $liveState.get().confirmedAt ?? live.startedAt;
  run.pausedTimer = setTimeout(
    () => {
      if (live.run !== run || run.failingSince === undefined || !run.election.leading) return;
      setState({ paused: true });
      postStatus(run);
    },
    Math.max(0, since + PAUSED_AFTER_MS - Date.now()),
  );
}
