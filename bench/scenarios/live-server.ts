/**
 * Live events on the demo server: 500 event streams (GET /api/v2/events) open at once over
 * loopback, 30 events published through the test hooks, and every stream must receive
 * exactly the events its user may see: none lost, none of anyone else's. Reports the time
 * to open the streams, how long events took to arrive, and the server's memory before, with
 * the streams open, and once they closed. Bounded: it gives up after a minute.
 */
import { request, type ClientRequest } from 'node:http';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import type { Bench } from '../harness.ts';

const STREAMS = 500;
const DEADLINE_MS = 60_000;

/** The seeded accounts that accepted the terms; the streams are spread over them (several per session, as tabs). */
const ACCOUNTS = [
  'manager@vigil.test',
  'viewer@vigil.test',
  'sofie.peeters@northwind.example',
  'lucas.dubois@atlas-dc.example',
  'dana.rivera@hudson-retail.example',
  'tom.becker@northwind.example',
];

const SITE_PROJECT: Record<string, string> = {
  [SITES.antwerpWarehouse]: PROJECTS.northwind,
  [SITES.brusselsOffice]: PROJECTS.northwind,
  [SITES.ghentDistribution]: PROJECTS.northwind,
  [SITES.liegeDataCentre]: PROJECTS.atlas,
  [SITES.newarkDataHall]: PROJECTS.atlas,
  [SITES.brooklynStore]: PROJECTS.hudson,
  [SITES.jerseyCityOffice]: PROJECTS.hudson,
  [SITES.queensDepot]: PROJECTS.hudson,
};

/** What one hook call publishes: a key per event, and who may see it. */
type Published = { key: string; project?: string; account?: string; sentAt: number };

type Stats = { event_streams: number; newest_event_id: number; memory: { rss: number; heap_used: number; collected: boolean } };

/** `promise`, or a failure naming `what` once `deadline` (ms since the epoch) passed. */
function by<T>(deadline: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${DEADLINE_MS / 1000} s`)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One SSE connection read with node:http: the keys of the events it got and when. */
class Stream {
  readonly received: { key: string; at: number }[] = [];
  readonly account: string;
  readonly #req: ClientRequest;
  readonly ready: Promise<void>;
  #onData: () => void = () => {};

  constructor(base: string, token: string, account: string) {
    this.account = account;
    const url = new URL('/api/v2/events', base);
    let markReady!: () => void;
    let fail!: (e: Error) => void;
    this.ready = new Promise((resolve, reject) => ((markReady = resolve), (fail = reject)));
    this.#req = request(url, { headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) return fail(new Error(`stream: ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue; // a heartbeat
          if (event === 'ready') markReady();
          else {
            const parsed = JSON.parse(data) as { uuid?: string; online?: boolean };
            const key =
              event === 'unread'
                ? `unread:${this.account}`
                : event === 'system'
                  ? `system:${parsed.uuid}:${parsed.online}`
                  : `${event}:${parsed.uuid}`;
            this.received.push({ key, at: Date.now() });
          }
        }
        this.#onData();
      });
    });
    this.#req.on('error', (e) => fail(e));
    this.#req.end();
  }

  /** Resolves once `done()` holds, checked on every chunk; rejects at `deadline`. */
  until(done: () => boolean, deadline: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`a stream of ${this.account} is missing events`)),
        Math.max(0, deadline - Date.now()),
      );
      this.#onData = () => {
        if (!done()) return;
        clearTimeout(timer);
        resolve();
      };
      this.#onData();
    });
  }

  close(): void {
    this.#req.destroy();
  }
}

