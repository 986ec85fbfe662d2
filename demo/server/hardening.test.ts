/** Transport rules: the CORS allow-list, JSON-only bodies, no-store, and the schedule size caps. */
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ORIGINS } from './app.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
});

const allowOrigin = async (a: TestApp, origin: string, path = '/api/v2/user') =>
  (await a.request(path, { headers: { Origin: origin } })).headers.get('Access-Control-Allow-Origin');

describe('CORS', () => {
  it('allows the server itself and nothing else by default, never null: not even the example origins', async () => {
    expect(await allowOrigin(app, 'http://vigil.test')).toBe('http://vigil.test');
    for (const origin of [
      'null',
      'https://evil.example',
      'http://localhost:9999',
      'http://vigil.test.evil.example',
      // The cross-origin example's page: allowed only while the example runs (it passes them).
      'http://localhost:8081',
      'http://127.0.0.1:8081',
    ]) {
      expect(await allowOrigin(app, origin), origin).toBeNull();
    }
    const example = testApp({ allowedOrigins: EXAMPLE_ORIGINS });
    for (const origin of EXAMPLE_ORIGINS) expect(await allowOrigin(example, origin), origin).toBe(origin);
    const preflight = await app.request('/api/v2/user/login', {
      method: 'OPTIONS',
      headers: { Origin: 'null', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('takes its list from the option; localhost and 127.0.0.1 on the public port always work', async () => {
    const custom = testApp({ allowedOrigins: ['https://intranet.example', ' null '], publicUrl: 'http://127.0.0.1:4321' });
    // Requests to the server's own host and port (any other Host is a 421, hosts.test.ts).
    const path = 'http://127.0.0.1:4321/api/v2/user';
    expect(await allowOrigin(custom, 'https://intranet.example', path)).toBe('https://intranet.example');
    expect(await allowOrigin(custom, 'http://localhost:4321', path)).toBe('http://localhost:4321');
    expect(await allowOrigin(custom, 'http://127.0.0.1:4321', path)).toBe('http://127.0.0.1:4321');
    expect(await allowOrigin(custom, 'http://localhost:8081', path)).toBeNull();
    expect(await allowOrigin(custom, 'null', path)).toBeNull();
  });

  it('exposes Retry-After to the allowed origins', async () => {
    const res = await testApp({ allowedOrigins: EXAMPLE_ORIGINS }).request('/api/ping', { headers: { Origin: 'http://localhost:8081' } });
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
  });
});

describe('bodies', () => {
  it('refuse anything but JSON with a translated 415, before any sign-in is tried', async () => {
    const body = JSON.stringify({ email: 'manager@vigil.test', password: 'vigil-demo' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
      const res = await app.request('/api/v2/user/login', { method: 'POST', headers, body });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ errors: [{ message: 'Send the request body as JSON (Content-Type: application/json).' }] });
    }
    const de = await app.request('/api/v2/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Accept-Language': 'de' },
      body,
    });
    expect((await de.json()).errors[0].message).toMatch(/Anfragetext/);
    const ok = await app.request('/api/v2/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
    });
    expect(ok.status).toBe(200);
  });

  it('a POST without a body needs no content type', async () => {
    const res = await app.request(`/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/start`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${manager}`, 'Content-Length': '0' },
    });
    expect(res.status).toBe(200);
    await call(app, 'POST', `/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/abort`, { token: manager });
  });

  it('over HTTP, a bare POST (no Content-Length, no body) is not refused: sign-out revokes', async () => {
    const own = testApp();
    const token = await login(own, 'viewer@vigil.test');
    const server = serve({ fetch: own.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // A raw request, as `curl -X POST` sends it: no Content-Length, no Transfer-Encoding.
      const status = await new Promise<number>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `POST /api/v2/user/logout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
          ),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(Number(answer.split(' ')[1])));
        socket.on('error', reject);
      });
      expect(status).toBe(204);
      expect((await own.request('/api/v2/user', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer: sign-in, data, errors, /auth/jwt', async () => {
    const answers = [
      await call(app, 'POST', '/api/v2/user/login', { body: { email: 'manager@vigil.test', password: 'vigil-demo' } }),
      await call(app, 'GET', '/api/v2/projects', { token: manager }),
      await call(app, 'GET', '/api/v2/projects/nope', { token: manager }),
      await call(app, 'GET', '/api/v2/user'),
      await call(app, 'GET', '/auth/jwt', { token: manager }),
      await call(app, 'HEAD', '/api/ping'),
    ];
    for (const a of answers) expect(a.headers.get('Cache-Control'), `${a.status} ${a.raw.url}`).toBe('no-store');
  });
});

describe('schedule updates', () => {
  const path = `/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`;

  it('a body over 64 KB is a 413', async () => {
    const padding = 'x'.repeat(70 * 1024);
    const res = await call(app, 'POST', path, {
      token: manager,
      body: { siteUuids: [SITES.antwerpWarehouse], schedule: { days: [[], [], [], [], [], [], []] }, padding },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ message: 'The schedule is too large: at most 64 KB.' }] });
  });

  it('more than 48 intervals a day is a 422 on that day', async () => {
    const crowded = Array.from({ length: 49 }, () => ({ from: '08:00', to: '08:30' }));
    const res = await call(app, 'POST', path, {
      token: manager,
      body: { siteUuids: [SITES.antwerpWarehouse], schedule: { days: [[], crowded, [], [], [], [], []] } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'schedule.days.1', message: 'Tuesday: at most 48 intervals a day.' }]);
  });

  it('a full 64 KB body is answered quickly', async () => {
    const day = Array.from({ length: 600 }, () => ({ from: '08:00', to: '08:30' }));
    const started = performance.now();
    const res = await call(app, 'POST', path, {
      token: manager,
      body: { siteUuids: [SITES.antwerpWarehouse], schedule: { days: [day, [], [], [], [], [], []] } },
    });
    expect(res.status).toBe(422);
    // A guard against validation that grows faster than the body (seconds on this size), not a
    // speed figure: generous enough for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
