/**
 * End-to-end tests: Playwright against the demo server (demo/server/main.ts) serving the
 * built portal (dist/, so run `npm run build` first; `npm test` does). Run them with
 * `npm run test:e2e` (Node 24 through npm). Extra flags pass through:
 *   npm run test:e2e -- test/e2e/harness.spec.ts
 *   npm run test:e2e -- -g "resets"
 *   npx playwright show-report           (the HTML report in playwright-report/)
 *
 * Browser: the system Chromium (scripts/chromium.mjs); Playwright's browser downloads do
 * not work on these machines. The demo server gets a free port, an in-memory database
 * and its test hooks (VIGIL_TEST_HOOKS=1); see test/e2e/fixtures.ts.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './scripts/chromium.mjs';
import { freePort } from './test/e2e/support/free-port.ts';

const root = import.meta.dirname;

// Playwright evaluates this file again in every worker process; the workers inherit the
// main process's environment, so the port is chosen once (here, in the main process) and
// reused everywhere through this variable. Set it yourself to pin the port.
const PORT_ENV = 'VIGIL_E2E_PORT';
process.env[PORT_ENV] ||= String(await freePort());
const port = Number(process.env[PORT_ENV]);
const baseURL = `http://127.0.0.1:${port}`;

// Integrator pages on another origin are served by real servers on other loopback ports
// (test/e2e/support/other-origins.ts), chosen here once like the demo server's port: the
// demo server allows the integrator origin (CORS allow-list, VIGIL_ALLOWED_ORIGINS); the
// "foreign API" origin stands for an API the page must never send its token to.
const HOST_PORT_ENV = 'VIGIL_E2E_HOST_PORT';
const FOREIGN_PORT_ENV = 'VIGIL_E2E_FOREIGN_PORT';
for (const name of [HOST_PORT_ENV, FOREIGN_PORT_ENV]) {
  const taken = () => [PORT_ENV, HOST_PORT_ENV, FOREIGN_PORT_ENV].filter((n) => n !== name).map((n) => process.env[n]);
  while (!process.env[name] || taken().includes(process.env[name])) process.env[name] = String(await freePort());
}
const integratorOrigin = `http://127.0.0.1:${process.env[HOST_PORT_ENV]}`;

const isWorker = process.env.TEST_WORKER_INDEX !== undefined;
if (!isWorker && !existsSync(resolve(root, 'dist'))) {
  console.warn('[e2e] dist/ does not exist: the portal is not built. Run `npm run build` first (npm test does).');
}

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1, // 2 cores, and one demo server (one database) shared by every test
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: requireChromium(), args: [...CHROMIUM_ARGS] },
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'Europe/Brussels',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  webServer: {
    // process.execPath: the Node running Playwright (24, through the npm script).
    // VIGIL_E2E_SERVER swaps the entry file (default demo/server/main.ts).
    command: `"${process.execPath}" "${process.env.VIGIL_E2E_SERVER ?? 'demo/server/main.ts'}"`,
    cwd: root,
    url: `${baseURL}/api/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      // Links the server writes (password-reset mails) use the tests' origin, so that
      // following one keeps localStorage on the same origin as the rest of the test.
      VIGIL_PUBLIC_URL: baseURL,
      VIGIL_DB: ':memory:',
      VIGIL_TEST_HOOKS: '1',
      VIGIL_ALLOWED_ORIGINS: integratorOrigin,
    },
    // The server's stderr is shown; its stdout (request logs) only with VIGIL_E2E_SERVER_LOG=1.
    stdout: process.env.VIGIL_E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
