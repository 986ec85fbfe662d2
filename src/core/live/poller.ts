/**
 * A polling schedule: one tick every `intervalMs` while the page is visible, backing off
 * exponentially after failures (up to `maxBackoffMs`), paused while the page is hidden and
 * caught up at once when it is shown again after the next tick was due.
 */

import { documentVisibility, type Visibility } from '../browser/visibility.ts';

export type { Visibility };

export interface PollerOptions {
  intervalMs: number;
  /** Longest wait after repeated failures (default 5 minutes). */
  maxBackoffMs?: number;
  /** One poll; a rejection counts as a failure. */
  tick(): Promise<void>;
  visibility?: Visibility;
  now?: () => number;
}

export interface Poller {
  /** Starts polling; the first tick is due `intervalMs` after `lastAt` (default now). */
  start(lastAt?: number): void;
  stop(): void;
  /** Consecutive failures so far (0 after a success). */
  readonly failures: number;
  /** Milliseconds until the next tick is due, after the current failures. */
  readonly delay: number;
}

export const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;

/** The wait before the next tick after `failures` failures in a row. */
export function backoffDelay(intervalMs: number, failures: number, maxMs = DEFAULT_MAX_BACKOFF_MS): number {
  if (failures <= 0) return intervalMs;
  return Math.min(maxMs, intervalMs * 2 ** Math.min(failures, 20));
}

export function createPoller(options: PollerOptions): Poller {
  const visibility = options.visibility ?? documentVisibility;
  const now = options.now ?? Date.now;
  const max = Math.max(options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, options.intervalMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let inFlight = false;
  let failures = 0;
  let lastAt = 0;
  let unlisten: (() => void) | undefined;

  const delay = () => backoffDelay(options.intervalMs, failures, max);

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!running || inFlight || visibility.hidden()) return;
    timer = setTimeout(run, Math.max(0, lastAt + delay() - now()));
  }

  async function run(): Promise<void> {
    timer = undefined;
    if (!running || inFlight || visibility.hidden()) return;
    inFlight = true;
    lastAt = now();
    try {
      await options.tick();
      failures = 0;
    } catch {
      failures++;
    } finally {
      inFlight = false;
      schedule();
    }
  }

  return {
    start(at = now()) {
      if (running) return;
      running = true;
      lastAt = at;
      unlisten = visibility.onChange(schedule);
      schedule();
    },
    stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      unlisten?.();
      unlisten = undefined;
    },
    get failures() {
      return failures;
    },
    get delay() {
      return delay();
    },
  };
}
