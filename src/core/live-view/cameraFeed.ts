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
