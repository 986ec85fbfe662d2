/**
 * The live event stream, GET /api/v2/events, over real HTTP: who gets which event (never
 * another customer's), replay and reset, heartbeat, and streams that end when their token
 * dies or the server stops.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppOptions } from './app.ts';
import { openDb } from './db.ts';
import { liveTick } from './live.ts';
import { PROJECTS, SITES, SYSTEMS } from './seed-ids.ts';
import { seed } from './seed.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

/** One event as received; `data` parsed from JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read payloads loosely and compare them whole
type Received = { id: string | undefined; event: string; data: any };

/** Reads a text/event-stream body as it arrives: events, comments, and whether it ended. */
class SseReader {
  readonly events: Received[] = [];
  readonly comments: string[] = [];
  ended = false;
  readonly done: Promise<void>;
  #waiters = new Set<() => void>();

  constructor(body: ReadableStream<Uint8Array>) {
    this.done = this.#read(body);
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          this.#dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.#notify();
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.#notify();
  }

  #dispatch(block: string): void {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) this.events.push({ id, event, data: JSON.parse(data.join('\n')) });
  }

  #notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  /** Resolves once `condition` holds (checked on every chunk); fails after `ms` with what arrived. */
  until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (condition()) {
          this.#waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`no ${what} within ${ms} ms; received ${JSON.stringify(this.events)}${this.ended ? ' (ended)' : ''}`));
      }, ms);
      this.#waiters.add(check);
      check();
    });
  }

  /** The first event matching, once it arrived. */
  async next(match: (e: Received) => boolean, what: string, ms?: number): Promise<Received> {
    await this.until(() => this.events.some(match), what, ms);
    return this.events.find(match)!;
  }

  /** The first event of `type` with `data.uuid === uuid` (or of that type at all). */
  of(type: string, uuid?: string, ms?: number): Promise<Received> {
    return this.next((e) => e.event === type && (uuid === undefined || e.data.uuid === uuid), `${type} ${uuid ?? ''}`, ms);
  }

  /** Resolves when the server ended the stream. */
  ends(ms?: number): Promise<void> {
    return this.until(() => this.ended, 'end of stream', ms);
  }
}

type Served = { app: TestApp; base: string; server: ServerType };
const servers: Served[] = [];
const aborts: AbortController[] = [];

/**
 * A test app on a real port: heartbeat 50 ms; tokens checked again only after a minute unless
 * told otherwise, so a stream that ends sooner was ended at once, not by that check.
 */
async function served(options: Partial<AppOptions> = {}): Promise<Served> {
  const app = testApp({ eventsHeartbeatMs: 50, eventsTokenCheckMs: 60_000, ...options });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const s = { app, base, server };
  servers.push(s);
  return s;
}

/** Opens the stream; `sse` reads its body when it is one (an error answer's body stays unread). */
async function connect(
  base: string,
  token: string | undefined,
  options: { lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<{ res: Response; sse: SseReader; abort: () => void }> {
  const controller = new AbortController();
  aborts.push(controller);
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId;
  const res = await fetch(`${base}/api/v2/events${options.query ?? ''}`, { headers, signal: controller.signal });
  const stream = res.headers.get('Content-Type')?.startsWith('text/event-stream');
  return { res, sse: new SseReader(stream ? res.body! : new ReadableStream()), abort: () => controller.abort() };
}

/** A stream that is open and past its replay: its `ready` arrived. */
async function ready(base: string, token: string, options?: Parameters<typeof connect>[2]) {
  const stream = await connect(base, token, options);
  expect(stream.res.status).toBe(200);
  const r = await stream.sse.of('ready');
  return { ...stream, ready: r };
}

const post = (base: string, path: string, body: unknown, token?: string) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const newIncident = async (base: string, site: string): Promise<string> => {
  const res = await post(base, '/__test/incident', { site });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { uuid: string } }).data.uuid;
};

