/**
 * The page's live-frame counts, as src/core/live-view/liveFrames.ts keeps them in the
 * page-wide registry (src/core/shared.ts) and the debug global `__vigilLiveFrames` shows
 * them: frames live now, the peak and the frames created. For unit and browser tests.
 */
import '../../src/core/live-view/liveFrames.ts';
import { shared } from '../../src/core/shared.ts';

export interface FrameCounts {
  live: number;
  peak: number;
  created: number;
}

/** The page's counters (those of a fresh page once it imported the module again). */
function counts(): FrameCounts {
  return shared<FrameCounts>('liveView.frames', () => {
    throw new Error('no live frames are counted on this page');
  });
}

/** Frames created and not yet freed. */
export function liveFrameCount(): number {
  return counts().live;
}

/** A copy of the counters. */
export function liveFrameStats(): FrameCounts {
  return { ...counts() };
}

/**
 * Counts `peak` and `created` from now on, from the frames that are live already: for a
 * browser test file, one page for all its tests, where a test checks its own peak.
 */
export function restartFrameCounts(): void {
  const stats = counts();
  stats.peak = stats.live;
  stats.created = 0;
}
