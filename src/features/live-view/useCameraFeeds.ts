import { useEffect, useState } from 'react';
import type { Camera } from '../../core/api/contract.ts';
import { createCameraFeed } from '../../core/live-view/cameraFeed.ts';
import type { FrameLoop } from '../../core/live-view/frameLoop.ts';

/**
 * One frame loop per camera, created when the cameras (or the interval) change and
 * destroyed with the view, so every frame is freed when the view goes away.
 */
export function useCameraFeeds(cameras: readonly Camera[], intervalMs: number | undefined): Map<string, FrameLoop> | null {
  const [feeds, setFeeds] = useState<Map<string, FrameLoop> | null>(null);
  const key = `${intervalMs ?? ''}|${cameras.map((c) => `${c.uuid}=${c.media_url}`).join(',')}`;
  useEffect(() => {
    const created = new Map(cameras.map((c) => [c.uuid, createCameraFeed(c.media_url, intervalMs === undefined ? {} : { intervalMs })]));
    setFeeds(created);
    return () => {
      for (const feed of created.values()) feed.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the cameras and the interval (a new array each render)
  }, [key]);
  return feeds;
}