export async function liveServer(bench: Bench) {
  const deadline = Date.now() + DEADLINE_MS;
  const json = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(bench.base + path, init);
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  const post = <T>(path: string, body: unknown) =>
    json<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const stats = () => json<Stats>('/__test/stats');
  /** The server's memory once its garbage is collected (when it can be). */
  const memory = async () => (await json<Stats>('/__test/stats?gc=1')).memory;

  // Sign in each account once and learn which projects it may read.
  const sessions: { email: string; token: string; projects: Set<string> }[] = [];
  for (const email of ACCOUNTS) {
    const { token } = await post<{ token: string }>('/api/v2/user/login', { email, password: 'vigil-demo', device_name: 'bench' });
    const projects = await json<{ uuid: string }[]>('/api/v2/projects', { headers: { Authorization: `Bearer ${token}` } });
    sessions.push({ email, token, projects: new Set(projects.map((p) => p.uuid)) });
  }

  const before = await memory();
  const t0 = Date.now();
  const streams = Array.from({ length: STREAMS }, (_, i) => {
    const session = sessions[i % sessions.length]!;
    return new Stream(bench.base, session.token, session.email);
  });
  try {
    await by(deadline, `${STREAMS} streams open`, Promise.all(streams.map((s) => s.ready)));
    const openMs = Date.now() - t0;
    const open = await stats();
    if (open.event_streams !== STREAMS) throw new Error(`the server counts ${open.event_streams} streams, not ${STREAMS}`);

    // 30 events: 15 incidents all over, two systems off and on again, four notifications
    // (each a `notification` and an `unread`), and last one incident per project.
    const published: Published[] = [];
    const sites = Object.keys(SITE_PROJECT);
    const incident = async (site: string) => {
      const sentAt = Date.now();
      const made = await post<{ uuid: string }>('/__test/incident', { site });
      published.push({ key: `incident:${made.uuid}`, project: SITE_PROJECT[site]!, sentAt });
    };
    for (let i = 0; i < 15; i++) await incident(sites[i % sites.length]!);
    for (const [system, project] of [
      [SYSTEMS.antwerpDocks, PROJECTS.northwind],
      [SYSTEMS.brooklynFloor, PROJECTS.hudson],
    ] as const) {
      for (const online of [false, true]) {
        const sentAt = Date.now();
        await post('/__test/system', { system, online });
        published.push({ key: `system:${system}:${online}`, project, sentAt });
      }
    }
    for (const email of ACCOUNTS.slice(0, 4)) {
      const sentAt = Date.now();
      const made = await post<{ uuid: string }>('/__test/notification', { email });
      published.push({ key: `notification:${made.uuid}`, account: email, sentAt }, { key: `unread:${email}`, account: email, sentAt });
    }
    for (const site of [SITES.ghentDistribution, SITES.newarkDataHall, SITES.queensDepot]) await incident(site);
    const t1 = Date.now();

    // Every stream: exactly what its user may see. Events come in id order, and each
    // stream's last expected event is the newest of its projects, so an event it should not
    // have had would have arrived before that one.
    const expected = new Map(
      sessions.map((s) => [
        s.email,
        published.filter((p) => (p.project ? s.projects.has(p.project) : p.account === s.email)).map((p) => p.key),
      ]),
    );
    await Promise.all(streams.map((s) => s.until(() => s.received.length >= expected.get(s.account)!.length, deadline)));
    const allMs = Date.now() - t1;
    const count = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
    let lost = 0;
    let extra = 0;
    const latencies: number[] = [];
    for (const s of streams) {
      const want = count(expected.get(s.account)!);
      const got = count(s.received.map((r) => r.key));
      for (const [k, n] of want) lost += Math.max(0, n - (got.get(k) ?? 0));
      for (const [k, n] of got) extra += Math.max(0, n - (want.get(k) ?? 0));
      for (const r of s.received) {
        const p = published.find((x) => x.key === r.key);
        if (p) latencies.push(r.at - p.sentAt);
      }
    }
    latencies.sort((a, b) => a - b);
    const delivered = latencies.length;
    const wanted = streams.reduce((n, s) => n + expected.get(s.account)!.length, 0);
    const during = await memory();

    for (const s of streams) s.close();
    while ((await stats()).event_streams > 0) {
      if (Date.now() > deadline) throw new Error('the server kept streams open after their clients left');
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = await memory();
    if (lost || extra) throw new Error(`${lost} events lost, ${extra} delivered twice or to a stream that should not have them`);

    const growth = during.heap_used - before.heap_used;
    return {
      streams: STREAMS,
      events: published.length,
      deliveries: { expected: wanted, delivered, lost, extra },
      openMs,
      publishMs: t1 - (published[0]?.sentAt ?? t1),
      lastDeliveredAfterPublishMs: allMs,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? NaN },
      memory: { before, open: during, after },
      markdown: [
        `${STREAMS} event streams over loopback (${ACCOUNTS.length} accounts, ${(STREAMS / ACCOUNTS.length) | 0}–${Math.ceil(STREAMS / ACCOUNTS.length)} streams each), ${published.length} events published through the test hooks.`,
        '',
        '| | value |',
        '| --- | ---: |',
        `| all ${STREAMS} streams open (their \`ready\` received) | ${openMs} ms |`,
        `| deliveries expected / delivered / lost / extra (twice, or to the wrong user) | ${wanted} / ${delivered} / ${lost} / ${extra} |`,
        `| publish to arrival: p50 / p95 / max | ${percentile(latencies, 50)} / ${percentile(latencies, 95)} / ${latencies.at(-1)} ms |`,
        `| server heap${before.collected ? ' (after a full GC)' : ''}: before / ${STREAMS} open / after closing | ${MB(before.heap_used)} / ${MB(during.heap_used)} / ${MB(after.heap_used)} |`,
        `| server RSS: before / ${STREAMS} open / after closing | ${MB(before.rss)} / ${MB(during.rss)} / ${MB(after.rss)} |`,
        `| heap growth per open stream (HTTP connection included) | ${(growth / STREAMS / 1024).toFixed(1)} KB |`,
      ].join('\n'),
    };
  } finally {
    for (const s of streams) s.close();
  }
}
