import { safeStorage } from '../browser/storage.ts';

/**
 * How often the fallback polls (when the API has no event stream, or it is down). 20 s by default; a page (or a test, or someone
 * debugging) can set another period in localStorage under `vigil.live.intervalMs`
 * (milliseconds, 1 s to 1 h), read when live updates start.
 */
export const DEFAULT_LIVE_INTERVAL_MS = 20_000;
export const LIVE_INTERVAL_KEY = 'vigil.live.intervalMs';
export const MIN_LIVE_INTERVAL_MS = 1000;
export const MAX_LIVE_INTERVAL_MS = 3_600_000;

export function liveIntervalMs(storage: Pick<Storage, 'getItem'> | null = safeStorage()): number {
  const raw = storage?.getItem(LIVE_INTERVAL_KEY);
  const value = raw ? Number(raw) : NaN;
  if (!Number.isFinite(value)) return DEFAULT_LIVE_INTERVAL_MS;
  return Math.min(MAX_LIVE_INTERVAL_MS, Math.max(MIN_LIVE_INTERVAL_MS, Math.round(value)));
}
