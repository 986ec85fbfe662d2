/**
 * Inbox with 20,000 incidents: DOM nodes, and main-thread time (CDP TaskDuration) to the
 * first rendered rows and to scrolling to the very end.
 */
import type { Page } from 'playwright-core';
import { recordRequests, type Bench } from '../harness.ts';

const N = 20_000;

/** Every element on the page, through open shadow roots. */
function countNodes(page: Page): Promise<number> {
  return page.evaluate(() => {
    let n = 0;
    const walk = (root: Document | ShadowRoot | Element) => {
      for (const el of root.querySelectorAll('*')) {
        n++;
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return n;
  });
}

/** Main-thread task time (s) since the session was enabled; one CDP session per page. */
async function taskClock(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
}

export async function inbox(bench: Bench) {
  await bench.bulkInbox('manager@vigil.test', { incidents: N });
  const context = await bench.context({ as: 'manager@vigil.test' });
  const page = await context.newPage();
  const taskSeconds = await taskClock(page);
  const network = recordRequests(page);
  const t0 = Date.now();
  await page.goto('/inbox');
  await page.locator('vigil-portal').locator('[data-row]').first().waitFor({ timeout: 30_000 });
  const firstRenderMs = Date.now() - t0;
  const taskFirst = await taskSeconds();
  const nodesFirst = await countNodes(page);

  // Scroll the list's own scroller to the end, a screen at a time, until the last row shows.
  const t1 = Date.now();
  const before = await taskSeconds();
  const total = await page.evaluate(async () => {
    const all: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        all.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    const scroller = all
      .filter((el) => el.scrollHeight > el.clientHeight * 5)
      .sort((a, b) => b.scrollHeight - a.scrollHeight)[0] as HTMLElement;
    let steps = 0;
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2 && steps < 100_000) {
      scroller.scrollTop += scroller.clientHeight * 4;
      steps++;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    return { steps, height: scroller.scrollHeight };
  });
  // wait for the last page to load and render
  await page.waitForTimeout(600);
  await network.quiet(500);
  const scrollMs = Date.now() - t1;
  const taskScroll = (await taskSeconds()) - before;
  const nodesEnd = await countNodes(page);
  const rowsEnd = await page.locator('vigil-portal').locator('[data-row]').count();
  await context.close();
  return {
    items: N,
    firstRenderMs,
    mainThreadToFirstRenderMs: Math.round(taskFirst * 1000),
    nodesFirst,
    scrollSteps: total.steps,
    scrollMs,
    mainThreadScrollMs: Math.round(taskScroll * 1000),
    nodesEnd,
    rowsInDomAtEnd: rowsEnd,
    markdown: [
      `${N.toLocaleString('en')} incidents (server-paged, virtualized):`,
      '',
      '| | wall time | main-thread task time | DOM elements (whole page, incl. shadow roots) |',
      '| --- | ---: | ---: | ---: |',
      `| first rows rendered | ${firstRenderMs} ms | ${Math.round(taskFirst * 1000)} ms | ${nodesFirst} |`,
      `| scrolled to the end (${total.steps} steps) | ${scrollMs} ms | ${Math.round(taskScroll * 1000)} ms | ${nodesEnd} (${rowsEnd} rows) |`,
    ].join('\n'),
  };
}
