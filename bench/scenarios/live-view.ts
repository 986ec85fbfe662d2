/**
 * Live view over 1,800 frames: JS heap growth (after forced GC) and live frame resources
 * (the page-wide counter of decoded frames, exposed with the debug flag).
 */
import type { Page } from 'playwright-core';
import type { Bench } from '../harness.ts';

const SYSTEM = '30000000-0000-4000-8000-000000000001'; // Antwerp docks
const FRAMES = 1_800;

async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
}

type Stats = { live: number; peak: number; created: number };

export async function liveView(bench: Bench) {
  const context = await bench.context({ as: 'manager@vigil.test' });
  await context.addInitScript(() => localStorage.setItem('vigil.debug', '1'));
  const page = await context.newPage();
  const url = await bench.htmlPage(
    page,
    '/bench/live-view.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Live view</title><script type="module" src="/dist/vigil-live-view.js"></script></head>
<body><vigil-live-view system="${SYSTEM}" interval="20"></vigil-live-view></body></html>`,
  );
  let frameRequests = 0;
  page.on('requestfinished', (r) => {
    if (r.url().includes('/api/v2/media/')) frameRequests++;
  });
  await page.goto(url);
  const stats = () => page.evaluate(() => (window as unknown as { __vigilLiveFrames?: Stats }).__vigilLiveFrames ?? null);
  await page.waitForFunction(() => ((window as unknown as { __vigilLiveFrames?: Stats }).__vigilLiveFrames?.created ?? 0) >= 10, null, {
    timeout: 30_000,
  });
  const startHeap = await heapMB(page);
  const start = (await stats())!;
  const t0 = Date.now();
  await page.waitForFunction(
    (n) => ((window as unknown as { __vigilLiveFrames?: Stats }).__vigilLiveFrames?.created ?? 0) >= n,
    start.created + FRAMES,
    {
      timeout: 600_000,
      polling: 500,
    },
  );
  const seconds = (Date.now() - t0) / 1000;
  const end = (await stats())!;
  const endHeap = await heapMB(page);
  const cameras = await page.locator('vigil-live-view').locator('canvas, img').count();
  await context.close();
  return {
    frames: end.created - start.created,
    seconds,
    frameRequests,
    cameras,
    liveAtEnd: end.live,
    peakLive: end.peak,
    heapStartMB: +startHeap.toFixed(1),
    heapEndMB: +endHeap.toFixed(1),
    heapGrowthMB: +(endHeap - startHeap).toFixed(1),
    markdown: `${end.created - start.created} frames over ${cameras} cameras in ${seconds.toFixed(0)} s (interval 20 ms): **live frame resources at the end ${end.live}, peak ${end.peak}** (at most 2 per camera allowed); JS heap after GC ${startHeap.toFixed(1)} MB → ${endHeap.toFixed(1)} MB (**${(endHeap - startHeap >= 0 ? '+' : '') + (endHeap - startHeap).toFixed(1)} MB**).`,
  };
}
