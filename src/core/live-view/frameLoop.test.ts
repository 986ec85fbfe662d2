import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { createFrameLoop, type FrameLoop, type FrameLoopOptions } from './frameLoop.ts';
import { cameraStatus as feedStatus } from './status.ts';
import type { LiveFrame } from './liveFrames.ts';
import { liveFrameCount, liveFrameStats } from '../../../test/unit/frame-counts.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';

// The page counts its live frames: each test runs on a fresh page, the counters loaded afresh.
let trackFrame: typeof import('./liveFrames.ts').trackFrame;

/** A controllable loader: every call waits until the test resolves or rejects it. */
function fakeLoader() {
  const calls: { signal: AbortSignal; resolve: () => LiveFrame; reject: (e: unknown) => void; settled: boolean }[] = [];
  const freed: number[] = [];
  let n = 0;
  const load = vi.fn((signal: AbortSignal) => {
    return new Promise<LiveFrame>((resolve, reject) => {
      const call = {
        signal,
        settled: false,
        resolve: () => {
          const id = ++n;
          const frame = trackFrame({} as CanvasImageSource, 480, 270, () => freed.push(id), Date.now() - 1000);
          call.settled = true;
          resolve(frame);
          return frame;
        },
        reject: (e: unknown) => {
          call.settled = true;
          reject(e);
        },
      };
      calls.push(call);
    });
  });
  const inFlight = () => calls.filter((c) => !c.settled).length;
  return { load, calls, freed, inFlight, last: () => calls[calls.length - 1]! };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('frame loop', () => {
  let loop: FrameLoop | undefined;
  beforeEach(async () => {
    freshPage();
    ({ trackFrame } = await import('./liveFrames.ts'));
    vi.useFakeTimers();
  });
  afterEach(() => {
    loop?.destroy();
    loop = undefined;
    vi.useRealTimers();
  });

  function start(loader: ReturnType<typeof fakeLoader>, options: Partial<FrameLoopOptions> = {}) {
    loop = createFrameLoop({ load: loader.load, intervalMs: 1000, ...options });
    loop.setActive(true);
    return loop;
  }

  it('does nothing until it is active', async () => {
    const loader = fakeLoader();
    loop = createFrameLoop({ load: loader.load });
    await vi.advanceTimersByTimeAsync(5000);
    expect(loader.load).not.toHaveBeenCalled();
  });

  it('polls at a steady rate: one load per interval, start to start', async () => {
    const loader = fakeLoader();
    start(loader);
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    loader.last().resolve(); // took 300 ms
    await vi.advanceTimersByTimeAsync(699);
    expect(loader.load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loader.load).toHaveBeenCalledTimes(2); // at t = 1000, not 1300
    for (let i = 0; i < 5; i++) {
      loader.last().resolve();
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(loader.load).toHaveBeenCalledTimes(7);
  });

  it('never has more than one load in flight, even when loads are slower than the interval', async () => {
    const loader = fakeLoader();
    start(loader, { intervalMs: 100 });
    await flush();
    await vi.advanceTimersByTimeAsync(2000);
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.inFlight()).toBe(1);
    loader.last().resolve();
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(2); // overdue: the next starts right away
    expect(loader.inFlight()).toBe(1);
  });

  it('frees every frame it replaces and the last one on destroy', async () => {
    const loader = fakeLoader();
    start(loader, { intervalMs: 20 });
    const drawn: (LiveFrame | null)[] = [];
    let liveWhenDrawn = 0;
    loop!.$state.listen((s) => {
      drawn.push(s.frame);
      liveWhenDrawn = Math.max(liveWhenDrawn, liveFrameCount());
    });
    for (let i = 0; i < 50; i++) {
      await vi.advanceTimersByTimeAsync(20);
      loader.last().resolve();
      await flush();
      expect(liveFrameCount()).toBe(1);
    }
    expect(loader.freed).toHaveLength(49);
    expect(liveWhenDrawn).toBe(2); // the new frame is drawn while the old one still exists
    expect(liveFrameStats().peak).toBe(2);
    loop!.destroy();
    expect(loader.freed).toHaveLength(50);
    expect(liveFrameCount()).toBe(0);
  });

  it('pauses (aborting the load under way) and resumes at once', async () => {
    const loader = fakeLoader();
    start(loader);
    await flush();
    loader.last().resolve();
    await flush();
    loop!.setActive(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loader.load).toHaveBeenCalledTimes(1);
    loop!.setActive(true);
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(2);

    // Paused mid-load: the load is aborted, and its frame (if it still comes) is freed.
    loop!.setActive(false);
    expect(loader.last().signal.aborted).toBe(true);
    const late = loader.last().resolve();
    await flush();
    expect(loop!.$state.get().frame).not.toBe(late);
    expect(loader.freed).toContain(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(loader.load).toHaveBeenCalledTimes(2);
    expect(loop!.$state.get().active).toBe(false);
  });

  it('a quick pause and resume never starts a second load beside one still settling', async () => {
    const loader = fakeLoader();
    start(loader);
    await flush();
    loop!.setActive(false);
    loop!.setActive(true);
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(1);
    loader.calls[0]!.reject(new ApiError('aborted', 0, []));
    await flush();
    expect(loader.load).toHaveBeenCalledTimes(2); // then at once
  });

  it('keeps the time each frame was taken, and goes stale when frames stop coming', async () => {
    const loader = fakeLoader();
    start(loader);
    await flush();
    expect(feedStatus(loop!.$state.get(), Date.now())).toBe('connecting');
    const frame = loader.last().resolve();
    await flush();
    const state = loop!.$state.get();
    expect(state.takenAt).toBe(frame.takenAt);
    expect(feedStatus(state, Date.now())).toBe('live');
    // No new frame for 3 s (2 intervals, at least 3 s): delayed.
    expect(feedStatus(state, frame.takenAt! + 3000)).toBe('live');
    expect(feedStatus(state, frame.takenAt! + 3001)).toBe('stale');
  });

  it('turns offline after 3 failures in a row, reports it once, and recovers on the next frame', async () => {
    const loader = fakeLoader();
    const onOffline = vi.fn();
    start(loader, { onOffline });
    await flush();
    loader.last().resolve();
    for (let i = 0; i < 2; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      loader.last().reject(new ApiError('network', 0, []));
      await flush();
    }
    expect(loop!.$state.get().failures).toBe(2);
    expect(feedStatus(loop!.$state.get(), Date.now())).toBe('live'); // one lost frame is no outage
    expect(onOffline).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    loader.last().reject(new ApiError('network', 0, []));
    await flush();
    expect(feedStatus(loop!.$state.get(), Date.now())).toBe('offline');
    expect(loop!.$state.get().frame).not.toBeNull(); // the last image stays, marked offline
    // Still failing: it keeps retrying, slower, and does not report again.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(5000);
      loader.last().reject(new ApiError('network', 0, []));
      await flush();
    }
    expect(onOffline).toHaveBeenCalledTimes(1);
    expect(loader.load).toHaveBeenCalledTimes(8);
    // Back: live again; a later outage is reported again.
    await vi.advanceTimersByTimeAsync(5000);
    loader.last().resolve();
    await flush();
    expect(feedStatus(loop!.$state.get(), Date.now())).toBe('live');
    expect(loop!.$state.get().failures).toBe(0);
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      loader.last().reject(new ApiError('network', 0, []));
      await flush();
    }
    expect(onOffline).toHaveBeenCalledTimes(2);
  });

  it('a permanent error makes it offline at once', async () => {
    const loader = fakeLoader();
    const onOffline = vi.fn();
    start(loader, { onOffline, isPermanent: (e) => e instanceof ApiError && e.status === 404 });
    await flush();
    loader.last().reject(new ApiError('http', 404, []));
    await flush();
    expect(feedStatus(loop!.$state.get(), Date.now())).toBe('offline');
    expect(onOffline).toHaveBeenCalledTimes(1);
  });

  it('ignores aborted loads (no failure counted)', async () => {
    const loader = fakeLoader();
    start(loader, { isAbort: (e) => e instanceof ApiError && e.kind === 'aborted' });
    await flush();
    loader.last().reject(new ApiError('aborted', 0, []));
    await flush();
    expect(loop!.$state.get().failures).toBe(0);
  });

  it('stops for good on destroy', async () => {
    const loader = fakeLoader();
    start(loader);
    await flush();
    loop!.destroy();
    loop!.setActive(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(loader.calls[0]!.signal.aborted).toBe(true);
  });
});
