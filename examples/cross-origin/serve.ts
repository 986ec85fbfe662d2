/**
 * `npm run example:cross-origin`: starts the demo server on :8080 (API + bundles) and
 * serves this folder on :8081, so the page and the API are on different origins. The page
 * goes out with the headers an integrator should send (headers.ts): a strict CSP and no
 * framing by other origins. The demo server allows this page's origins (CORS) because this
 * script passes them in VIGIL_ALLOWED_ORIGINS: a server started any other way allows no
 * origin but its own unless told.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';
import { integratorHeaders } from './headers.ts';

const repo = join(import.meta.dirname, '../..');
const api = spawn(process.execPath, [join(repo, 'demo/server/main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: '8080',
    VIGIL_ALLOWED_ORIGINS: process.env.VIGIL_ALLOWED_ORIGINS ?? 'http://localhost:8081,http://127.0.0.1:8081',
  },
});
const app = new Hono();
app.use('/*', async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(integratorHeaders('http://localhost:8080'))) c.res.headers.set(name, value);
});
app.use('/*', serveStatic({ root: relative(process.cwd(), import.meta.dirname) }));
serve({ fetch: app.fetch, port: 8081, hostname: '127.0.0.1' }, () =>
  console.log('Cross-origin example on http://localhost:8081/ (API on http://localhost:8080)'),
);
const stop = () => {
  api.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
