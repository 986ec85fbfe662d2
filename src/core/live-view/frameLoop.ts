/**
 * The frame loop of one camera: polls its media URL at a steady rate while active, never
 * with more than one load (fetch and decode) under way, and frees every frame it
 * replaces, so a camera never holds more than two frames (the one shown and the one
 * replacing it). Framework-free; the view subscribes to `$state` and draws
 * `state.frame` synchronously (the previous frame is freed right after the listeners ran).
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { LiveFrame } from './liveFrames.ts';

export interface FeedState {
  /** The frame on screen, or null before the first one. */
  frame: LiveFrame | null;
  /** When that frame arrived (the loop's clock, ms). */
  frameAt: number | null;
  /** When the camera took that frame (ms), or null when unknown (or no frame). */
  takenAt: number | null;
  /** Failed loads in a row. */
  failures: number;
  /** Failing for good: `offlineAfterFailures` failures in a row, or a permanent error. */
  offline: boolean;
  /** Polling (on screen and in a visible tab). */
  active: boolean;
}

export type FeedStatus = 'connecting' | 'live' | 'stale' | 'offline';

export interface FrameLoopOptions {
  /** Loads one frame; must reject (or free what it made) once `signal` aborts. */
  load(signal: AbortSignal): Promise<LiveFrame>;
  /** Time from the start of one load to the start of the next (ms). */
  intervalMs?: number;
  /** Failures in a row after which the camera counts as offline (default 3). */
  offlineAfterFailures?: number;
  /** While offline, retry at this interval at the most often (ms, default 5000). */
  offlineRetryMs?: number;
  /** Errors that make the camera offline at once (e.g. 404: the camera is gone). */
  isPermanent?(error: unknown): boolean;
  /** Called once when the camera goes offline (again only after a frame came through). */
  onOffline?(error: unknown): void;
  /** Errors to ignore completely (aborted loads). */
  isAbort?(error: unknown): boolean;
  now?(): number;
}

export interface FrameLoop {
  readonly $state: ReadableAtom<FeedState>;
  /** Starts (true) or pauses (false) polling. Resuming loads a frame at once. */
  setActive(active: boolean): void;
  /** Stops for good and frees the frame on screen. */
  destroy(): void;
}

export const DEFAULT_INTERVAL_MS = 1000;
export function createFrameLoop(options: FrameLoopOptions): FrameLoop {
  const interval = Math.max(1, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  const offlineAfter = Math.max(1, options.offlineAfterFailures ?? 3);
  const offlineRetry = Math.max(interval, options.offlineRetryMs ?? 5000);
  const now = options.now ?? (() => Date.now());
  const $state = atom<FeedState>({ frame: null, frameAt: null, takenAt: null, failures: 0, offline: false, active: false });

  let destroyed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The load under way (fetch + decode); null when none. */
  let pending: AbortController | null = null;
  let nextDue = 0;
  let reported = false;

  const update = (patch: Partial<FeedState>) => $state.set({ ...$state.get(), ...patch });

  function schedule(): void {
    const state = $state.get();
    if (destroyed || !state.active || pending || timer) return;
    timer = setTimeout(tick, Math.max(0, nextDue - now()));
  }

  function tick(): void {
    timer = null;
    if (destroyed || !$state.get().active || pending) return;
    const controller = new AbortController();
    pending = controller;
    const started = now();
    nextDue = started + interval;
    options
      .load(controller.signal)
      .then(
        (frame) => {
          if (destroyed || controller.signal.aborted) {
            frame.release();
            return;
          }
          const previous = $state.get().frame;
          reported = false;
          // Listeners draw the new frame before the old one is freed.
          update({ frame, frameAt: now(), takenAt: frame.takenAt, failures: 0, offline: false });
          previous?.release();
        },
        (error: unknown) => {
          if (destroyed || controller.signal.aborted || options.isAbort?.(error)) return;
          const failures = $state.get().failures + 1;
          const offline = failures >= offlineAfter || Boolean(options.isPermanent?.(error));
          update({ failures, offline });
          if (offline) {
            nextDue = started + offlineRetry;
            if (!reported) {
              reported = true;
              options.onOffline?.(error);
            }
          }
        },
      )
      .finally(() => {
        if (pending === controller) pending = null;
        schedule();
      });
  }

  return {
    $state,
    setActive(active) {
      if (destroyed || $state.get().active === active) return;
      update({ active });
      if (active) {
        // Resume at once (unless offline: then keep the slower retry pace).
        if (!$state.get().offline) nextDue = now();
        schedule();
      } else {
        if (timer) clearTimeout(timer);
        timer = null;
        // Cancel the fetch; `pending` stays set until the load settles, so a quick
        // resume never starts a second load beside it.
        pending?.abort();
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending?.abort();
      const frame = $state.get().frame;
      $state.set({ frame: null, frameAt: null, takenAt: null, failures: 0, offline: false, active: false });
      frame?.release();
    },
  };
}
