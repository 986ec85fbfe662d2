/**
 * How the page learns of changes right now, as every screen may show it: small and free
 * of the live module itself, so the first load can read it while the module (its own
 * chunk) loads after first paint.
 *
 * - `stream`: the browser holds the server's event stream (in this tab or the leading one);
 *   what the page loaded is vouched for until `confirmedAt`.
 * - `polling`: the API has no stream, or it keeps failing: the page asks on a timer.
 * - `idle`: nothing runs (signed out, or no element needs it).
 *
 * `paused` is true once neither the stream nor a poll succeeded for {@link PAUSED_AFTER_MS}:
 * the screens then say that live updates are paused and since when.
 */
import { atom } from 'nanostores';
import { shared } from '../shared.ts';

export type LiveMode = 'idle' | 'stream' | 'polling';

export interface LiveState {
  mode: LiveMode;
  /** Neither the stream nor polling has worked for a while. */
  paused: boolean;
  /** When the server last confirmed that nothing was missed (ms since epoch). */
  confirmedAt: number | undefined;
  /** Since when the stream has told of every change (replays included): data loaded after it is vouched for… */
  streamSince: number | undefined;
  /** … until this time, when the stream last showed it was alive (an event or its heartbeat). */
  streamUntil: number | undefined;
}

export const PAUSED_AFTER_MS = 15_000;

export const IDLE: LiveState = { mode: 'idle', paused: false, confirmedAt: undefined, streamSince: undefined, streamUntil: undefined };

export const $liveState = shared('live.state', () => atom<LiveState>(IDLE));
