/**
 * The page-wide count of live camera frames (decoded images held for display). Every
 * frame the live view creates is counted here and uncounted when it is freed, so tests
 * and the memory bench can check that frames never pile up (at most two per camera: the
 * one on screen and the one replacing it).
 *
 * The counters live in the page-wide registry (`shared('liveView.frames')`), where tests
 * of the page read them. With the debug flag (`localStorage['vigil.debug'] = '1'`, or
 * `globalThis.__vigilDebug = true` before the suite loads) they are also readable as
 * `window.__vigilLiveFrames` (`{ live, peak, created }`), for end-to-end tests and benches.
 */
import { safeStorage } from '../browser/storage.ts';
import { shared } from '../shared.ts';

interface LiveFrameStats {
  /** Frames created and not yet freed. */
  live: number;
  /** The highest `live` seen on this page. */
  peak: number;
  /** Frames created on this page. */
  created: number;
}

const stats = shared('liveView.frames', (): LiveFrameStats => ({ live: 0, peak: 0, created: 0 }));

/** A decoded frame that must be freed exactly once with `release()`. */
export interface LiveFrame {
  readonly image: CanvasImageSource;
  readonly width: number;
  readonly height: number;
  /** When the camera took it (this device's clock, ms), or null when unknown. */
  readonly takenAt: number | null;
  /** Frees the frame (closes its ImageBitmap); later calls do nothing. */
  release(): void;
}

function debugEnabled(): boolean {
  const g = globalThis as { __vigilDebug?: unknown };
  if (g.__vigilDebug === true) return true;
  try {
    return safeStorage()?.getItem('vigil.debug') === '1';
  } catch {
    return false;
  }
}

let exposed = false;
function exposeForDebugging(): void {
  if (exposed || typeof window === 'undefined') return;
  exposed = true;
  if (!debugEnabled() || '__vigilLiveFrames' in window) return;
  Object.defineProperty(window, '__vigilLiveFrames', { configurable: true, get: () => ({ ...stats }) });
}

/**
 * Counts `image` as a live frame; `free` is called once by `release()` (e.g. to close an
 * ImageBitmap).
 */
export function trackFrame(
  image: CanvasImageSource,
  width: number,
  height: number,
  free: () => void,
  takenAt: number | null = null,
): LiveFrame {
  exposeForDebugging();
  stats.live++;
  stats.created++;
  if (stats.live > stats.peak) stats.peak = stats.live;
  let released = false;
  return {
    image,
    width,
    height,
    takenAt,
    release() {
      if (released) return;
      released = true;
      stats.live--;
      free();
    },
  };
}
