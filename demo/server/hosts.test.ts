/**
 * DNS rebinding: a page on a name the attacker controls, resolved to this machine, talks
 * to the demo server with `Host: <that name>`. The server answers only its own host names
 * (421 otherwise), and CORS never derives an allowed origin from the request.
 */
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { call, login, testApp } from './testing.ts';

/** Sends one raw HTTP/1.1 request with the given Host to a real listening server; the status and headers. */
async function rawGet(port: number, host: string, path: string, extra = ''): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve({ status: Number(answer.split(' ')[1]), head: answer.split('\r\n\r\n')[0]! }));
    socket.on('error', reject);
  });
}

describe('Host', () => {
  it('a rebound name reaching the listening server gets 421, the loopback names on its port are answered', async () => {
    const app = testApp();
    const token = await login(app, 'manager@vigil.test');
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const auth = `Authorization: Bearer ${token}\r\n`;
      const rebound = await rawGet(
        port,
        `attacker.example:${port}`,
        '/api/v2/projects',
        `${auth}Origin: http://attacker.example:${port}\r\n`,
      );
      expect(rebound.status).toBe(421);
      expect(rebound.head).not.toMatch(/Access-Control-Allow-Origin/i);
      expect((await rawGet(port, `attacker.example:${port}`, '/')).status).toBe(421);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
        expect((await rawGet(port, host, '/api/v2/projects', auth)).status, host).toBe(200);
      }
      // The right name on another port is another server.
      expect((await rawGet(port, `127.0.0.1:${port + 1}`, '/api/ping')).status).toBe(421);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers its public URL and the configured hosts, nothing else; the 421 is an errors list', async () => {
    const app = testApp({ publicUrl: 'https://portal.example', allowedHosts: ['intranet.example', 'lan.example:8443'] });
    const res = await call(app, 'GET', 'http://attacker.example/api/ping');
    expect(res.status).toBe(421);
    expect(res.body).toEqual({ errors: [{ message: 'This server does not answer for this host name.' }] });
    expect(
      (await call(app, 'GET', 'http://attacker.example/api/ping', { headers: { 'Accept-Language': 'de' } })).body.errors[0].message,
    ).toBe('Dieser Server antwortet nicht für diesen Hostnamen.');
    expect((await call(app, 'GET', 'https://portal.example/api/ping')).status).toBe(204);
    expect((await call(app, 'GET', 'https://portal.example:8443/api/ping')).status).toBe(421);
    expect((await call(app, 'GET', 'http://intranet.example:3000/api/ping')).status).toBe(204);
    expect((await call(app, 'GET', 'https://lan.example:8443/api/ping')).status).toBe(204);
    expect((await call(app, 'GET', 'https://lan.example:8444/api/ping')).status).toBe(421);
    expect((await call(app, 'GET', 'http://portal.example.attacker.example/api/ping')).status).toBe(421);
  });

  it('CORS allows only configured origins, never the origin of the request itself', async () => {
    // intranet.example is an answered host, but no page there was allowed to call the API cross-origin.
    const app = testApp({ allowedHosts: ['intranet.example'], allowedOrigins: ['https://app.example'] });
    const own = await app.request('http://intranet.example/api/v2/user', { headers: { Origin: 'http://intranet.example' } });
    expect(own.status).toBe(401);
    expect(own.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const preflight = await app.request('http://intranet.example/api/v2/projects', {
      method: 'OPTIONS',
      headers: { Origin: 'http://intranet.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const configured = await app.request('http://intranet.example/api/v2/user', { headers: { Origin: 'https://app.example' } });
    expect(configured.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example');
  });
});
