/**
 * One camera's live feed: the frame loop wired to the media loader, with the docs/product.md#errors
 * 'Unable to load media file.' toast once per outage (not per failed frame).
 */
import { showError } from '../toasts/toasts.ts';
import { createFrameLoop, type FrameLoop } from './frameLoop.ts';
import { isFrameAbort, isPermanentFrameError, loadFrame } from './frames.ts';

export interface CameraFeedOptions {
  intervalMs?: number;
  /** The loader (tests pass their own). */
  load?: typeof loadFrame;
}

export function createCameraFeed(mediaUrl: string, { intervalMs, load = loadFrame }: CameraFeedOptions = {}): FrameLoop {
  return createFrameLoop({
    load: (signal) => load(mediaUrl, signal),
    ...(intervalMs !== undefined ? { intervalMs } : {}),
    isPermanent: isPermanentFrameError,
    isAbort: isFrameAbort,
    onOffline: () => showError('core.toastErrors.loadMedia'),
  });
}

/** Parses an `interval` attribute (ms); null when it is not a whole number in range. */
export function parseInterval(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= MIN_INTERVAL_MS && n <= MAX_INTERVAL_MS ? n : null;
}

/** Bounds of the `interval` attribute: 20 ms (benches) to one minute. */
export const MIN_INTERVAL_MS = 20;
export const MAX_INTERVAL_MS = 60_000;
