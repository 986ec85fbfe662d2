/**
 * Limits that protect everyone (limits.ts), tried as an attacker would: one token opening
 * streams without end, replays of the whole log over and over, and evacuation actions in a
 * loop. Streams run over real HTTP, as a browser would hold them.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AppOptions } from './app.ts';
import { DEFAULT_SHARE_LIMITS } from './limits.ts';
import { SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

type Served = { app: TestApp; base: string; server: ServerType };
const servers: Served[] = [];
const aborts: AbortController[] = [];

async function served(options: Partial<AppOptions> = {}): Promise<Served> {
  const app = testApp({ eventsTokenCheckMs: 60_000, ...options });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const s = { app, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  servers.push(s);
  return s;
}

/** Asks for a stream; the body of an open one is left to arrive (and dropped at the test's end). */
async function stream(base: string, token: string, query = '', headers: Record<string, string> = {}): Promise<Response> {
  const controller = new AbortController();
  aborts.push(controller);
  return fetch(`${base}/api/v2/events${query}`, { headers: { Authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
}

/** The text of a stream until its `ready` event (the replay, or `reset`, comes before it). */
async function untilReady(res: Response): Promise<string> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!/event: ready\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  void reader.cancel();
  return text;
}

const userId = (app: TestApp, email: string): number => app.deps.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', email)!.id;

afterEach(async () => {
  for (const a of aborts.splice(0)) a.abort();
  for (const s of servers) await expect.poll(() => s.app.deps.events.size, { timeout: 5000, interval: 10 }).toBe(0);
});
afterAll(async () => {
  for (const { server } of servers) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('event streams', () => {
  it('60 streams from one session replaying the log: 10 open, the rest 429 with Retry-After, /api/ping fast meanwhile', async () => {
    /**
     * One round on a server of its own: the ping's time behind 60 ordinary signed-in reads
     * (the yardstick: a busy machine slows every answer), then behind 60 streams that each
     * ask for the whole log, and what those streams were answered.
     */
    const round = async () => {
      const { app, base } = await served();
      const token = await login(app, 'manager@vigil.test');
      const since = Date.now();
      // A full log to replay: every stream asks for all of it.
      const me = userId(app, 'manager@vigil.test');
      for (let n = 0; n < 2000; n++) app.deps.events.publish('unread', { user: me }, { count: n });

      // Connections open and code warm, so the ping measures the server's work, not the test client's set-up.
      await Promise.all(Array.from({ length: 61 }, () => fetch(`${base}/api/ping`)));
      const warm = await stream(base, token, `?since=${since}`);
      await untilReady(warm);
      for (const a of aborts.splice(0)) a.abort();
      await expect.poll(() => app.deps.events.size, { timeout: 5000, interval: 10 }).toBe(0);

      /** How long a ping takes when sent right behind `requests` (all sent at once). */
      const pingBehind = async (requests: () => Promise<Response>) => {
        const sent = Array.from({ length: 60 }, requests);
        const started = performance.now();
        const ping = await fetch(`${base}/api/ping`);
        const ms = performance.now() - started;
        expect(ping.status).toBe(204);
        return { ms, answers: await Promise.all(sent) };
      };
      const yardstick = (await pingBehind(() => fetch(`${base}/api/v2/user`, { headers: { Authorization: `Bearer ${token}` } }))).ms;
      const { ms, answers } = await pingBehind(() => stream(base, token, `?since=${since}`));
      return { app, base, token, yardstick, ms, answers };
    };

    // One sample of each is at the mercy of whatever else the machine runs at that moment:
    // three rounds, compared by their medians.
    const rounds = [];
    for (let i = 0; i < 3; i++) {
      const r = await round();
      rounds.push(r);
      const open = r.answers.filter((a) => a.status === 200);
      const refused = r.answers.filter((a) => a.status === 429);
      expect(open).toHaveLength(DEFAULT_SHARE_LIMITS.streamsPerSession);
      expect(refused).toHaveLength(50);
      for (const a of refused) {
        expect(Number(a.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect((await a.json()).errors[0].message).toMatch(/^Too many attempts/);
      }
      expect(r.app.deps.events.size).toBe(10);
      // 2000 missed events are more than a replay sends: each open stream was told to refetch.
      expect(await untilReady(open[0]!)).toMatch(/^event: reset\n[\s\S]*event: ready\ndata: \{"resumed":false,"replayed":0\}/);

      // A stream that ends frees its place.
      for (const a of aborts.splice(0)) a.abort();
      await expect.poll(() => r.app.deps.events.size, { timeout: 5000, interval: 10 }).toBe(0);
      expect((await stream(r.base, r.token)).status).toBe(200);
      for (const a of aborts.splice(0)) a.abort();
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    // Under 500 ms, or on a machine so busy that ordinary reads take long, within three times theirs.
    expect(median(rounds.map((r) => r.ms))).toBeLessThan(Math.max(500, 3 * median(rounds.map((r) => r.yardstick))));
  });

  it('caps the streams of a user over all their sessions, and of one address over all users', async () => {
    const { app, base } = await served({ shareLimits: { streamsPerUser: 3, streamsPerAddress: 5 } });
    // One after another: parallel sign-ins of one account meet the sign-in throttle, which
    // counts each attempt before judging it.
    const sessions: string[] = [];
    for (let i = 0; i < 4; i++) sessions.push(await login(app, 'manager@vigil.test'));
    for (const token of sessions.slice(0, 3)) expect((await stream(base, token)).status).toBe(200);
    const fourth = await stream(base, sessions[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('Retry-After')).toBe('10');

    const viewer = await login(app, 'viewer@vigil.test');
    expect((await stream(base, viewer)).status).toBe(200);
    expect((await stream(base, viewer)).status).toBe(200);
    // Five streams from 127.0.0.1 now, whoever holds them.
    const other = await login(app, 'sofie.peeters@northwind.example');
    expect((await stream(base, other)).status).toBe(429);
  });
});

describe('replays', () => {
  it('sends at most the bounded number of events, else reset; a cursor within the bound replays', async () => {
    const { app, base } = await served({ shareLimits: { replayMaxEvents: 10 } });
    const token = await login(app, 'manager@vigil.test');
    const me = userId(app, 'manager@vigil.test');
    const cursor = app.deps.events.newestId();
    for (let n = 0; n < 11; n++) app.deps.events.publish('unread', { user: me }, { count: n });
    const tooMany = await untilReady(await stream(base, token, '', { 'Last-Event-ID': String(cursor) }));
    expect(tooMany).toMatch(/^event: reset\n/);
    expect(tooMany).not.toMatch(/event: unread/);
    const within = await untilReady(await stream(base, token, '', { 'Last-Event-ID': String(cursor + 1) }));
    expect(within.match(/event: unread/g)).toHaveLength(10);
    expect(within).toMatch(/"resumed":true,"replayed":10/);
  });

  it('limits the replays of a session per minute (429 with Retry-After); a stream without replay still opens', async () => {
    const { app, base } = await served({ shareLimits: { replaysPerSessionPerMinute: 3 } });
    const token = await login(app, 'manager@vigil.test');
    const cursor = String(app.deps.events.newestId());
    for (let n = 0; n < 3; n++) {
      const res = await stream(base, token, `?last_event_id=${cursor}`);
      expect(res.status).toBe(200);
      await untilReady(res);
    }
    const fourth = await stream(base, token, `?since=${Date.now()}`);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(fourth.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect((await stream(base, token)).status).toBe(200);
    // Another session of the same user has its own minute.
    expect((await stream(base, await login(app, 'manager@vigil.test'), `?last_event_id=${cursor}`)).status).toBe(200);
  });

  it('refuses a replay while too many replays are still being written (429), until they are taken', async () => {
    const { app, base } = await served({ shareLimits: { replaysInFlight: 2 } });
    const token = await login(app, 'manager@vigil.test');
    const me = userId(app, 'manager@vigil.test');
    const cursor = String(app.deps.events.newestId());
    app.deps.events.publish('unread', { user: me }, { count: 1 });
    // Two clients that never take what they are sent.
    const releases: (() => void)[] = [];
    const stuck = [1, 2].map(() =>
      app.deps.events.open(me, 'stuck', cursor, { write: () => new Promise<void>((r) => releases.push(r)), close: () => {} }, undefined),
    );
    expect(app.deps.events.replaysInFlight).toBe(2);
    const refused = await stream(base, token, '', { 'Last-Event-ID': cursor });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('1');
    for (const release of releases) release();
    await expect.poll(() => app.deps.events.replaysInFlight).toBe(0);
    expect((await stream(base, token, '', { 'Last-Event-ID': cursor })).status).toBe(200);
    for (const s of stuck) s.close();
  });
});

describe('evacuation actions', () => {
  const action = (app: TestApp, token: string, what: 'start' | 'abort', key?: string) =>
    call(app, 'POST', `/api/public/v1/sites/${SITES.brusselsOffice}/evacuation/${what}`, {
      token,
      body: what === 'start' ? { mode: 'drill' } : undefined,
      headers: key ? { 'Idempotency-Key': key } : {},
    });

  it('40 start/abort calls in a row by one user: 429 with Retry-After past the limit, and nothing more is logged', async () => {
    const app = testApp();
    const manager = await login(app, 'manager@vigil.test');
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof action>> | undefined;
    for (let n = 0; n < 40; n++) {
      const res = await action(app, manager, n % 2 ? 'abort' : 'start');
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    const limit = DEFAULT_SHARE_LIMITS.evacuationActionsPerUserPerMinute;
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    expect(Number(refused!.headers.get('Retry-After'))).toBeGreaterThan(0);
    const logged = app.deps.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM evacuation_events WHERE target_uuid = ?',
      SITES.brusselsOffice,
    )!;
    const seeded = testApp().deps.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM evacuation_events WHERE target_uuid = ?',
      SITES.brusselsOffice,
    )!;
    expect(logged.n - seeded.n).toBe(limit);
  });

  it('an Idempotency-Key replay is answered past the limit and costs nothing; other users keep theirs', async () => {
    const app = testApp({ shareLimits: { evacuationActionsPerUserPerMinute: 2 } });
    const manager = await login(app, 'manager@vigil.test');
    expect((await action(app, manager, 'start', 'k1')).status).toBe(200);
    for (let n = 0; n < 5; n++) {
      const replay = await action(app, manager, 'start', 'k1');
      expect(replay.status).toBe(200);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    }
    expect((await action(app, manager, 'abort', 'k2')).status).toBe(200);
    expect((await action(app, manager, 'start', 'k3')).status).toBe(429);
    // Per user: the viewer (who may evacuate Northwind) still acts.
    const viewer = await login(app, 'viewer@vigil.test');
    expect((await action(app, viewer, 'abort')).status).toBe(200);
  });
});
