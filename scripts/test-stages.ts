/**
 * `npm test`: runs each stage of the test command in order through npm, stops at the first
 * that fails, and prints how long each stage took at the end (also when one failed), so a
 * slow stage is seen at once instead of guessed from a scrolling log.
 *
 *   npm test                     every stage
 *   npm test -- --from build     from a stage on (after fixing a failure there)
 */
import { spawnSync } from 'node:child_process';

export const STAGES = ['typecheck', 'lint', 'test:unit', 'build', 'budgets', 'test:browser', 'test:e2e'] as const;

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

/** The summary table: one line per stage with its time, then the total. */
export function formatSummary(results: readonly StageResult[]): string {
  const width = Math.max(...results.map((r) => r.stage.length), 'total'.length);
  const time = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
  const lines = results.map(
    (r) => `  ${r.stage.padEnd(width)}  ${r.status === 'not run' ? '-'.padStart(5) : time(r.seconds).padStart(5)}  ${r.status}`,
  );
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  return ['[test] stage times', ...lines, `  ${'total'.padEnd(width)}  ${time(total).padStart(5)}`].join('\n');
}

function main(): void {
  const stages = stagesFrom(process.argv.slice(2));
  const results: StageResult[] = [];
  let failed = false;
  for (const stage of stages) {
    if (failed) {
      results.push({ stage, seconds: 0, status: 'not run' });
      continue;
    }
    const started = performance.now();
    const run = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
    const seconds = (performance.now() - started) / 1000;
    failed = run.status !== 0;
    results.push({ stage, seconds, status: failed ? 'failed' : 'passed' });
  }
  console.log(`\n${formatSummary(results)}`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.main) main();
