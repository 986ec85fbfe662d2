import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { seed } from './seed.ts';
import { call, login, testApp } from './testing.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-db-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a file database', () => {
  it('keeps evacuations, read marks, schedules, project users, locale and terms across a restart', async () => {
    const path = join(dir, 'nested', 'vigil.sqlite');
    let db: Db = openDb(path);
    expect(db.raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    seed(db);
    let app = testApp({ db });
    const manager = await login(app, 'manager@vigil.test');
    const newcomer = await login(app, 'new@vigil.test');
    const days = [[{ from: '22:00', to: '06:00' }], [], [], [], [], [], []];
    const started = (await call(app, 'POST', `/api/public/v1/sites/${SITES.antwerpWarehouse}/evacuation/start`, { token: manager })).body
      .data;
    const unread = (await call(app, 'GET', '/api/v2/notifications?filter[unread]=true', { token: manager })).body;
    await call(app, 'PUT', `/api/v2/notifications/${unread.data[0].uuid}/mark-as-read`, { token: manager });
    await call(app, 'POST', `/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`, {
      token: manager,
      body: { siteUuids: [SITES.ghentDistribution], schedule: { days }, timezone: 'Europe/Paris' },
    });
    await call(app, 'POST', `/api/v2/projects/${PROJECTS.northwind}/users`, {
      token: manager,
      body: { email: 'kept@example.test', name: 'Kept User', permissions: ['view'] },
    });
    await call(app, 'PUT', '/api/v2/user/locale', { token: newcomer, body: { locale: 'nl-BE' } });
    await call(app, 'PUT', '/api/v2/user/terms', { token: newcomer, body: { terms_accepted_web_portal: true } });
    db.close();

    db = openDb(path);
    app = testApp({ db });
    expect(
      (await call(app, 'GET', `/api/public/v2/sites/${SITES.antwerpWarehouse}/evacuation/status`, { token: manager })).body.data,
    ).toEqual(started);
    expect((await call(app, 'GET', '/api/v2/notifications?filter[unread]=true', { token: manager })).body.meta.total).toBe(
      unread.meta.total - 1,
    );
    expect((await call(app, 'GET', `/api/v2/sites/${SITES.ghentDistribution}`, { token: manager })).body.data.schedule).toEqual({
      timezone: 'Europe/Paris',
      days,
      exceptions: [],
    });
    const users = (await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/users`, { token: manager })).body.data;
    expect(users.some((u: { email: string }) => u.email === 'kept@example.test')).toBe(true);
    expect((await call(app, 'GET', '/api/v2/user', { token: newcomer })).body.data).toMatchObject({
      locale: 'nl-BE',
      terms_accepted_web_portal: true,
    });
    expect(db.schemaVersion).toBe(14);
    db.close();
  });
});

/** Starts main.ts; resolves with the URL it prints. */
function start(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts'), ...args], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Vigil demo server on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

// Each test starts the server as a process (one or two): on a loaded machine that alone takes
// several seconds, so these wait longer than the usual 30 s.
describe('the command line', { timeout: 120_000 }, () => {
  it('loads a --seed fixture into a fresh file database, serves it, and shuts down on SIGTERM', async () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
    const env = { VIGIL_DB: join(dir, 'cli.sqlite') };
    const fixture = join(import.meta.dirname, 'fixtures', 'example-seed.json');
    const first = await start(['--seed', fixture], env);
    expect(first.output()).toContain('Seeded');
    const login = await fetch(`${first.url}/api/v2/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.test', password: 'example-pass', device_name: 'cli-test' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const projects = await fetch(`${first.url}/api/v2/projects`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await projects.json()) as { data: { name: string }[] }).data.map((p) => p.name)).toEqual(['Example Storage']);
    expect((await fetch(`${first.url}/api/ping`, { method: 'HEAD' })).status).toBe(204);
    expect(await stop(first.child)).toBe(0);

    // Restarted without --reset: the data (and the session) are still there.
    const second = await start(['--seed', fixture], env);
    expect(second.output()).toContain('add --reset');
    expect((await fetch(`${second.url}/api/v2/user`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await stop(second.child)).toBe(0);

    // --reset without a fixture: the built-in seed.
    const third = await start(['--reset'], env);
    const demo = await fetch(`${third.url}/api/public/v1/demo-live-views/00000000-0000-4000-8000-000000000001`);
    expect(((await demo.json()) as { data: { name: string } }).data.name).toBe('Vigil live demo');
    expect((await fetch(`${third.url}/api/v2/user`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await stop(third.child)).toBe(0);
  });

  it('listens on 127.0.0.1 only, unless HOST says otherwise', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
    const reach = (host: string, port: string) =>
      fetch(`http://${host}:${port}/api/ping`).then(
        (r) => r.status,
        () => 'refused',
      );
    // HOST empty: the default, whatever the environment running the tests holds.
    const local = await start([], { VIGIL_DB: ':memory:', HOST: '' });
    const port = new URL(local.url).port;
    expect(local.url).toBe(`http://localhost:${port}`);
    expect(await reach('127.0.0.1', port)).toBe(204);
    expect(await reach('localhost', port)).toBe(204);
    if (outside) expect(await reach(outside, port)).toBe('refused');
    expect(await stop(local.child)).toBe(0);
    if (outside) {
      // Every interface: reached by its address, it answers only once that name is allowed.
      const everywhere = await start([], { VIGIL_DB: ':memory:', HOST: '0.0.0.0' });
      expect(everywhere.output()).toContain('Listening on 0.0.0.0');
      expect(await reach(outside, new URL(everywhere.url).port)).toBe(421);
      expect(await stop(everywhere.child)).toBe(0);
      const allowed = await start([], { VIGIL_DB: ':memory:', HOST: '0.0.0.0', VIGIL_ALLOWED_HOSTS: ` other.example, ${outside}` });
      expect(await reach(outside, new URL(allowed.url).port)).toBe(204);
      expect(await stop(allowed.child)).toBe(0);
    }
  });

  it('refuses an invalid fixture with a readable list of problems', async () => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'main.ts'), '--seed', join(import.meta.dirname, 'package-that-does-not-exist.json')],
      {
        env: { ...process.env, PORT: '0', VIGIL_DB: ':memory:' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('Invalid seed fixture');
  });
});
