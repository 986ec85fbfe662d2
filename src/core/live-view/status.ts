/**
 * What a camera tile may claim (docs/product.md#camera-frames): Live only when the system
 * is online and the frame's own time proves it fresh; an unknown time is never Live.
 */
import { DEFAULT_INTERVAL_MS, type FeedState, type FeedStatus } from './frameLoop.ts';

/** A frame this old counts as no frame: the camera is offline. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/** Fresh: taken within 2 refresh intervals, and at least 3 s (frame times are whole seconds). */
export const liveWithinMs = (intervalMs: number): number => Math.max(3000, 2 * intervalMs);

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/;

/**
 * When a frame was taken, on this device's clock (ms), from its answer's headers:
 * `X-Frame-Time`, its age measured on the server's clock (`Date`) when that is readable.
 * Null when the time is missing, unreadable, or clearly in the future.
 */
export function frameTakenAt(headers: { get(name: string): string | null }, receivedAt: number): number | null {
  const raw = headers.get('X-Frame-Time')?.trim() ?? '';
  const taken = ISO_TIME.test(raw) ? Date.parse(raw) : NaN;
  if (!Number.isFinite(taken)) return null;
  const date = Date.parse(headers.get('Date') ?? '');
  const age = (Number.isFinite(date) ? date : receivedAt) - taken;
  // `Date` has whole seconds: up to a second "ahead" of it is the same second.
  return age < -1000 ? null : receivedAt - Math.max(0, age);
}

/** A camera's status at `now`, from its feed, its system's state and its frame's time. */
export function cameraStatus(state: FeedState, now: number, systemOnline = true, intervalMs = DEFAULT_INTERVAL_MS): FeedStatus {
  if (!systemOnline || state.offline) return 'offline';
  if (!state.frame) return 'connecting';
  if (state.takenAt === null) return 'stale';
  const age = now - state.takenAt;
  return age > OFFLINE_AFTER_MS ? 'offline' : age > liveWithinMs(intervalMs) ? 'stale' : 'live';
}

/** Whole seconds since the frame on screen was taken, or null when unknown. */
export function frameAgeSeconds(state: FeedState, now: number): number | null {
  return state.frame && state.takenAt !== null ? Math.max(0, Math.floor((now - state.takenAt) / 1000)) : null;
}
