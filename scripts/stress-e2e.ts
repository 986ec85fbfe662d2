/**
 * `npm run test:stress`: the end-to-end suite under a busy CPU, several runs in a row, no
 * retries — how a flaky test is found before a busy CI machine finds it.
 *
 *   npm run test:stress                       3 runs of the whole suite
 *   npm run test:stress -- --runs 1 test/e2e/evacuation-live.spec.ts
 *
 * While the runs last, `stress-ng --cpu 2 --cpu-load 50` keeps both cores half busy
 * (Debian: `apt-get install -y stress-ng`). Every run gets `--retries 0`; the other
 * arguments go to Playwright. Build first (`npm run build`): the suite tests dist/.
 * At the end one line per run: the commit, passed or failed, the time and the failing
 * tests. Stops at nothing: every run is made, and the exit code is non-zero when any failed.
 * Each run keeps its failures' screenshots and traces in its own folder,
 * test-results/stress/<commit>-run-<n> (unless `--output` is given): the next run does not
 * clear them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a whole number of at least 1');
const playwrightArgs = runsAt === -1 ? args : args.filter((_, i) => i !== runsAt && i !== runsAt + 1);

if (spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('[stress] stress-ng is missing: apt-get install -y stress-ng (as root)');
  process.exit(2);
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';

const stress: ChildProcess = spawn('stress-ng', ['--cpu', '2', '--cpu-load', '50', '--quiet'], { stdio: 'ignore' });
const stopStress = () => void stress.kill('SIGTERM');
process.on('exit', stopStress);
process.on('SIGINT', () => process.exit(130));

type Run = { n: number; ok: boolean; seconds: number; failed: string[] };

/** One run of the suite; its output passes through, the names of failed tests are kept. */
function runOnce(n: number): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const output = playwrightArgs.includes('--output') ? [] : ['--output', `test-results/stress/${commit}-run-${n}`];
    const child = spawn('npm', ['run', '--silent', 'test:e2e', '--', '--retries', '0', ...output, ...playwrightArgs], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.on('close', (code) => {
      // The list reporter marks a failed test with ✘ and its title.
      const failed = [...out.matchAll(/^\s*✘\s+\d+\s+(.+?)(?: \(\d[\d.]*(?:ms|s|m)\))?$/gm)].map((m) => m[1]!);
      resolve({ n, ok: code === 0, seconds: (performance.now() - started) / 1000, failed });
    });
  });
}

const results: Run[] = [];
for (let n = 1; n <= runs; n++) {
  console.log(`\n[stress] run ${n} of ${runs} on ${commit}${dirty ? ' (with uncommitted changes)' : ''}, stress-ng --cpu 2 --cpu-load 50`);
  results.push(await runOnce(n));
}
stopStress();

const time = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log(`\n[stress] ${commit}${dirty ? '+' : ''}, ${runs} run(s) under stress-ng --cpu 2 --cpu-load 50, --retries 0`);
for (const r of results) {
  console.log(`  run ${r.n}: ${r.ok ? 'passed' : 'FAILED'} in ${time(r.seconds)}${r.failed.map((f) => `\n    ✘ ${f}`).join('')}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
