/**
 * `npm test`: runs each stage of the test command through npm, stops at the first step
 * that fails, and prints how long each stage took at the end (also when one failed), so a
 * slow stage is seen at once instead of guessed from a scrolling log.
 *
 * The manifest comes first, alone (a second): it writes the generated manifest and types
 * that the others read. Then the typecheck, the lint and the unit tests run side by side
 * (LANES): they read the sources and write nothing, and the typecheck and the lint are
 * each one process on one core, which alone left the other core idle. Then the build and
 * the budgets (which read the build) run beside the browser tests, which load the sources
 * through Vite and leave about a third of two cores idle alone. Output of stages side by
 * side is held and printed whole when each ends, so the log stays readable.
 *
 *   npm test                     every stage
 *   npm test -- --from build     from a stage on (after fixing a failure there)
 */
import { spawn, spawnSync } from 'node:child_process';

export const STAGES = ['manifest', 'typecheck:code', 'lint', 'test:unit', 'build', 'budgets', 'test:browser', 'test:e2e'] as const;

/**
 * Stages that run side by side, as lanes: the stages of one lane run in order, the lanes of
 * a group at the same time. A stage in no group runs alone.
 */
export const LANES: readonly (readonly (readonly string[])[])[] = [
  [['typecheck:code'], ['lint'], ['test:unit']],
  [['build', 'budgets'], ['test:browser']],
];

export type StageResult = { stage: string; seconds: number; status: 'passed' | 'failed' | 'not run' };

/** The stages to run for the command line's arguments (`--from <stage>`). */
export function stagesFrom(args: readonly string[]): readonly string[] {
  const at = args.indexOf('--from');
  if (at === -1) return STAGES;
  const first = args[at + 1];
  const index = STAGES.indexOf(first as (typeof STAGES)[number]);
  if (index === -1) throw new Error(`--from needs one of: ${STAGES.join(', ')}`);
  return STAGES.slice(index);
}

/**
 * The steps to run in order, each a list of lanes run side by side (a stage alone is one
 * lane of one stage). Only the given stages: a group started part way keeps what is left.
 */
export function stepsOf(stages: readonly string[]): string[][][] {
  const steps: string[][][] = [];
  const placed = new Set<readonly (readonly string[])[]>();
  for (const stage of stages) {
    const group = LANES.find((lanes) => lanes.some((lane) => lane.includes(stage)));
    if (!group) steps.push([[stage]]);
    else if (!placed.has(group)) {
      placed.add(group);
      steps.push(group.map((lane) => lane.filter((s) => stages.includes(s))).filter((lane) => lane.length > 0));
    }
  }
  return steps;
}

const time = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/**
 * The summary table: one line per stage with its time, then the total (the wall time,
 * which is less than the sum when stages ran side by side).
 */
export function formatSummary(results: readonly StageResult[], wallSeconds?: number): string {
  const width = Math.max(...results.map((r) => r.stage.length), 'total'.length);
  const lines = results.map(
    (r) => `  ${r.stage.padEnd(width)}  ${r.status === 'not run' ? '-'.padStart(5) : time(r.seconds).padStart(5)}  ${r.status}`,
  );
  const total = wallSeconds ?? results.reduce((sum, r) => sum + r.seconds, 0);
  return ['[test] stage times', ...lines, `  ${'total'.padEnd(width)}  ${time(total).padStart(5)}`].join('\n');
}

/** One stage with its output on the terminal. */
function runAlone(stage: string): StageResult {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  return { stage, seconds: (performance.now() - started) / 1000, status: run.status === 0 ? 'passed' : 'failed' };
}

/**
 * A lane's stages in order, each through `run` (on the terminal when the lane is alone,
 * held when it has others beside it), until one fails: the rest are not run.
 */
async function runLane(lane: readonly string[], run: (stage: string) => StageResult | Promise<StageResult>): Promise<StageResult[]> {
  const results: StageResult[] = [];
  for (const stage of lane) {
    if (results.some((r) => r.status === 'failed')) results.push({ stage, seconds: 0, status: 'not run' });
    else results.push(await run(stage));
  }
  return results;
}

/** One stage of a lane side by side with others: its output is held and printed whole when it ends. */
function runHeld(stage: string): Promise<StageResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', stage], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const result: StageResult = { stage, seconds: (performance.now() - started) / 1000, status: code === 0 ? 'passed' : 'failed' };
      process.stdout.write(`\n[test] ${stage} (${result.status}, ${time(result.seconds)}):\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(result);
    });
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const results: StageResult[] = [];
  let failed = false;
  for (const step of stepsOf(stagesFrom(process.argv.slice(2)))) {
    if (failed) {
      results.push(...step.flat().map((stage) => ({ stage, seconds: 0, status: 'not run' as const })));
      continue;
    }
    if (step.length > 1) process.stdout.write(`[test] side by side: ${step.map((lane) => lane.join(' then ')).join(', ')}\n`);
    const done =
      step.length === 1 ? await runLane(step[0]!, runAlone) : (await Promise.all(step.map((lane) => runLane(lane, runHeld)))).flat();
    results.push(...done);
    failed = done.some((r) => r.status === 'failed');
  }
  console.log(`\n${formatSummary(results, (performance.now() - started) / 1000)}`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.main) await main();
