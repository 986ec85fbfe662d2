/**
 * An intranet page with `<vigil-evacuation>` vs the same page embedding the portal's
 * project page in an iframe: JS bytes, requests, time to a usable Start button.
 */
import type { Page } from 'playwright-core';
import { recordRequests, type Bench } from '../harness.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const RUNS = 5;

const shell = (body: string, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>${head}</head>
<body><header><h1>Acme intranet</h1></header><main>${body}</main></body></html>`;

interface Run {
  ms: number;
  requests: number;
  jsBytes: number;
  jsRequests: number;
}

async function measure(page: Page, url: string, button: () => ReturnType<Page['locator']>): Promise<Run> {
  let requests = 0;
  let jsBytes = 0;
  let jsRequests = 0;
  const network = recordRequests(page);
  page.on('request', () => requests++);
  page.on('requestfinished', async (r) => {
    if (r.resourceType() !== 'script') return;
    jsRequests++;
    const sizes = await r.sizes().catch(() => null);
    if (sizes) jsBytes += sizes.responseBodySize;
  });
  const t0 = Date.now();
  await page.goto(url);
  const b = button().first();
  await b.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => true); // one task boundary
  while (await b.isDisabled()) await page.waitForTimeout(5);
  const ms = Date.now() - t0;
  await network.quiet(500, 10_000);
  return { ms, requests, jsBytes, jsRequests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function sideBySide(bench: Bench) {
  const result: Record<string, Run> = {};
  for (const variant of ['element', 'iframe'] as const) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await bench.context({ as: 'manager@vigil.test' });
      const page = await context.newPage();
      const html =
        variant === 'element'
          ? shell(
              `<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`,
              '<script type="module" src="/dist/vigil-evacuation.js"></script>',
            )
          : shell(`<iframe src="/project/${PROJECT}" title="Portal" style="width:100%;height:800px;border:0"></iframe>`);
      const url = await bench.htmlPage(page, `/bench/intranet-${variant}.html`, html);
      const button =
        variant === 'element'
          ? () => page.locator('vigil-evacuation').getByRole('button', { name: /start/i })
          : () => page.frameLocator('iframe').getByRole('button', { name: /start/i });
      runs.push(await measure(page, url, button as () => ReturnType<Page['locator']>));
      await context.close();
    }
    result[variant] = {
      ms: median(runs.map((r) => r.ms)),
      requests: median(runs.map((r) => r.requests)),
      jsBytes: median(runs.map((r) => r.jsBytes)),
      jsRequests: median(runs.map((r) => r.jsRequests)),
    };
  }
  const e = result.element!;
  const f = result.iframe!;
  const ratio = { lighter: f.jsBytes / e.jsBytes, faster: f.ms / e.ms, fewerRequests: f.requests / e.requests };
  return {
    result,
    ratio,
    markdown: [
      `Median of ${RUNS} cold loads each (signed in, compressed, same machine).`,
      '',
      '| | JS transferred | JS files | requests | time to usable Start button |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| \`<vigil-evacuation>\` | ${(e.jsBytes / 1024).toFixed(1)} KB | ${e.jsRequests} | ${e.requests} | ${e.ms} ms |`,
      `| portal project page in an iframe | ${(f.jsBytes / 1024).toFixed(1)} KB | ${f.jsRequests} | ${f.requests} | ${f.ms} ms |`,
      `| ratio | ${ratio.lighter.toFixed(2)}× lighter | | ${ratio.fewerRequests.toFixed(2)}× fewer | ${ratio.faster.toFixed(2)}× faster |`,
    ].join('\n'),
  };
}
