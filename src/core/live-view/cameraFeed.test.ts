import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/store.ts';
import { mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { createCameraFeed } from './cameraFeed.ts';
import type { FrameLoop } from './frameLoop.ts';
import { loadFrame } from './frames.ts';
import { trackFrame } from './liveFrames.ts';
import { liveFrameCount } from '../../../test/unit/frame-counts.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('camera feed', () => {
  const feeds: FrameLoop[] = [];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    feeds.splice(0).forEach((f) => f.destroy());
    for (const t of $toasts.get()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it("toasts 'Unable to load media file.' once per outage, for all cameras together", async () => {
    const load = vi.fn(() => Promise.reject(new ApiError('network', 0, [])));
    for (const url of ['/api/v2/media/a', '/api/v2/media/b']) {
      const feed = createCameraFeed(url, { load });
      feeds.push(feed);
      feed.setActive(true);
    }
    const shown = new Set<number>();
    const unlisten = $toasts.listen((list) => list.filter((t) => t.key === 'core.toastErrors.loadMedia').forEach((t) => shown.add(t.id)));
    await flush();
    await vi.advanceTimersByTimeAsync(2500); // third failure of each camera: offline
    expect($toasts.get().filter((t) => t.key === 'core.toastErrors.loadMedia')).toHaveLength(1);
    // The toast hides itself after 5 s; cameras that stay down do not toast again.
    await vi.advanceTimersByTimeAsync(60_000);
    unlisten();
    expect(load.mock.calls.length).toBeGreaterThan(20);
    expect(shown.size).toBe(1);
    expect($toasts.get()).toEqual([]);
  });

  it('loads its own media URL', async () => {
    const load = vi.fn((_url: string, _signal: AbortSignal) => Promise.resolve(trackFrame({} as CanvasImageSource, 1, 1, () => {})));
    const feed = createCameraFeed('/api/v2/media/cam-1', { load, intervalMs: 500 });
    feeds.push(feed);
    feed.setActive(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load.mock.calls.map((c) => c[0])).toEqual(['/api/v2/media/cam-1', '/api/v2/media/cam-1', '/api/v2/media/cam-1']);
  });
});

describe('loadFrame', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'tok' });
  });
  afterEach(() => $currentUser.set(null));

  it('fetches with the bearer header (never in the URL), decodes, and counts the frame until released', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 480, height: 270, close })),
    );
    const m = mockFetch(() => new Response(new Blob(['jpeg'], { type: 'image/jpeg' })));
    const before = liveFrameCount();
    const frame = await loadFrame('/api/v2/media/cam-1', new AbortController().signal);
    expect(m.calls[0]!.url.href).toBe('https://api.vigil.test/api/v2/media/cam-1');
    expect(m.calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(m.calls[0]!.url.href).not.toContain('tok');
    expect(frame.width).toBe(480);
    expect(liveFrameCount()).toBe(before + 1);
    frame.release();
    frame.release();
    expect(close).toHaveBeenCalledTimes(1);
    expect(liveFrameCount()).toBe(before);
  });

  it('frees a frame decoded after its load was aborted', async () => {
    const close = vi.fn();
    const controller = new AbortController();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        controller.abort();
        return { width: 1, height: 1, close };
      }),
    );
    mockFetch(() => new Response(new Blob(['jpeg'], { type: 'image/jpeg' })));
    const before = liveFrameCount();
    await expect(loadFrame('/api/v2/media/cam-1', controller.signal)).rejects.toThrow(/Abort/);
    expect(close).toHaveBeenCalledTimes(1);
    expect(liveFrameCount()).toBe(before);
  });
});
