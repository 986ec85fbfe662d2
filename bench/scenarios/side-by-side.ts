/**
 * An intranet page with one element vs the same page embedding the portal's page for it
 * in an iframe, cold and signed in: time to usable, JS bytes, requests and the critical
 * path (the longest chain of requests that waited on one another: bench/critical-path.ts),
 * on the loopback network and on an emulated office network (Chromium's network emulation:
 * a round-trip time and a bandwidth), where every round trip costs what it does in use.
 *
 * - `<vigil-evacuation project>` vs `/project/{uuid}`: usable = the Start button is enabled;
 * - `<vigil-inbox view="incidents">` vs `/inbox`: usable = the first incident row shows;
 * - `<vigil-live-view system>` vs `/system/{uuid}`: usable = a camera shows a live frame.
 *
 * Beside them, the floor of the stack: the same intranet page with a first screen written
 * with nothing but React 19, react-dom and i18next (bench/floor/first-screen.ts), asking
 * the same answers. No element of this stack can be faster than that page; how close each
 * comes is the figure to improve.
 *
 * Goals (checked: the bench fails below them), for `<vigil-evacuation>` on the office
 * network: at most 1.25× the floor page's time, at least 2× faster than the iframed portal,
 * and a critical path of at most 2 round trips after the HTML.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { recordCriticalPath, describeChain } from '../critical-path.ts';
import { PATIENCE, REPO, recordRequests, type Bench } from '../harness.ts';
import { buildFloorPage } from './floor.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const SYSTEM = '30000000-0000-4000-8000-000000000001'; // Antwerp docks
const RUNS = 5;

export const GOAL = { floorRatio: 1.25, faster: 2, criticalPath: 2 } as const;

/** Where the floor page's script is built: served by the demo server like the suite's bundles. */
const FLOOR_DIR = join(REPO, 'dist/bench-floor');
const FLOOR_SCRIPT = '/dist/bench-floor/first-screen.js';

/** The networks: loopback as is, and an office network (a VPN to the API's region). */
const NETWORKS = [
  { name: 'loopback', latency: 0, throughput: -1 },
  { name: 'office network (60 ms round trip, 20 Mbit/s)', latency: 60, throughput: (20 * 1024 * 1024) / 8 },
] as const;

/**
 * When a page is usable, as the page itself sees it: the first animation frame in which an
 * element matching `selector` (in the document or any shadow root) is visible, enabled and,
 * with `text`, starts with it. Checked in the page on every frame (an init script, so in the
 * iframe's document too) and recorded there: the bench's own polling from Node, slow on a
 * busy machine, does not count in the figure.
 */
interface Usable {
  selector: string;
  text?: string;
}

interface Scenario {
  name: string;
  script: string;
  element: string;
  portal: string;
  /** The floor page's host: which first screen it renders, for which project or system. */
  floor: string;
  usable: Usable;
}

const SCENARIOS: Scenario[] = [
  {
    name: '`<vigil-evacuation>`',
    script: 'vigil-evacuation',
    element: `<vigil-evacuation project="${PROJECT}"></vigil-evacuation>`,
    portal: `/project/${PROJECT}`,
    floor: `<div data-floor="evacuation" data-target="${PROJECT}"></div>`,
    // The Start button, enabled.
    usable: { selector: 'button', text: 'start evacuation' },
  },
  {
    name: '`<vigil-inbox>`',
    script: 'vigil-inbox',
    element: '<vigil-inbox view="incidents"></vigil-inbox>',
    portal: '/inbox',
    floor: '<div data-floor="inbox"></div>',
    // The first incident row.
    usable: { selector: '[data-row]' },
  },
  {
    name: '`<vigil-live-view>`',
    script: 'vigil-live-view',
    element: `<vigil-live-view system="${SYSTEM}"></vigil-live-view>`,
    portal: `/system/${SYSTEM}`,
    floor: `<div data-floor="live" data-target="${SYSTEM}"></div>`,
    // A camera showing a live frame.
    usable: { selector: '[part=camera][data-status=live]' },
  },
];

