/**
 * Schedule painting across all 336 cells by pointer drag: the longest task (long tasks
 * over 50 ms, plus Event Timing durations) while painting.
 */
import type { Bench } from '../harness.ts';

const SITE = '20000000-0000-4000-8000-000000000002';

export async function schedule(bench: Bench) {
  // Tall enough that the whole matrix is on screen (pointer moves only reach visible cells).
  const context = await bench.context({ as: 'manager@vigil.test', viewport: { width: 1440, height: 2000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[]; __events: number[] };
    w.__longTasks = [];
    w.__events = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({
      type: 'longtask',
      buffered: true,
    });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__events.push(e.duration))).observe({
      type: 'event',
      durationThreshold: 16,
      buffered: true,
    } as PerformanceObserverInit);
  });
  const url = await bench.htmlPage(
    page,
    '/bench/schedule.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Schedule</title><script type="module" src="/dist/vigil-schedule-matrix.js"></script></head>
<body><vigil-schedule-matrix site="${SITE}"></vigil-schedule-matrix></body></html>`,
  );
  await page.goto(url);
  // The week's grid, not the exceptions' calendar beside it.
  const grid = page.getByRole('grid', { name: /^Security hours of / });
  const cells = grid.getByRole('gridcell');
  await cells.nth(335).waitFor({ timeout: 30_000 });
  await grid.scrollIntoViewIfNeeded();
  const count = await cells.count();
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __events: number[] };
    w.__longTasks = [];
    w.__events = [];
  });
  // Drag from the first to the last cell, row by row, through every cell's centre.
  const boxes = [];
  for (let i = 0; i < count; i++) boxes.push(await cells.nth(i).boundingBox());
  // The main thread's own time for the drag (CPU time the page spent scripting and in
  // tasks): less bent by a busy machine than long tasks, which count wall time.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const of = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
    return { script: of('ScriptDuration'), task: of('TaskDuration') };
  };
  const before = await metrics();
  const first = boxes[0]!;
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  await page.mouse.down();
  const t0 = Date.now();
  for (const b of boxes) if (b) await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 1 });
  await page.mouse.up();
  const dragMs = Date.now() - t0;
  await page.waitForTimeout(300);
  const after = await metrics();
  const scriptMs = Math.round((after.script - before.script) * 1000);
  const taskMs = Math.round((after.task - before.task) * 1000);
  const painted = await page.locator('[role="gridcell"][aria-selected="true"], [role="gridcell"][aria-pressed="true"]').count();
  const { longTasks, events } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __events: number[] };
    return { longTasks: w.__longTasks, events: w.__events };
  });
  await context.close();
  const longest = Math.max(0, ...longTasks);
  const longestEvent = Math.max(0, ...events);
  return {
    cells: count,
    painted,
    dragMs,
    longTasks: longTasks.length,
    longestTaskMs: Math.round(longest),
    longestEventMs: Math.round(longestEvent),
    scriptMs,
    taskMs,
    markdown: `Dragging through all ${count} cells (${painted} secured afterwards) took ${dragMs} ms of pointer moves: **${longTasks.length} long tasks (> 50 ms)**, longest ${Math.round(longest)} ms; the slowest input event took ${Math.round(longestEvent)} ms (Event Timing, ≥ 16 ms reported). Main thread: ${scriptMs} ms scripting, ${taskMs} ms in tasks (${(scriptMs / count).toFixed(1)} ms of script per cell).`,
  };
}
