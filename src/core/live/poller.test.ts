import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeVisibility } from '../../../test/unit/live-fakes.ts';
import { backoffDelay, createPoller } from './poller.ts';

describe('backoffDelay', () => {
  it('doubles the wait after each failure, up to five minutes', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(20_000, n))).toEqual([20_000, 40_000, 80_000, 160_000, 300_000]);
    expect(backoffDelay(20_000, 50)).toBe(300_000);
    expect(backoffDelay(1000, 3, 5000)).toBe(5000);
  });
});

describe('createPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks once per interval while visible', async () => {
    const tick = vi.fn(async () => {});
    const poller = createPoller({ intervalMs: 20_000, tick, visibility: fakeVisibility() });
    poller.start();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(tick).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tick).toHaveBeenCalledTimes(4);
    poller.stop();
    await vi.advanceTimersByTimeAsync(100_000);
    expect(tick).toHaveBeenCalledTimes(4);
  });

  it('backs off exponentially on failures and returns to the interval after a success', async () => {
    let fail = true;
    const times: number[] = [];
    const tick = vi.fn(async () => {
      times.push(Date.now());
      if (fail) throw new Error('down');
    });
    const t0 = Date.now();
    const poller = createPoller({ intervalMs: 10_000, maxBackoffMs: 60_000, tick, visibility: fakeVisibility() });
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000 + 20_000 + 40_000 + 60_000 + 60_000);
    expect(times.map((t) => t - t0)).toEqual([10_000, 30_000, 70_000, 130_000, 190_000]);
    expect(poller.failures).toBe(5);
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poller.failures).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times.map((t) => t - t0).slice(-2)).toEqual([250_000, 260_000]);
    poller.stop();
  });

  it('makes no request while hidden and catches up at once when shown after the tick was due', async () => {
    const visibility = fakeVisibility();
    const tick = vi.fn(async () => {});
    const poller = createPoller({ intervalMs: 20_000, tick, visibility });
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tick).not.toHaveBeenCalled();
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tick).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('waits out the rest of the interval when shown again before it was due', async () => {
    const visibility = fakeVisibility();
    const tick = vi.fn(async () => {});
    const poller = createPoller({ intervalMs: 20_000, tick, visibility });
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(5_000);
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('starts hidden without ticking, and continues the cadence of an earlier poll (takeover)', async () => {
    const tick = vi.fn(async () => {});
    const poller = createPoller({ intervalMs: 20_000, tick, visibility: fakeVisibility() });
    poller.start(Date.now() - 15_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tick).toHaveBeenCalledTimes(1);
    poller.stop();
    const hidden = createPoller({ intervalMs: 1000, tick, visibility: fakeVisibility(true) });
    hidden.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(1);
    hidden.stop();
  });
});