/** The init script: records `__vigilUsableAt` (epoch ms, sub-millisecond) in each document once `usable` holds. */
function watchUsable(usable: Usable): void {
  const matches = (root: Document | ShadowRoot): boolean => {
    for (const el of root.querySelectorAll<HTMLElement>(usable.selector)) {
      if ((el as HTMLButtonElement).disabled || !el.checkVisibility()) continue;
      if (!usable.text || (el.textContent ?? '').trim().toLowerCase().startsWith(usable.text)) return true;
    }
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot && matches(el.shadowRoot)) return true;
    return false;
  };
  const tick = () => {
    if (matches(document)) (window as { __vigilUsableAt?: number }).__vigilUsableAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Waits until a frame of `page` has recorded its usable moment, and returns it (epoch ms). */
async function usableAt(page: Page): Promise<number> {
  const deadline = Date.now() + PATIENCE;
  for (;;) {
    for (const frame of page.frames()) {
      const at = await frame.evaluate(() => (window as { __vigilUsableAt?: number }).__vigilUsableAt).catch(() => undefined);
      if (at !== undefined) return at;
    }
    if (Date.now() > deadline) throw new Error(`${page.url()} was not usable within ${PATIENCE} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const shell = (body: string, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>${head}</head>
<body><header><h1>Acme intranet</h1></header><main>${body}</main></body></html>`;

export interface Run {
  ms: number;
  requests: number;
  jsBytes: number;
  jsRequests: number;
  /** Round trips after the HTML on the critical path (the deepest request sent before usable). */
  criticalPath: number;
  chain: string;
}

async function emulate(cdp: CDPSession, network: (typeof NETWORKS)[number]): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latency,
    downloadThroughput: network.throughput,
    uploadThroughput: network.throughput,
  });
}

type Variant = 'element' | 'iframe' | 'floor';

async function measure(bench: Bench, scenario: Scenario, variant: Variant, network: (typeof NETWORKS)[number]): Promise<Run> {
  const context = await bench.context({ as: 'manager@vigil.test' });
  await context.addInitScript(watchUsable, scenario.usable);
  const page = await context.newPage();
  await emulate(await context.newCDPSession(page), network);
  const html =
    variant === 'element'
      ? shell(scenario.element, `<script type="module" src="/dist/${scenario.script}.js"></script>`)
      : variant === 'floor'
        ? shell(scenario.floor, `<script type="module" src="${FLOOR_SCRIPT}"></script>`)
        : shell(`<iframe src="${scenario.portal}" title="Portal" style="width:100%;height:800px;border:0"></iframe>`);
  const url = await bench.htmlPage(page, `/bench/intranet-${scenario.script}-${variant}.html`, html);
  let requests = 0;
  let jsBytes = 0;
  let jsRequests = 0;
  const network$ = recordRequests(page);
  const path = await recordCriticalPath(page);
  page.on('request', () => requests++);
  page.on('requestfinished', async (r) => {
    if (r.resourceType() !== 'script') return;
    jsRequests++;
    const sizes = await r.sizes().catch(() => null);
    if (sizes) jsBytes += sizes.responseBodySize;
  });
  await page.goto(url);
  const start = await page.evaluate(() => performance.timeOrigin);
  const at = await usableAt(page);
  const ms = Math.round(at - start);
  const chain = path.longest(path.msSinceFirst(at));
  await network$.quiet(500, 10_000);
  await path.stop();
  await context.close();
  return { ms, requests, jsBytes, jsRequests, criticalPath: chain.at(-1)?.depth ?? 0, chain: describeChain(chain) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function summary(runs: Run[]): Run {
  const byTime = [...runs].sort((a, b) => a.ms - b.ms);
  const mid = byTime[Math.floor(byTime.length / 2)]!;
  return {
    ms: mid.ms,
    requests: median(runs.map((r) => r.requests)),
    jsBytes: median(runs.map((r) => r.jsBytes)),
    jsRequests: median(runs.map((r) => r.jsRequests)),
    criticalPath: Math.max(...runs.map((r) => r.criticalPath)),
    chain: runs.reduce((a, b) => (b.criticalPath > a.criticalPath ? b : a)).chain,
  };
}

export interface Row {
  network: string;
  scenario: string;
  element: Run;
  iframe: Run;
  floor: Run;
  /** The iframe's time ÷ the element's: how much faster the element is. */
  faster: number;
  /** The element's time ÷ the floor page's: 1 is as fast as the stack allows. */
  floorRatio: number;
}

export async function sideBySide(bench: Bench) {
  mkdirSync(FLOOR_DIR, { recursive: true });
  await buildFloorPage('first-screen.ts', FLOOR_DIR, 'first-screen.js');
  try {
    return report(await measureAll(bench));
  } finally {
    rmSync(FLOOR_DIR, { recursive: true, force: true });
  }
}

async function measureAll(bench: Bench): Promise<Row[]> {
  const results: Row[] = [];
  for (const network of NETWORKS) {
    for (const scenario of SCENARIOS) {
      const runs: Record<Variant, Run[]> = { element: [], iframe: [], floor: [] };
      // In turn, so that a busy moment of the machine does not fall on one side only.
      for (let i = 0; i < RUNS; i++) {
        for (const variant of ['element', 'iframe', 'floor'] as const) runs[variant].push(await measure(bench, scenario, variant, network));
      }
      const element = summary(runs.element);
      const iframe = summary(runs.iframe);
      const floor = summary(runs.floor);
      results.push({
        network: network.name,
        scenario: scenario.name,
        element,
        iframe,
        floor,
        faster: iframe.ms / element.ms,
        floorRatio: element.ms / floor.ms,
      });
    }
  }
  return results;
}

function report(results: Row[]) {
  const goal = results.find((r) => r.scenario === SCENARIOS[0]!.name && r.network === NETWORKS[1].name)!;
  const misses = [
    goal.floorRatio > GOAL.floorRatio && `${goal.floorRatio.toFixed(2)}× the floor page (goal ≤ ${GOAL.floorRatio}×)`,
    goal.faster < GOAL.faster && `${goal.faster.toFixed(2)}× faster than the iframe (goal ≥ ${GOAL.faster}×)`,
    goal.element.criticalPath > GOAL.criticalPath && `critical path ${goal.element.criticalPath} (goal ≤ ${GOAL.criticalPath})`,
  ].filter((m): m is string => typeof m === 'string');
  const met = misses.length === 0;
  const rows = results.map(
    (r) =>
      `| ${r.network} | ${r.scenario} | ${r.element.ms} ms | ${r.element.criticalPath} | ${r.floor.ms} ms | ${r.floor.criticalPath} | ${r.floorRatio.toFixed(2)}× | ${r.iframe.ms} ms | ${r.iframe.criticalPath} | ${r.faster.toFixed(2)}× | ${(r.element.jsBytes / 1024).toFixed(1)} / ${(r.floor.jsBytes / 1024).toFixed(1)} / ${(r.iframe.jsBytes / 1024).toFixed(1)} KB | ${r.element.requests} / ${r.floor.requests} / ${r.iframe.requests} |`,
  );
  return {
    results,
    goal: {
      goals: GOAL,
      floorRatio: goal.floorRatio,
      faster: goal.faster,
      criticalPath: goal.element.criticalPath,
      met,
    },
    failed: met ? undefined : `<vigil-evacuation> on the office network: ${misses.join('; ')}`,
    markdown: [
      `Median of ${RUNS} cold loads each, element, iframe and floor page in turn (signed in, compressed, same machine). Critical path: round trips after the HTML, the most of the ${RUNS} runs. The floor page does the same first screen with React 19, react-dom and i18next alone.`,
      '',
      '| network | element | element usable | its critical path | floor page | its critical path | element ÷ floor | portal page in an iframe | its critical path | element faster | JS transferred (element / floor / iframe) | requests (element / floor / iframe) |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      `Goals for \`<vigil-evacuation>\` on the office network: ≤ ${GOAL.floorRatio}× the floor page, ≥ ${GOAL.faster}× faster than the iframed portal, critical path ≤ ${GOAL.criticalPath}: ${met ? 'met' : 'NOT met'} (${goal.floorRatio.toFixed(2)}×, ${goal.faster.toFixed(2)}×, ${goal.element.criticalPath}).`,
      '',
      'Deepest chains (element / floor / iframe):',
      '',
      ...results.map(
        (r) => `- ${r.network}, ${r.scenario}: ${r.element.chain || '—'} / ${r.floor.chain || '—'} / ${r.iframe.chain || '—'}`,
      ),
    ].join('\n'),
  };
}
