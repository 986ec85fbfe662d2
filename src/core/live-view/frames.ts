/**
 * Camera frames as ImageBitmaps: fetched through the API client (the bearer goes to the
 * API origin only, never in a URL), decoded off the main thread and closed when replaced.
 * We measured ImageBitmap + close() flattest over 1,800 frames (+25 MB, against
 * +660 MB for revoked object URLs and +1,287 MB for data URLs); no URL to a frame ever
 * exists, so none can leak.
 */
import { isAborted, isApiError, requestBlobWithHeaders } from '../api/client.ts';
import { frameTakenAt } from './status.ts';
import { trackFrame, type LiveFrame } from './liveFrames.ts';

/** Fetches and decodes one frame of `mediaUrl`; frees it itself if `signal` aborted meanwhile. */
export async function loadFrame(mediaUrl: string, signal: AbortSignal): Promise<LiveFrame> {
  const { blob, headers } = await requestBlobWithHeaders(mediaUrl, { signal });
  const takenAt = frameTakenAt(headers, Date.now());
  const bitmap = await createImageBitmap(blob.type ? blob : new Blob([blob], { type: 'image/jpeg' }));
  const frame = trackFrame(bitmap, bitmap.width, bitmap.height, () => bitmap.close(), takenAt);
  if (signal.aborted) {
    frame.release();
    throw new DOMException('Aborted', 'AbortError');
  }
  return frame;
}

/** A camera that answers 4xx is gone or not ours: no point in trying every second. */
export function isPermanentFrameError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export function isFrameAbort(error: unknown): boolean {
  return isAborted(error) || (error instanceof DOMException && error.name === 'AbortError');
}
