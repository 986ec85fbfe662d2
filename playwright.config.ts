/**
 * End-to-end tests: Playwright against the demo server (demo/server/main.ts) serving the
 * built portal (dist/, so run `npm run build` first; `npm test` does). Run them with
 * `npm run test:e2e` (Node 24 through npm). Extra flags pass through:
 *   npm run test:e2e -- test/e2e/harness.spec.ts
 *   npm run test:e2e -- -g "resets"
 *   npx playwright show-report           (the HTML report in playwright-report/)
 *
 * Browser: the system's Chromium headless shell, else its Chromium (scripts/chromium.mjs,
 * `requireTestChromium`); Playwright's browser downloads do not work on these machines.
 *
 * Parallel workers, one demo server each. Tests reset and seed the database, so workers
 * cannot share a server: every worker slot (TEST_PARALLEL_INDEX, 0 … workers-1) gets its
 * own demo server (own port, own in-memory database, test hooks on, VIGIL_TEST_HOOKS=1)
 * and its own two "other origin" ports (test/e2e/support/other-origins.ts), and that
 * server's CORS allow-list names that slot's integrator origin. How:
 * - The main process chooses every slot's ports once and stores them in VIGIL_E2E_PORT_<slot>,
 *   VIGIL_E2E_HOST_PORT_<slot>, VIGIL_E2E_FOREIGN_PORT_<slot> (set them to pin ports), and
 *   declares `webServer` as an array, one entry per slot.
 * - Playwright evaluates this file again in every worker process, which inherits the main
 *   process's environment and has TEST_PARALLEL_INDEX set; there the slot's ports are
 *   copied to the unsuffixed VIGIL_E2E_PORT / _HOST_PORT / _FOREIGN_PORT that the tests
 *   read, and `use.baseURL` points at the slot's server.
 * Workers: `--workers N` / `-j N`, else VIGIL_E2E_WORKERS, else DEFAULT_WORKERS (the fastest
 * reliable count measured on a 2-core machine). `fullyParallel` stays off: a file's tests
 * run in order in one worker, which `test.use({ dbReset: 'file' })` relies on.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, requireTestChromium } from './scripts/chromium.mjs';
import { freePort } from './test/e2e/support/free-port.ts';

const root = import.meta.dirname;

// Measured on 2 cores shared with other work, full suite: 2 workers 17.3 min (with traces),
// 3 workers 13.9 min. Chromium waits on the server and the network often enough that a
// third worker still fills the cores.
const DEFAULT_WORKERS = 3;
const WORKERS_ENV = 'VIGIL_E2E_WORKERS';

/** The worker count asked for: `--workers`/`-j` (as Playwright reads them), then VIGIL_E2E_WORKERS. */
function workerCount(): number {
  const argv = process.argv;
  let asked: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--workers' || arg === '-j') asked = argv[i + 1];
    else if (arg.startsWith('--workers=')) asked = arg.slice('--workers='.length);
    else if (/^-j\d/.test(arg)) asked = arg.slice(2);
  }
  asked ??= process.env[WORKERS_ENV];
  if (!asked) return DEFAULT_WORKERS;
  const count = asked.endsWith('%') ? Math.max(1, Math.round((availableParallelism() * Number(asked.slice(0, -1))) / 100)) : Number(asked);
  if (!Number.isInteger(count) || count < 1) throw new Error(`[e2e] bad worker count: ${asked}`);
  return count;
}

const workers = workerCount();
// The workers see the same count (they inherit the environment).
process.env[WORKERS_ENV] = String(workers);

const PORT_ENV = 'VIGIL_E2E_PORT';
// Integrator pages on another origin are served by real servers on other loopback ports
// (test/e2e/support/other-origins.ts): the demo server allows the integrator origin (CORS
// allow-list, VIGIL_ALLOWED_ORIGINS); the "foreign API" origin stands for an API the page
// must never send its token to.
const HOST_PORT_ENV = 'VIGIL_E2E_HOST_PORT';
const FOREIGN_PORT_ENV = 'VIGIL_E2E_FOREIGN_PORT';
const PORT_KINDS = [PORT_ENV, HOST_PORT_ENV, FOREIGN_PORT_ENV];