let main: Served;
let manager: string;
let viewer: string;
beforeAll(async () => {
  main = await served({ allowedOrigins: ['http://localhost:8081'] });
  [manager, viewer] = await Promise.all([login(main.app, 'manager@vigil.test'), login(main.app, 'viewer@vigil.test')]);
});
afterEach(async () => {
  for (const a of aborts.splice(0)) a.abort();
  // Every stream the test opened is gone from the server too (no leak).
  for (const s of servers) await expect.poll(() => s.app.deps.events.size, { timeout: 2000, interval: 10 }).toBe(0);
});
afterAll(async () => {
  for (const { server } of servers) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('GET /api/v2/events: the stream', () => {
  it('is 401 without a valid token and 403 before the terms, as every other call', async () => {
    for (const token of [undefined, 'f'.repeat(64), 'not-a-token']) {
      const { res } = await connect(main.base, token);
      expect(res.status, String(token)).toBe(401);
      expect(res.headers.get('Content-Type')).toContain('application/json');
      expect(await res.json()).toEqual({ errors: [{ message: 'Unauthenticated.' }] });
    }
    const newcomer = await login(main.app, 'new@vigil.test');
    const { res } = await connect(main.base, newcomer);
    const projects = await call(main.app, 'GET', '/api/v2/projects', { token: newcomer });
    expect(projects.status).toBe(403);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(projects.body);
  });

  it('is an uncompressed, unstored event stream whose events arrive at once, not at its end', async () => {
    const { res, sse } = await connect(main.base, manager, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store|no-cache/);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    const r = await sse.of('ready');
    expect(r.data).toEqual({ resumed: false, replayed: 0 });
    expect(r.id).toBe(String(main.app.deps.events.newestId()));
    const uuid = await newIncident(main.base, SITES.antwerpWarehouse);
    await sse.of('incident', uuid);
    expect(sse.ended).toBe(false);
  });

  it('answers integrator pages of the allowed origins, Last-Event-ID allowed in the preflight', async () => {
    const origin = 'http://localhost:8081';
    const preflight = await fetch(`${main.base}/api/v2/events`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,last-event-id' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase().split(',')).toEqual(
      expect.arrayContaining(['authorization', 'last-event-id']),
    );
    const { res, sse } = await connect(main.base, manager, { headers: { Origin: origin } });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    await sse.of('ready');
    const { res: evil } = await connect(main.base, manager, { headers: { Origin: 'https://evil.example' } });
    expect(evil.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('sends a heartbeat comment', async () => {
    const { sse } = await ready(main.base, manager);
    await sse.until(() => sse.comments.includes('ping'), 'ping');
  });

  it('a HEAD answers the headers and leaves no stream open', async () => {
    const res = await fetch(`${main.base}/api/v2/events`, { method: 'HEAD', headers: { Authorization: `Bearer ${manager}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(main.app.deps.events.size).toBe(0);
  });
});

describe('who gets what', () => {
  it("an incident reaches the project's readers only: never another customer, never a member without 'view'", async () => {
    const m = await ready(main.base, manager);
    const v = await ready(main.base, viewer);
    // The viewer is not in Atlas; a membership without 'view' is no membership either.
    const viewerId = main.app.deps.db.get<{ id: number }>("SELECT id FROM users WHERE email = 'viewer@vigil.test'")!.id;
    main.app.deps.db.run(
      `INSERT INTO memberships (project_uuid, user_id, permissions) VALUES (?, ?, '["evacuate"]')`,
      PROJECTS.atlas,
      viewerId,
    );
    try {
      const atlas = await newIncident(main.base, SITES.liegeDataCentre);
      const got = await m.sse.of('incident', atlas);
      const { body } = await call(main.app, 'GET', `/api/v2/incidents/${atlas}`, { token: manager });
      expect(got.data).toEqual({
        uuid: atlas,
        severity: body.data.severity,
        occurred_at: body.data.occurred_at,
        project: PROJECTS.atlas,
        site: { uuid: SITES.liegeDataCentre, name: 'Liège Data Centre' },
      });
      expect(Number(got.id)).toBeGreaterThan(Number(m.ready.id));
      // Events arrive in id order: once a later one reached the viewer, the Atlas one never will.
      const northwind = await newIncident(main.base, SITES.brusselsOffice);
      await v.sse.of('incident', northwind);
      await m.sse.of('incident', northwind);
      expect(v.sse.events.filter((e) => e.data.uuid === atlas)).toEqual([]);
      // And the other way round: Hudson is the viewer's, not the manager's.
      const hudson = await newIncident(main.base, SITES.brooklynStore);
      await v.sse.of('incident', hudson);
      const last = await newIncident(main.base, SITES.ghentDistribution);
      await m.sse.of('incident', last);
      expect(m.sse.events.filter((e) => e.data.uuid === hudson)).toEqual([]);
    } finally {
      main.app.deps.db.run('DELETE FROM memberships WHERE project_uuid = ? AND user_id = ?', PROJECTS.atlas, viewerId);
    }
  });

  it("handling an incident sends `incident_handled` to its project's readers only, once", async () => {
    const m = await ready(main.base, manager);
    const v = await ready(main.base, viewer);
    const handle = async (uuid: string) => {
      const res = await post(main.base, '/__test/incident/handle', { uuid });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { changed: boolean } }).data;
    };
    // Atlas is the manager's, not the viewer's; Hudson the viewer's, not the manager's.
    const atlas = await newIncident(main.base, SITES.liegeDataCentre);
    const hudson = await newIncident(main.base, SITES.brooklynStore);
    await handle(atlas);
    await handle(hudson);
    expect((await m.sse.of('incident_handled', atlas)).data).toEqual({ uuid: atlas, project: PROJECTS.atlas });
    expect((await v.sse.of('incident_handled', hudson)).data).toEqual({ uuid: hudson, project: PROJECTS.hudson });
    // Northwind is both users'; handling it again changes nothing and sends nothing.
    const northwind = await newIncident(main.base, SITES.brusselsOffice);
    expect(await handle(northwind)).toMatchObject({ changed: true });
    expect(await handle(northwind)).toMatchObject({ changed: false });
    await m.sse.of('incident_handled', northwind);
    await v.sse.of('incident_handled', northwind);
    const sentinel = await newIncident(main.base, SITES.antwerpWarehouse);
    await m.sse.of('incident', sentinel);
    await v.sse.of('incident', sentinel);
    expect(m.sse.events.filter((e) => e.event === 'incident_handled').map((e) => e.data.uuid)).toEqual([atlas, northwind]);
    expect(v.sse.events.filter((e) => e.event === 'incident_handled').map((e) => e.data.uuid)).toEqual([hudson, northwind]);
    // Replayed the same way: a reconnecting viewer never gets Atlas's.
    const again = await ready(main.base, viewer, { lastEventId: v.ready.id });
    expect(again.sse.events.filter((e) => e.event === 'incident_handled').map((e) => e.data.uuid)).toEqual([hudson, northwind]);
  });

  it('a notification and the unread count reach their user only', async () => {
    const m = await ready(main.base, manager);
    const v = await ready(main.base, viewer);
    const res = await post(main.base, '/__test/notification', { email: 'manager@vigil.test' });
    const made = ((await res.json()) as { data: { uuid: string; created_at: string } }).data;
    expect((await m.sse.of('notification', made.uuid)).data).toEqual({ uuid: made.uuid, created_at: made.created_at });
    const unread = (await call(main.app, 'GET', '/api/v2/notifications?per_page=1', { token: manager })).body.meta.unread;
    const count = await m.sse.of('unread');
    expect(count.data).toEqual({ count: unread });
    expect(Number(count.id)).toBeGreaterThan(Number(m.sse.events.find((e) => e.event === 'notification')!.id));
    const sentinel = await newIncident(main.base, SITES.antwerpWarehouse);
    await v.sse.of('incident', sentinel);
    expect(v.sse.events.map((e) => e.event)).not.toContain('notification');
    expect(v.sse.events.map((e) => e.event)).not.toContain('unread');
  });

  it('the bulk inbox hook sends the new unread count (its backdated items are no news)', async () => {
    const v = await ready(main.base, viewer);
    expect((await post(main.base, '/__test/bulk-inbox', { email: 'viewer@vigil.test', incidents: 3, notifications: 3 })).status).toBe(200);
    const unread = (await call(main.app, 'GET', '/api/v2/notifications?per_page=1', { token: viewer })).body.meta.unread;
    expect((await v.sse.of('unread')).data).toEqual({ count: unread });
    expect(v.sse.events.map((e) => e.event)).toEqual(['ready', 'unread']);
  });

  it('--live publishes what it makes', async () => {
    const before = main.app.deps.events.newestId();
    for (let i = 0; i < 4; i++) liveTick(main.app.deps.db, { events: main.app.deps.events });
    // An incident is one event, a notification two (with the unread count).
    expect(main.app.deps.events.newestId() - before).toBeGreaterThanOrEqual(4);
  });

  it('marking a notification read sends the new unread count, once', async () => {
    const m = await ready(main.base, manager);
    const list = (await call(main.app, 'GET', '/api/v2/notifications?filter[unread]=true', { token: manager })).body;
    const target = list.data[0].uuid as string;
    expect((await call(main.app, 'PUT', `/api/v2/notifications/${target}/mark-as-read`, { token: manager })).status).toBe(200);
    expect((await m.sse.of('unread')).data).toEqual({ count: list.meta.unread - 1 });
    // Already read: nothing changed, nothing sent.
    await call(main.app, 'PUT', `/api/v2/notifications/${target}/mark-as-read`, { token: manager });
    const sentinel = await newIncident(main.base, SITES.antwerpWarehouse);
    await m.sse.of('incident', sentinel);
    expect(m.sse.events.filter((e) => e.event === 'unread')).toHaveLength(1);
  });

  it("an evacuation started by one member reaches the others at once, and no other customer's user", async () => {
    const v = await ready(main.base, viewer);
    const start = await call(main.app, 'POST', `/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/start`, {
      token: manager,
      body: { mode: 'drill' },
    });
    expect(start.status).toBe(200);
    const got = await v.sse.next((e) => e.event === 'evacuation' && e.data.status === 'active', 'evacuation started');
    expect(got.data).toEqual({
      scope: 'site',
      uuid: SITES.ghentDistribution,
      project: PROJECTS.northwind,
      status: 'active',
      by: 'Morgan Manager',
      at: start.body.data.started_at,
      mode: 'drill',
    });
    // Starting it again changes nothing and sends nothing; the abort is news again.
    await call(main.app, 'POST', `/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/start`, { token: manager });
    const abort = await call(main.app, 'POST', `/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/abort`, { token: viewer });
    const aborted = await v.sse.next((e) => e.event === 'evacuation' && e.data.status === 'inactive', 'evacuation aborted');
    // Ending a drill is told as the end of a drill.
    expect(aborted.data).toMatchObject({ by: 'Vic Viewer', at: abort.body.data.aborted_at, mode: 'drill' });
    expect(v.sse.events.filter((e) => e.event === 'evacuation')).toHaveLength(2);

    // A project evacuation is one event; Atlas's never reaches the viewer.
    const m = await ready(main.base, manager);
    await call(main.app, 'POST', `/api/public/v1/projects/${PROJECTS.atlas}/evacuation/start`, { token: manager });
    expect((await m.sse.of('evacuation', PROJECTS.atlas)).data).toMatchObject({
      scope: 'project',
      project: PROJECTS.atlas,
      status: 'active',
      mode: 'real',
    });
    await call(main.app, 'POST', `/api/public/v1/projects/${PROJECTS.atlas}/evacuation/abort`, { token: manager });
    await m.sse.next((e) => e.event === 'evacuation' && e.data.uuid === PROJECTS.atlas && e.data.status === 'inactive', 'abort');
    await call(main.app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, { token: manager });
    await v.sse.of('evacuation', PROJECTS.northwind);
    await call(main.app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/abort`, { token: manager });
    expect(v.sse.events.filter((e) => e.data.project === PROJECTS.atlas)).toEqual([]);
    expect(m.sse.events.filter((e) => e.event === 'evacuation' && e.data.uuid === PROJECTS.atlas)).toHaveLength(2);
  });

  it('POST /__test/system flips a system and sends `system` to its project readers only', async () => {
    const m = await ready(main.base, manager);
    const v = await ready(main.base, viewer);
    const was = main.app.deps.db.get<{ online: number }>('SELECT online FROM systems WHERE uuid = ?', SYSTEMS.brooklynFloor)!.online === 1;
    const res = await post(main.base, '/__test/system', { system: SYSTEMS.brooklynFloor, online: !was });
    expect(await res.json()).toEqual({ data: { system: SYSTEMS.brooklynFloor, online: !was, changed: true } });
    expect((await v.sse.of('system', SYSTEMS.brooklynFloor)).data).toEqual({
      uuid: SYSTEMS.brooklynFloor,
      site: SITES.brooklynStore,
      project: PROJECTS.hudson,
      online: !was,
    });
    const system = await call(main.app, 'GET', `/api/v2/systems/${SYSTEMS.brooklynFloor}`, { token: viewer });
    expect(system.body.data.online).toBe(!was);
    // The same state again: no change, no event. Back: an event again.
    expect(await (await post(main.base, '/__test/system', { system: SYSTEMS.brooklynFloor, online: !was })).json()).toMatchObject({
      data: { changed: false },
    });
    await post(main.base, '/__test/system', { system: SYSTEMS.brooklynFloor, online: was });
    await v.sse.next((e) => e.event === 'system' && e.data.online === was, 'system back');
    expect(v.sse.events.filter((e) => e.event === 'system')).toHaveLength(2);
    // The manager is not in Hudson.
    await post(main.base, '/__test/system', { system: SYSTEMS.antwerpDocks, online: false });
    await m.sse.of('system', SYSTEMS.antwerpDocks);
    await post(main.base, '/__test/system', { system: SYSTEMS.antwerpDocks, online: true });
    expect(m.sse.events.filter((e) => e.data.uuid === SYSTEMS.brooklynFloor)).toEqual([]);
    expect((await post(main.base, '/__test/system', { system: '30000000-0000-4000-8000-000000000999', online: true })).status).toBe(404);
  });
});

describe('replay', () => {
  it('Last-Event-ID replays exactly the missed events the user may see, then ready; so does ?last_event_id=', async () => {
    const first = await ready(main.base, manager);
    const cursor = first.ready.id!;
    first.abort();
    const seen = [await newIncident(main.base, SITES.antwerpWarehouse), await newIncident(main.base, SITES.liegeDataCentre)];
    await newIncident(main.base, SITES.brooklynStore); // Hudson: not the manager's
    await post(main.base, '/__test/notification', { email: 'viewer@vigil.test' }); // not the manager's
    seen.push(await newIncident(main.base, SITES.newarkDataHall));
    const newest = String(main.app.deps.events.newestId());

    for (const options of [{ lastEventId: cursor }, { query: `?last_event_id=${cursor}` }]) {
      const { sse } = await connect(main.base, manager, options);
      await sse.of('ready');
      expect(sse.events.map((e) => e.event)).toEqual(['incident', 'incident', 'incident', 'ready']);
      expect(sse.events.slice(0, 3).map((e) => e.data.uuid)).toEqual(seen);
      const ids = sse.events.slice(0, 3).map((e) => Number(e.id));
      expect(ids[0]).toBeGreaterThan(Number(cursor));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(sse.events.at(-1)).toEqual({ id: newest, event: 'ready', data: { resumed: true, replayed: 3 } });
    }
    // The newest id as cursor: nothing missed.
    const { sse } = await connect(main.base, manager, { lastEventId: newest });
    expect((await sse.of('ready')).data).toEqual({ resumed: true, replayed: 0 });
    expect(sse.events).toHaveLength(1);
  });

  it('a first connection with ?since= gets what was logged from then on, a cursor wins over it, and a too old one gets reset', async () => {
    const before = await newIncident(main.base, SITES.antwerpWarehouse);
    // `since` a millisecond after that event was logged (the log keeps milliseconds).
    const loggedBy = Date.now();
    while (Date.now() <= loggedBy); // waits out the current millisecond: a condition, not a fixed time
    const since = Date.now();
    const after = [await newIncident(main.base, SITES.ghentDistribution)];
    await newIncident(main.base, SITES.brooklynStore); // Hudson: not the manager's
    const { sse } = await connect(main.base, manager, { query: `?since=${since}` });
    await sse.of('ready');
    expect(sse.events.filter((e) => e.event === 'incident').map((e) => e.data.uuid)).toEqual(after);
    expect(sse.events.some((e) => e.data.uuid === before)).toBe(false);
    expect(sse.events.at(-1)!.data).toEqual({ resumed: true, replayed: 1 });
    // The cursor, when both are given, decides.
    const newest = String(main.app.deps.events.newestId());
    const both = await connect(main.base, manager, { query: `?since=${since}&last_event_id=${newest}` });
    expect((await both.sse.of('ready')).data).toEqual({ resumed: true, replayed: 0 });
    // Past the retention (15 minutes): nothing can tell what was missed.
    const old = await connect(main.base, manager, { query: `?since=${Date.now() - 16 * 60_000}` });
    await old.sse.of('ready');
    expect(old.sse.events.map((e) => e.event)).toEqual(['reset', 'ready']);
  });

  it('a cursor the log cannot answer for gets reset, then ready', async () => {
    const own = await served({ eventsLogLimit: 3 });
    const token = await login(own.app, 'manager@vigil.test');
    const before = own.app.deps.events.newestId();
    for (let i = 0; i < 5; i++) await newIncident(own.base, SITES.antwerpWarehouse);
    const newest = own.app.deps.events.newestId();
    // Too old (dropped beyond the log's limit), newer than any id, not an id.
    for (const lastEventId of [String(before + 1), String(newest + 50), 'abc', '-1', '1.5']) {
      const { sse } = await connect(own.base, token, { lastEventId });
      await sse.of('ready');
      expect(sse.events, lastEventId).toEqual([
        { id: undefined, event: 'reset', data: {} },
        { id: String(newest), event: 'ready', data: { resumed: false, replayed: 0 } },
      ]);
    }
    // Still in the log: replayed.
    const { sse } = await connect(own.base, token, { lastEventId: String(newest - 2) });
    expect((await sse.of('ready')).data).toEqual({ resumed: true, replayed: 2 });
  });

  it('drops events past the retention time', async () => {
    const own = await served({ eventsRetentionMs: 1 });
    const token = await login(own.app, 'manager@vigil.test');
    const { ready: r } = await ready(own.base, token);
    await newIncident(own.base, SITES.antwerpWarehouse);
    const at = Date.now();
    await expect.poll(() => Date.now() - at).toBeGreaterThan(2);
    const { sse } = await connect(own.base, token, { lastEventId: r.id! });
    await sse.of('ready');
    expect(sse.events.map((e) => e.event)).toEqual(['reset', 'ready']);
  });

  it('after /__test/reset every cursor resets, open streams end, and ids never repeat', async () => {
    const own = await served();
    const token = await login(own.app, 'manager@vigil.test');
    const open = await ready(own.base, token);
    await newIncident(own.base, SITES.antwerpWarehouse);
    const newest = own.app.deps.events.newestId();
    expect((await post(own.base, '/__test/reset', {})).status).toBe(200);
    await open.sse.ends(1000);
    const again = await login(own.app, 'manager@vigil.test');
    const { sse } = await connect(own.base, again, { lastEventId: String(newest) });
    const r = await sse.of('ready');
    expect(sse.events.map((e) => e.event)).toEqual(['reset', 'ready']);
    expect(Number(r.id)).toBeGreaterThan(newest);
    const uuid = await newIncident(own.base, SITES.antwerpWarehouse);
    expect(Number((await sse.of('incident', uuid)).id)).toBeGreaterThan(Number(r.id));
  });

  it('replays what was published before a restart of the server (the log is in the database)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-events-'));
    try {
      const path = join(dir, 'vigil.sqlite');
      let db = openDb(path);
      seed(db);
      const first = testApp({ db });
      const token = await login(first, 'manager@vigil.test');
      const cursor = first.deps.events.newestId();
      const missed = (await call(first, 'POST', '/__test/incident', { body: { site: SITES.antwerpWarehouse } })).body.data.uuid;
      db.close();

      db = openDb(path);
      const second = await served({ db });
      const { sse } = await connect(second.base, token, { lastEventId: String(cursor) });
      expect((await sse.of('ready')).data).toEqual({ resumed: true, replayed: 1 });
      expect(sse.events[0]).toMatchObject({ event: 'incident', id: String(cursor + 1), data: { uuid: missed } });
      const next = await newIncident(second.base, SITES.antwerpWarehouse);
      expect(Number((await sse.of('incident', next)).id)).toBe(cursor + 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the end of a stream', () => {
  it('signing out ends the streams of that token at once, not the other sessions', async () => {
    const token = await login(main.app, 'manager@vigil.test');
    const mine = await ready(main.base, token);
    const other = await ready(main.base, manager);
    expect((await call(main.app, 'POST', '/api/v2/user/logout', { token })).status).toBe(204);
    await mine.sse.ends(1000);
    const uuid = await newIncident(main.base, SITES.antwerpWarehouse);
    await other.sse.of('incident', uuid);
    expect(other.sse.ended).toBe(false);
    expect((await connect(main.base, token)).res.status).toBe(401);
  });

  it('an expired token ends its stream within the check period', async () => {
    const own = await served({ eventsTokenCheckMs: 200 });
    const token = await login(own.app, 'viewer@vigil.test');
    const { sse } = await ready(own.base, token);
    expect((await post(own.base, '/__test/expire-tokens', {})).status).toBe(200);
    const at = Date.now();
    await sse.ends(2000);
    expect(Date.now() - at).toBeLessThan(1000);
    expect((await connect(own.base, token)).res.status).toBe(401);
  });

  it('closing the connection frees the stream on the server', async () => {
    const { abort } = await ready(main.base, viewer);
    const stats = async () => ((await (await fetch(`${main.base}/__test/stats`)).json()) as { data: { event_streams: number } }).data;
    expect((await stats()).event_streams).toBe(1);
    abort();
    await expect.poll(async () => (await stats()).event_streams, { timeout: 2000, interval: 10 }).toBe(0);
  });

  it('a client that stops reading is dropped once 1000 writes wait for it, and can resume', async () => {
    const { events, db } = main.app.deps;
    const userId = db.get<{ id: number }>("SELECT id FROM users WHERE email = 'viewer@vigil.test'")!.id;
    let closed = false;
    const never = new Promise<never>(() => {});
    const stream = events.open(userId, 'a-token-hash', undefined, { write: () => never, close: () => (closed = true) });
    const cursor = events.newestId();
    for (let i = 0; i < 999; i++) events.publish('unread', { user: userId }, { count: i });
    expect(closed).toBe(false);
    events.publish('unread', { user: userId }, { count: 999 });
    expect(closed).toBe(true);
    await stream.done;
    // Everything it missed is still there for its next connection.
    const { sse } = await connect(main.base, viewer, { lastEventId: String(cursor) });
    expect((await sse.of('ready')).data).toEqual({ resumed: true, replayed: 1000 });
  });

  it('main.ts ends open streams on SIGTERM and exits at once', async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
      env: { ...process.env, PORT: '0', VIGIL_DB: ':memory:' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /Vigil demo server on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        void exited.then(() => reject(new Error(`server exited:\n${out}`)));
      });
      const res = await post(url, '/api/v2/user/login', { email: 'manager@vigil.test', password: 'vigil-demo' });
      const token = ((await res.json()) as { data: { token: string } }).data.token;
      const { sse } = await ready(url, token);
      const at = Date.now();
      child.kill('SIGTERM');
      await sse.ends(3000);
      expect(await exited).toBe(0);
      // The shutdown's forced close comes after 2 s: the stream did not hold the server up.
      expect(Date.now() - at).toBeLessThan(1500);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
