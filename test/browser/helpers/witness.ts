/**
 * A witness for "nothing happens over a while": the product's own frame loop
 * (createFrameLoop), loading nothing, counts its steps. On a busy machine the page's
 * timers run late together with the witness's, so "n steps of the witness passed and the
 * element under test did nothing" holds where a fixed sleep would be either too short
 * (a slow machine) or too long (a fast one). Positive checks never need it: wait for the
 * condition with `waitFor`.
 */
import { createFrameLoop } from '../../../src/core/live-view/frameLoop.ts';
import type { LiveFrame } from '../../../src/core/live-view/liveFrames.ts';
import { waitFor } from './assert.ts';

const nothing: LiveFrame = { image: new Image(), width: 0, height: 0, takenAt: null, release() {} };

/** Resolves once a frame loop at `intervalMs` has made `steps` steps (the first one at once). */
export async function loopSteps(steps: number, intervalMs: number): Promise<void> {
  let made = 0;
  const loop = createFrameLoop({
    intervalMs,
    load: () => {
      made++;
      return Promise.resolve(nothing);
    },
  });
  loop.setActive(true);
  try {
    await waitFor(() => made >= steps, { timeout: steps * intervalMs * 10 + 2_000, message: `the witness made ${steps} steps` });
  } finally {
    loop.destroy();
  }
}
