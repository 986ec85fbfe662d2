/**
 * The demo server's command line (see README.md):
 *
 *   node demo/server/main.ts [--reset] [--seed FILE.json] [--no-csp] [--live[=INTERVAL]]
 *
 * Environment: PORT (8080), HOST (127.0.0.1), VIGIL_DB (.data/vigil.sqlite, or :memory:),
 * VIGIL_TEST_HOOKS=1 (mount /__test/*), VIGIL_CSP=off, VIGIL_PUBLIC_URL,
 * VIGIL_ALLOWED_ORIGINS, VIGIL_TOKEN_IDLE_MINUTES, VIGIL_LIMIT_*, VIGIL_SOURCEMAPS=1,
 * VIGIL_LIVE_INTERVAL (the --live period, e.g. 90s; setting it turns --live on).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { DEFAULT_LIVE_INTERVAL_MS, parseInterval, startLive } from './live.ts';
import { openDb } from './db.ts';
import { FixtureError, type Fixture } from './fixture.ts';
import { limitsFromEnv } from './limits.ts';
import { REPO_ROOT } from './routes/static.ts';
import { isSeeded, readFixtureFile, seed } from './seed.ts';

function fail(message: string): never {
  console.error(`[vigil] ${message}`);
  process.exit(1);
}

const USAGE = 'Usage: node demo/server/main.ts [--reset] [--seed FILE.json] [--no-csp] [--live[=INTERVAL]]';

// --live takes an optional value (--live or --live=90s), which parseArgs cannot express.
let live = (process.env.VIGIL_LIVE_INTERVAL || undefined) as string | boolean | undefined;
const argv = process.argv.slice(2).filter((arg) => {
  const m = /^--(no-)?live(?:=(.*))?$/.exec(arg);
  if (!m) return true;
  live = m[1] ? false : (m[2] ?? live ?? true);
  return false;
});
const liveMs = live === undefined || live === false ? null : live === true ? DEFAULT_LIVE_INTERVAL_MS : parseInterval(live);
if (live !== undefined && live !== false && liveMs === null)
  fail(`--live takes a period like 90s, 3m or 1h (at least 1s), not ${String(live)}\n${USAGE}`);

let args;
try {
  args = parseArgs({
    args: argv,
    options: {
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'no-csp': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (args.help) {
  console.log(`${USAGE}\nSee demo/server/README.md.`);
  process.exit(0);
}

const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not ${process.env.PORT}`);
// The default lives in the checkout; a given path is relative to where the server is started.
const dbPath =
  process.env.VIGIL_DB === ':memory:'
    ? ':memory:'
    : process.env.VIGIL_DB
      ? resolve(process.env.VIGIL_DB)
      : resolve(REPO_ROOT, '.data/vigil.sqlite');
const csp = !args['no-csp'] && process.env.VIGIL_CSP !== 'off';
const testHooks = process.env.VIGIL_TEST_HOOKS === '1';
// Loopback only unless HOST says otherwise (0.0.0.0 or :: for every interface).
const host = process.env.HOST?.trim() || '127.0.0.1';
const allowedOrigins = process.env.VIGIL_ALLOWED_ORIGINS?.split(',')
  .map((o) => o.trim())
  .filter(Boolean);
// Host names the server answers for besides its own (localhost, 127.0.0.1, its public URL):
// a specific HOST it listens on, and VIGIL_ALLOWED_HOSTS (comma-separated, `name` or `name:port`).
const allowedHosts = [
  ...(host === '0.0.0.0' || host === '::' ? [] : [host.includes(':') ? `[${host}]` : host]),
  ...(process.env.VIGIL_ALLOWED_HOSTS?.split(',')
    .map((h) => h.trim())
    .filter(Boolean) ?? []),
];
const idleMinutes = Number(process.env.VIGIL_TOKEN_IDLE_MINUTES ?? 720);
if (!Number.isFinite(idleMinutes) || idleMinutes <= 0)
  fail(`VIGIL_TOKEN_IDLE_MINUTES must be a positive number, not ${process.env.VIGIL_TOKEN_IDLE_MINUTES}`);
let limits;
try {
  limits = limitsFromEnv(process.env);
} catch (err) {
  fail((err as Error).message);
}
const sourceMaps = process.env.VIGIL_SOURCEMAPS === '1';

let fixture: Fixture | undefined;
try {
  if (args.seed) fixture = readFixtureFile(resolve(args.seed));
} catch (err) {
  fail(err instanceof FixtureError ? err.message : String(err));
}

const db = openDb(dbPath);
try {
  if (args.reset || !isSeeded(db)) {
    seed(db, fixture);
    console.log(`Seeded ${dbPath} with ${args.seed ? args.seed : 'the built-in demo data'}.`);
  } else if (args.seed) {
    console.log(`${dbPath} already holds data: add --reset to replace it with ${args.seed}.`);
  }
} catch (err) {
  db.close();
  fail(err instanceof FixtureError ? err.message : String(err));
}

let publicUrl = process.env.VIGIL_PUBLIC_URL ?? `http://localhost:${port}`;
const app = createApp({
  db,
  csp,
  testHooks,
  publicUrl,
  fixture,
  allowedOrigins,
  allowedHosts,
  limits,
  tokenIdleMs: idleMinutes * 60_000,
  sourceMaps,
});
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  if (!process.env.VIGIL_PUBLIC_URL) {
    publicUrl = `http://localhost:${info.port}`;
    app.deps.publicUrl = publicUrl;
  }
  if (host !== '127.0.0.1' && host !== 'localhost') console.log(`Listening on ${host} (not only this machine).`);
  console.log(`Vigil demo server on ${publicUrl}`);
  if (testHooks) console.log('Test hooks enabled under /__test/.');
  if (!csp) console.log('Content-Security-Policy is off.');
  if (liveMs !== null) console.log(`Live: a new incident or notification every ${Math.round(liveMs / 1000)} s.`);
});
const stopLive = liveMs === null ? () => {} : startLive(db, liveMs, (line) => console.log(line), app.deps.events);
server.on('error', (err) => fail(`cannot listen on ${host}:${port}: ${err.message}`));
// An idle keep-alive connection is closed by its client first. Node closes it after 5 s by
// default, the moment a client that kept it (a proxy, a script's HTTP agent) may send the
// next request on it: that request then fails with ECONNRESET, as one test's did.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000; // longer than the keep-alive, as Node requires
}

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  stopLive();
  // Open event streams end now (their clients come back later with their cursor).
  app.deps.events.closeAll();
  app.push.stop();
  console.log(`\n${signal}: shutting down.`);
  const force = setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections();
  }, 2000);
  force.unref();
  server.close(() => {
    db.close();
    process.exit(0);
  });
  if ('closeIdleConnections' in server) {
    server.closeIdleConnections();
    // A connection whose answer ends now (an event stream, a request in flight) turns idle
    // a moment later: close those too, until none is left.
    setInterval(() => server.closeIdleConnections(), 50).unref();
  }
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