const slots = Array.from({ length: workers }, (_, slot) => slot);
const isWorker = process.env.TEST_PARALLEL_INDEX !== undefined;
if (!isWorker) {
  const names = slots.flatMap((slot) => PORT_KINDS.map((kind) => `${kind}_${slot}`));
  for (const name of names) {
    const taken = () => names.filter((n) => n !== name).map((n) => process.env[n]);
    while (!process.env[name] || taken().includes(process.env[name])) process.env[name] = String(await freePort());
  }
  if (!existsSync(resolve(root, 'dist'))) {
    console.warn('[e2e] dist/ does not exist: the portal is not built. Run `npm run build` first (npm test does).');
  }
}

const slotPort = (kind: string, slot: number) => {
  const port = Number(process.env[`${kind}_${slot}`]);
  if (!port) throw new Error(`[e2e] ${kind}_${slot} is not set: no demo server for worker slot ${slot}`);
  return port;
};
const slotBaseURL = (slot: number) => `http://127.0.0.1:${slotPort(PORT_ENV, slot)}`;
const slotIntegratorOrigin = (slot: number) => `http://127.0.0.1:${slotPort(HOST_PORT_ENV, slot)}`;

// In a worker: its slot's ports under the names the tests read. (The main process, which
// only lists and schedules tests, gets slot 0's.)
const mySlot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
for (const kind of PORT_KINDS) process.env[kind] = String(slotPort(kind, mySlot));
const baseURL = slotBaseURL(mySlot);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers, // one demo server per worker slot, see above
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  // An upper bound, not a wait: a passing check returns as soon as it holds. 10 s leaves room
  // for a machine busy with three workers and more (a sign-out after a refused call, which
  // takes one more round trip, was once not seen within 5 s under stress-ng).
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: requireTestChromium(), args: [...CHROMIUM_ARGS] },
    baseURL,
    // Failures get a screenshot from the fixtures (test/e2e/fixtures.ts, _failureScreenshots):
    // Playwright's 'only-on-failure' takes one of every page of every test before its
    // context closes, in case the test fails later, about 0.07 s of browser CPU per test.
    screenshot: 'off',
    // Recording a trace for every test costs about a third more CPU (measured on
    // portal.spec.ts), which on 2 cores is wall time: traces only on a retry (CI) or when
    // asked, `--trace retain-on-failure`.
    trace: 'on-first-retry',
    locale: 'en-US',
    timezoneId: 'Europe/Brussels',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  webServer: slots.map((slot) => ({
    name: `demo server ${slot}`,
    // process.execPath: the Node running Playwright (24, through the npm script).
    // VIGIL_E2E_SERVER swaps the entry file (default demo/server/main.ts).
    command: `"${process.execPath}" "${process.env.VIGIL_E2E_SERVER ?? 'demo/server/main.ts'}"`,
    cwd: root,
    url: `${slotBaseURL(slot)}/api/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(slotPort(PORT_ENV, slot)),
      // Links the server writes (password-reset mails) use the tests' origin, so that
      // following one keeps localStorage on the same origin as the rest of the test.
      VIGIL_PUBLIC_URL: slotBaseURL(slot),
      VIGIL_DB: ':memory:',
      VIGIL_TEST_HOOKS: '1',
      VIGIL_ALLOWED_ORIGINS: slotIntegratorOrigin(slot),
    },
    // The server's stderr is shown; its stdout (request logs) only with VIGIL_E2E_SERVER_LOG=1.
    stdout: process.env.VIGIL_E2E_SERVER_LOG ? ('pipe' as const) : ('ignore' as const),
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  })),
});
