/**
 * The page's live-frame counters (src/core/live-view/liveFrames.ts keeps them in the
 * page-wide registry, src/core/shared.ts). A browser test file is one page for all its
 * tests, so a test that checks its own peak starts the counters as a fresh page would.
 */
import { type LiveFrameStats } from '../../../src/core/live-view/liveFrames.ts';
import { shared } from '../../../src/core/shared.ts';

/** Counts `peak` and `created` from now on, from the frames that are live already. */
export function restartFrameCounts(): void {
  const stats = shared<LiveFrameStats>('liveView.frames', () => {
    throw new Error('no live frames are counted on this page');
  });
  stats.peak = stats.live;
  stats.created = 0;
}
