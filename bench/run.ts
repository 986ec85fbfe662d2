/**
 * `npm run bench`: the figures users and reviewers judge Vigil by, from one script.
 * Writes bench/results/report.json and bench/results/report.md. Needs a build
 * (`npm run build`). `npm run bench -- bytes requests` runs only those scenarios.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, startBench, type Bench } from './harness.ts';
import { bytes } from './scenarios/bytes.ts';
import { floor } from './scenarios/floor.ts';
import { requests } from './scenarios/requests.ts';
import { sideBySide } from './scenarios/side-by-side.ts';

/** A scenario's result: its report, and `failed` when a figure misses its goal (the bench then fails). */
type Result = { markdown: string; failed?: string };
type Scenario = { title: string; run: (bench: Bench) => Promise<Result> | Result };

const scenarios: Record<string, Scenario> = {
  bytes: { title: 'Bytes per entry and lazy chunk', run: () => bytes() },
  floor: { title: 'The floor: pages using only the prescribed libraries', run: () => floor() },
  sideBySide: { title: 'Element vs iframed portal', run: sideBySide },
  requests: { title: 'Requests', run: requests },
};

async function loadOptional(name: string, file: string, exportName: string, title: string) {
  try {
    const mod = (await import(file)) as Record<string, Scenario['run']>;
    if (typeof mod[exportName] === 'function') scenarios[name] = { title, run: mod[exportName] };
  } catch (e) {
    console.warn(`bench: scenario ${name} not available: ${(e as Error).message}`);
  }
}
await loadOptional('inbox', './scenarios/inbox.ts', 'inbox', 'Inbox with 20,000 items');
await loadOptional('liveView', './scenarios/live-view.ts', 'liveView', 'Live view over 1,800 frames');
await loadOptional('schedule', './scenarios/schedule.ts', 'schedule', 'Schedule painting across 336 cells');
await loadOptional('lighthouse', './scenarios/lighthouse.ts', 'lighthouse', 'Lighthouse');
await loadOptional('liveServer', './scenarios/live-server.ts', 'liveServer', 'Live events: 500 open streams');
await loadOptional('live', './scenarios/live.ts', 'live', 'Live channel: event to screen, idle requests, streams');

const only = process.argv.slice(2);
const chosen = Object.entries(scenarios).filter(([name]) => !only.length || only.includes(name));
const { bench, stop, serverUp } = await startBench();

// A promise a scenario forgot to await (a fetch to a server that closed, a page event) must
// fail that scenario, not end the process before the report is written.
let stray: unknown;
const onStray = (e: unknown) => {
  console.warn(`bench: stray failure: ${String(e)}`);
  stray ??= e;
};
process.on('unhandledRejection', onStray);
process.on('uncaughtException', onStray);
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
};
const md: string[] = [
  '# Vigil benchmark',
  '',
  `Run ${report.date} on ${(report.machine as { cpus: number }).cpus} cores, Node ${process.version}, Debian Chromium.`,
  '',
];
let failures = 0;
try {
  for (const [name, scenario] of chosen) {
    process.stdout.write(`bench: ${name}… `);
    const t0 = Date.now();
    stray = undefined;
    try {
      if (!(await serverUp())) throw new Error('the demo server could not be started');
      const result = await scenario.run(bench);
      if (stray !== undefined) throw stray;
      report[name] = result;
      md.push(`## ${scenario.title}`, '', result.markdown, '');
      console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
      if (result.failed) {
        failures++;
        console.log(`bench: ${name} misses its goal: ${result.failed}`);
      }
    } catch (e) {
      failures++;
      report[name] = { error: String(e) };
      md.push(`## ${scenario.title}`, '', `Failed: ${String(e)}`, '');
      console.log(`FAILED: ${(e as Error).message}`);
    }
    await bench.reset();
  }
} finally {
  await stop();
}
const out = join(REPO, 'bench/results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'report.json'), JSON.stringify(report, null, 2));
writeFileSync(join(out, 'report.md'), md.join('\n'));
console.log(`bench: wrote bench/results/report.md and report.json (${chosen.length - failures} scenarios ok, ${failures} failed)`);
process.exit(failures ? 1 : 0);
