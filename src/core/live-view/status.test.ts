import { describe, expect, it } from 'vitest';
import type { FeedState } from './frameLoop.ts';
import { trackFrame } from './liveFrames.ts';
import { cameraStatus, frameAgeSeconds, frameTakenAt, liveWithinMs, OFFLINE_AFTER_MS } from './status.ts';

const NOW = Date.UTC(2026, 0, 5, 14, 32, 7);
const frame = trackFrame({} as CanvasImageSource, 480, 270, () => {});
const feed = (takenAt: number | null, patch: Partial<FeedState> = {}): FeedState => ({
  frame,
  frameAt: NOW,
  takenAt,
  failures: 0,
  offline: false,
  active: true,
  ...patch,
});
const headers = (values: Record<string, string>) => new Headers(values);

describe('cameraStatus', () => {
  it('is live up to 2 refresh intervals (at least 3 s) after the frame was taken, then delayed', () => {
    expect(liveWithinMs(1000)).toBe(3000);
    expect(liveWithinMs(5000)).toBe(10_000);
    expect(cameraStatus(feed(NOW), NOW)).toBe('live');
    expect(cameraStatus(feed(NOW - 3000), NOW)).toBe('live');
    expect(cameraStatus(feed(NOW - 3001), NOW)).toBe('stale');
    expect(cameraStatus(feed(NOW - 10_000), NOW, true, 5000)).toBe('live');
    expect(cameraStatus(feed(NOW - 10_001), NOW, true, 5000)).toBe('stale');
  });

  it('is offline when the frame is over 5 minutes old', () => {
    expect(cameraStatus(feed(NOW - OFFLINE_AFTER_MS), NOW)).toBe('stale');
    expect(cameraStatus(feed(NOW - OFFLINE_AFTER_MS - 1), NOW)).toBe('offline');
  });

  it('an offline system is offline even with a fresh frame, and without any', () => {
    expect(cameraStatus(feed(NOW), NOW, false)).toBe('offline');
    expect(cameraStatus(feed(null, { frame: null, frameAt: null }), NOW, false)).toBe('offline');
  });

  it('a frame of unknown time is never live', () => {
    expect(cameraStatus(feed(null), NOW)).toBe('stale');
    expect(frameAgeSeconds(feed(null), NOW)).toBeNull();
  });

  it('connecting before the first frame, offline after failing', () => {
    expect(cameraStatus(feed(null, { frame: null, frameAt: null }), NOW)).toBe('connecting');
    expect(cameraStatus(feed(NOW, { offline: true }), NOW)).toBe('offline');
  });

  it('reports the age in whole seconds', () => {
    expect(frameAgeSeconds(feed(NOW - 14_999), NOW)).toBe(14);
    expect(frameAgeSeconds(feed(NOW + 500), NOW)).toBe(0);
  });
});

describe('frameTakenAt', () => {
  it('reads X-Frame-Time', () => {
    expect(frameTakenAt(headers({ 'X-Frame-Time': new Date(NOW - 5000).toISOString() }), NOW)).toBe(NOW - 5000);
    expect(frameTakenAt(headers({ 'X-Frame-Time': '2026-01-05T15:32:02+01:00' }), NOW)).toBe(NOW - 5000);
  });

  it("measures the age on the server's clock: a device clock 10 min ahead still sees a fresh frame", () => {
    const h = headers({ 'X-Frame-Time': '2026-01-05T14:32:06.000Z', Date: 'Mon, 05 Jan 2026 14:32:07 GMT' });
    const deviceNow = NOW + 600_000;
    expect(frameTakenAt(h, deviceNow)).toBe(deviceNow - 1000);
  });

  it('treats a missing, garbled or future time as unknown', () => {
    for (const value of [
      undefined,
      '',
      'yesterday',
      '1736087527',
      '2026-13-45T99:00:00Z',
      '2026-01-05 14:32:07',
      'Mon, 05 Jan 2026 14:32:07 GMT',
    ]) {
      expect(frameTakenAt(headers(value === undefined ? {} : { 'X-Frame-Time': value }), NOW)).toBeNull();
    }
    expect(frameTakenAt(headers({ 'X-Frame-Time': new Date(NOW + 60_000).toISOString() }), NOW)).toBeNull();
    // A garbled Date falls back to this device's clock.
    expect(frameTakenAt(headers({ 'X-Frame-Time': new Date(NOW - 2000).toISOString(), Date: 'soon' }), NOW)).toBe(NOW - 2000);
  });
});
