#!/usr/bin/env node
// Makes sure a Chromium is available before the browser and end-to-end suites run.
// Looks at $CHROME_PATH, then /usr/bin/chromium, /usr/bin/chromium-browser,
// /usr/bin/google-chrome. If there is none and we are root on Debian/Ubuntu, installs the
// distribution's `chromium` package with apt-get (what `playwright install --with-deps`
// would do; browser downloads do not work here). Otherwise exits 1 with instructions.
// Plain JS, no dependencies: runs on Node 20 or 24.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumMissingMessage, findChromium } from './chromium.mjs';

const log = (msg) => console.log(`[ensure-chromium] ${msg}`);

function fail(msg) {
  console.error(`\n[ensure-chromium] ${msg.replace(/\n/g, '\n                  ')}\n`);
  process.exit(1);
}

function run(cmd, args) {
  log(`$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`"${cmd} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).`);
}

const found = findChromium();
if (found) {
  log(`using ${found}`);
  process.exit(0);
}

if (process.env.CHROME_PATH?.trim()) {
  // The user asked for a specific binary: do not second-guess it with an install.
  fail(chromiumMissingMessage());
}

const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((p) => existsSync(p));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (process.platform !== 'linux' || !aptGet || !isRoot) {
  fail(
    chromiumMissingMessage() +
      (process.platform === 'linux' && aptGet && !isRoot ? '\n(Not installing it automatically: that needs root.)' : ''),
  );
}

log('no Chromium found; installing Debian\'s "chromium" package (about a minute)…');
run(aptGet, ['update']);
run(aptGet, ['install', '-y', 'chromium']);

const installed = findChromium();
if (!installed) fail(`apt-get installed "chromium", but it is still not found.\n${chromiumMissingMessage()}`);
log(`installed ${installed}`);
