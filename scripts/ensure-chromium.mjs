#!/usr/bin/env node
// Makes sure a Chromium is available before the browser and end-to-end suites run.
// Looks at $CHROME_PATH, then /usr/bin/chromium, /usr/bin/chromium-browser,
// /usr/bin/google-chrome. If there is none and we are root on Debian/Ubuntu, installs the
// distribution's `chromium` package with apt-get (what `playwright install --with-deps`
// would do; browser downloads do not work here). Otherwise exits 1 with instructions.
// The suites run in Debian's `chromium-headless-shell` when it is there (faster, see
// chromium.mjs): installed the same way, and only a note when it cannot be.
// Plain JS, no dependencies: runs on Node 20 or 24.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumMissingMessage, findChromium, findTestChromium, HEADLESS_SHELL_CANDIDATES } from './chromium.mjs';

const log = (msg) => console.log(`[ensure-chromium] ${msg}`);

function fail(msg) {
  console.error(`\n[ensure-chromium] ${msg.replace(/\n/g, '\n                  ')}\n`);
  process.exit(1);
}

/** Runs a command with its output on the terminal; the spawn's result. */
function spawn(cmd, args) {
  log(`$ ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Runs a command; false when it could not start or failed (the caller goes on). */
function tryRun(cmd, args) {
  const result = spawn(cmd, args);
  return !result.error && result.status === 0;
}

/** Runs a command; exits with the reason when it could not start or failed. */
function run(cmd, args) {
  const result = spawn(cmd, args);
  if (result.error) fail(`${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`"${cmd} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).`);
}

const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((p) => existsSync(p));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canInstall = process.platform === 'linux' && Boolean(aptGet) && isRoot;

const found = findChromium();
const shell = HEADLESS_SHELL_CANDIDATES.some((path) => existsSync(path));
if (process.env.CHROME_PATH?.trim()) {
  // The user asked for a specific binary: do not second-guess it with an install.
  if (!found) fail(chromiumMissingMessage());
  log(`using ${found}`);
  process.exit(0);
}
if (found && (shell || !canInstall)) {
  if (!shell) log('no chromium-headless-shell (the suites run faster in it): using the full browser');
  log(`using ${findTestChromium()} (benchmarks: ${found})`);
  process.exit(0);
}
if (!canInstall) {
  fail(
    chromiumMissingMessage() +
      (process.platform === 'linux' && aptGet && !isRoot ? '\n(Not installing it automatically: that needs root.)' : ''),
  );
}

if (found) {
  // Only the faster shell is missing: worth a try, but the full browser will do.
  log('installing Debian\'s "chromium-headless-shell" (the suites run faster in it)…');
  if (!(tryRun(aptGet, ['update']) && tryRun(aptGet, ['install', '-y', 'chromium-headless-shell']))) {
    log('could not install chromium-headless-shell: the suites use the full browser');
  }
  log(`using ${findTestChromium()} (benchmarks: ${found})`);
  process.exit(0);
}

log('no Chromium found; installing Debian\'s "chromium" and "chromium-headless-shell" packages (about a minute)…');
run(aptGet, ['update']);
run(aptGet, ['install', '-y', 'chromium', 'chromium-headless-shell']);

const installed = findChromium();
if (!installed) fail(`apt-get installed "chromium", but it is still not found.\n${chromiumMissingMessage()}`);
log(`installed: the suites use ${findTestChromium()} (benchmarks: ${installed})`);
