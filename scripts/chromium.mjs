// Where Chromium lives on this machine, and how every tool here launches it.
// Shared by scripts/ensure-chromium.mjs, web-test-runner.config.mjs, playwright.config.ts
// and the benchmark scripts. Plain JS with no dependencies: it runs on Node 20 or 24.
// Browser downloads (`playwright install`, puppeteer) do not work on these machines; we
// use the distribution's Chromium instead (browser downloads do not work on our machines).
import { accessSync, constants } from 'node:fs';

/** Checked in this order after the CHROME_PATH environment variable. */
export const CHROMIUM_CANDIDATES = Object.freeze(['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']);

/**
 * Flags for a headless Chromium in a container: `--no-sandbox` because we run as root,
 * no GPU, no QUIC, and none of the background traffic (updates, sync, first-run) that
 * would make timings noisy or reach for the network. `--disable-dev-shm-usage` keeps
 * Chromium off the small /dev/shm of containers.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]);

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first usable Chromium: `$CHROME_PATH` (when set, it must be executable), then the
 * usual system paths. Returns `undefined` when there is none.
 * @param {{ env?: Record<string, string | undefined>, candidates?: readonly string[] }} [options]
 * @returns {string | undefined}
 */
export function findChromium({ env = process.env, candidates = CHROMIUM_CANDIDATES } = {}) {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return candidates.find(isExecutable);
}

/**
 * Debian's `chromium-headless-shell`: the same engine without the browser's own UI layer,
 * which is what Playwright itself runs for headless tests. On a 2-core machine the
 * end-to-end suite runs about a third faster in it than in the full browser.
 */
export const HEADLESS_SHELL_CANDIDATES = Object.freeze(['/usr/bin/chromium-headless-shell']);

/**
 * The browser the test suites run in: `$CHROME_PATH` when set, else the headless shell,
 * else the full Chromium. (The benchmarks measure the full browser, what people use.)
 * @param {{ env?: Record<string, string | undefined>, shells?: readonly string[], candidates?: readonly string[] }} [options]
 * @returns {string | undefined}
 */
export function findTestChromium({ env = process.env, shells = HEADLESS_SHELL_CANDIDATES, candidates = CHROMIUM_CANDIDATES } = {}) {
  if (env.CHROME_PATH?.trim()) return findChromium({ env, candidates });
  return shells.find(isExecutable) ?? findChromium({ env, candidates });
}

/** Like {@link findTestChromium}, but throws with instructions when there is none. */
export function requireTestChromium(options) {
  const found = findTestChromium(options);
  if (found) return found;
  throw new Error(chromiumMissingMessage(options?.env ?? process.env));
}

/** Like {@link findChromium}, but throws with instructions when there is none. */
export function requireChromium(options) {
  const found = findChromium(options);
  if (found) return found;
  throw new Error(chromiumMissingMessage(options?.env ?? process.env));
}

export function chromiumMissingMessage(env = process.env) {
  const fromEnv = env.CHROME_PATH?.trim();
  return (
    (fromEnv
      ? `CHROME_PATH is set to "${fromEnv}", but that is not an executable file.`
      : `No Chromium found (looked at $CHROME_PATH, ${CHROMIUM_CANDIDATES.join(', ')}).`) +
    `\nInstall one (Debian/Ubuntu: "sudo apt-get install -y chromium", or run "npm run test:browser" as root` +
    ` to have scripts/ensure-chromium.mjs install it), or point CHROME_PATH at a Chromium/Chrome binary.`
  );
}
