/**
 * `npm run example:cross-origin`: starts the demo server on :8080 (API + bundles) and
 * serves this folder on :8081, so the page and the API are on different origins.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';

const repo = join(import.meta.dirname, '../..');
const api = spawn(process.execPath, [join(repo, 'demo/server/main.ts')], { stdio: 'inherit', env: { ...process.env, PORT: '8080' } });
const app = new Hono();
app.use('/*', serveStatic({ root: relative(process.cwd(), import.meta.dirname) }));
serve({ fetch: app.fetch, port: 8081, hostname: '127.0.0.1' }, () => console.log('Cross-origin example on http://localhost:8081/ (API on http://localhost:8080)'));
const stop = () => {
  api.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
