/**
 * Web Push from the demo server (docs/push.md): the VAPID key pair (RFC 8292), the devices
 * that subscribed, and the delivery of encrypted messages (RFC 8291, aes128gcm) when
 * something happens that a device chose to hear of.
 *
 * The crypto is the web-push library's (`generateRequestDetails`: encryption and the VAPID
 * header); this module only sends the request it prepared, through {@link guardedLookup},
 * so the socket never reaches an address the endpoint check refuses.
 *
 * Delivery never blocks the API: the event hub (events.ts) tells this module of every
 * event it publishes; the module picks the devices, queues one message per device and
 * sends them in the background, a few at a time. A 404 or 410 from the push service
 * removes the subscription; a network error, a 429 or a 5xx is tried again with backoff
 * (honouring Retry-After) while the message's TTL lasts; other answers drop the message.
 */
import { createECDH, createHmac, timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Db } from './db.ts';
import { nowIso } from './db.ts';
import type { EventHub, PublishedEvent } from './events.ts';
import { endpointProblem, guardedLookup } from './push-address.ts';
import { evacuationPayload, incidentPayload, languageOf, systemPayload, testPayload, type PushPayload } from './push-messages.ts';
import { projectReaders, READABLE_PROJECTS } from './readers.ts';

export type PushOptions = {
  /** Also allow plain-http loopback endpoints (the test hooks). */
  testHooks: boolean;
  /** The first retry's delay (ms); each further one is four times longer. */
  retryBaseMs: number;
  /** The most attempts per message. */
  maxAttempts: number;
  /** How long (ms) one request to a push service may take. */
  timeoutMs: number;
  /** The VAPID `sub`: a contact for the push services. */
  subject: string;
  log: (line: string) => void;
};

export type SubscriptionRow = {
  uuid: string;
  user_id: number;
  token_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  severities: string;
  sites: string | null;
  systems_offline: number;
  device_name: string | null;
  created_at: string;
};

type Job = { sub: SubscriptionRow; payload: PushPayload; urgency: 'high' | 'normal'; ttl: number; attempt: number; firstAt: number };

const loadWebPush = () => import('web-push');

/** TTL (s) of messages that are stale soon (critical incidents, evacuations) and of the others. */
const URGENT_TTL = 5 * 60;
const NORMAL_TTL = 12 * 3600;
/** Requests to push services under way at once. */
const CONCURRENCY = 4;
/** How long an acknowledge link in a message works (ms). */
const ACTION_TTL_MS = 24 * 3600 * 1000;

/** The server's VAPID keys: from the environment when both are given, else the database's (made on first use). */
export function vapidKeys(db: Db, env: NodeJS.ProcessEnv = process.env): { publicKey: string; privateKey: string } {
  const fromEnv = { publicKey: env.VIGIL_VAPID_PUBLIC_KEY?.trim(), privateKey: env.VIGIL_VAPID_PRIVATE_KEY?.trim() };
  if (fromEnv.publicKey && fromEnv.privateKey) return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  const row = db.get<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_keys WHERE id = 1');
  if (row) return { publicKey: row.public_key, privateKey: row.private_key };
  // A P-256 key pair as VAPID names it: the public key uncompressed, both base64url (what web-push's generateVAPIDKeys makes).
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  const made = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
  db.run(
    'INSERT OR IGNORE INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)',
    made.publicKey,
    made.privateKey,
    nowIso(),
  );
  return vapidKeys(db, {});
}

/** The devices whose session still signs in (not signed out, revoked or past its lifetime; terms accepted). */
const LIVE_DEVICES = `SELECT p.* FROM push_subscriptions p JOIN tokens t ON t.id = p.token_id JOIN users u ON u.id = p.user_id
  WHERE t.expires_at > ? AND u.terms_accepted = 1`;

export class PushService {
  readonly #db: Db;
  readonly #options: PushOptions;
  readonly #keys: { publicKey: string; privateKey: string };
  readonly #actionKey: Buffer;
  readonly #queue: Job[] = [];
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  #running = 0;
  #stopped = false;
  /** Settled once nothing is queued, being sent or waiting for a retry (tests wait for it). */
  #idleWaiters: (() => void)[] = [];
  #unsubscribe: (() => void) | undefined;
  #library: ReturnType<typeof loadWebPush> | undefined;

  constructor(db: Db, options: PushOptions) {
    this.#db = db;
    this.#options = options;
    this.#keys = vapidKeys(db);
    this.#actionKey = createHmac('sha256', this.#keys.privateKey).update('vigil push actions').digest();
  }

  get publicKey(): string {
    return this.#keys.publicKey;
  }

  /** Whether the server may send to this endpoint (undefined) or why not. */
  endpointProblem(endpoint: string): ReturnType<typeof endpointProblem> {
    return endpointProblem(endpoint, this.#options.testHooks);
  }

  /**
   * The web-push library, loaded once: in the background as soon as there is a device to
   * send to (the server starts as fast as without it), so the first alarm does not wait for it.
   */
  library(): ReturnType<typeof loadWebPush> {
    this.#library ??= loadWebPush();
    return this.#library;
  }

  /** Starts listening to the hub's events. */
  listen(events: EventHub): void {
    if (this.#db.get('SELECT 1 FROM push_subscriptions LIMIT 1')) void this.library();
    this.#unsubscribe = events.onPublish((event) => {
      // After the publisher's work (the answer to its request) is done.
      setImmediate(() => {
        try {
          this.#route(event);
        } catch (err) {
          this.#options.log(`[push] could not route ${event.type}: ${(err as Error).message}`);
        }
      });
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#unsubscribe?.();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#queue.length = 0;
  }

  /** Settles once every message routed so far was delivered, dropped or given up (events route on the next turn). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      setImmediate(() => {
        this.#idleWaiters.push(resolve);
        this.#checkIdle();
      });
    });
  }

  #checkIdle(): void {
    if (this.#running || this.#queue.length || this.#timers.size) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /** Queues the test message for one device. */
  sendTest(sub: SubscriptionRow): void {
    this.#enqueue(sub, testPayload(this.#language(sub.user_id)), 'normal', 60);
  }

  /**
   * A token that lets the device acknowledge this incident for its user, and nothing else,
   * while its subscription (and so its session) lasts: `<subscription>.<incident>.<expiry>.<mac>`.
   */
  actionToken(subscription: string, incident: string, now = Date.now()): string {
    const body = `${subscription}.${incident}.${now + ACTION_TTL_MS}`;
    return `${body}.${createHmac('sha256', this.#actionKey).update(body).digest('base64url')}`;
  }

  /** The user of a valid action token for `incident`, or undefined. */
  actionUser(token: string, incident: string): { userId: number; tokenId: number } | undefined {
    const parts = token.split('.');
    if (parts.length !== 4) return undefined;
    const [subscription, forIncident, expiry, mac] = parts as [string, string, string, string];
    const expected = createHmac('sha256', this.#actionKey).update(`${subscription}.${forIncident}.${expiry}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (forIncident !== incident || !(Number(expiry) > Date.now())) return undefined;
    const row = this.#db.get<{ user_id: number; token_id: number }>(
      `SELECT user_id, token_id FROM (${LIVE_DEVICES}) WHERE uuid = ?`,
      nowIso(),
      subscription,
    );
    return row && { userId: row.user_id, tokenId: row.token_id };
  }

  #language(userId: number) {
    return languageOf(this.#db.get<{ locale: string }>('SELECT locale FROM users WHERE id = ?', userId)?.locale);
  }

  /** The live devices of the project's readers (never anyone else's). */
  #devicesOf(project: string): SubscriptionRow[] {
    const readers = new Set(projectReaders(this.#db, project));
    if (!readers.size) return [];
    return this.#db.all<SubscriptionRow>(LIVE_DEVICES, nowIso()).filter((s) => readers.has(s.user_id));
  }

  #openCount(userId: number): number {
    return this.#db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM incidents WHERE handled_by IS NULL AND project_uuid IN ${READABLE_PROJECTS}`,
      userId,
    )!.n;
  }

  #route(event: PublishedEvent): void {
    if (this.#stopped) return;
    if (event.type === 'incident') {
      const { data } = event;
      for (const sub of this.#devicesOf(data.project)) {
        const sites = sub.sites === null ? null : (JSON.parse(sub.sites) as string[]);
        if (!(JSON.parse(sub.severities) as string[]).includes(data.severity)) continue;
        if (sites && (!data.site || !sites.includes(data.site.uuid))) continue;
        const payload = incidentPayload(this.#db, data, this.#language(sub.user_id));
        if (!payload) continue;
        payload.open = this.#openCount(sub.user_id);
        payload.action_token = this.actionToken(sub.uuid, data.uuid);
        const urgent = data.severity === 'critical';
        this.#enqueue(sub, payload, urgent || data.severity === 'high' ? 'high' : 'normal', urgent ? URGENT_TTL : NORMAL_TTL);
      }
    } else if (event.type === 'evacuation') {
      for (const sub of this.#devicesOf(event.data.project)) {
        this.#enqueue(sub, evacuationPayload(this.#db, event.data, this.#language(sub.user_id)), 'high', URGENT_TTL);
      }
    } else if (event.type === 'system' && !event.data.online) {
      for (const sub of this.#devicesOf(event.data.project)) {
        if (!sub.systems_offline) continue;
        const sites = sub.sites === null ? null : (JSON.parse(sub.sites) as string[]);
        if (sites && !sites.includes(event.data.site)) continue;
        const payload = systemPayload(this.#db, event.data, this.#language(sub.user_id));
        if (payload) this.#enqueue(sub, payload, 'normal', NORMAL_TTL);
      }
    } else if (event.type === 'incident_handled') {
      // Nothing to show; a production API may send a silent badge update here (docs/push.md).
    }
  }

  #enqueue(sub: SubscriptionRow, payload: PushPayload, urgency: Job['urgency'], ttl: number): void {
    this.#queue.push({ sub, payload, urgency, ttl, attempt: 0, firstAt: Date.now() });
    this.#pump();
  }

  #pump(): void {
    while (!this.#stopped && this.#running < CONCURRENCY && this.#queue.length) {
      const job = this.#queue.shift()!;
      this.#running++;
      void this.#deliver(job).finally(() => {
        this.#running--;
        this.#pump();
      });
    }
    this.#checkIdle();
  }

  async #deliver(job: Job): Promise<void> {
    const { sub } = job;
    // The device may have gone (signed out, removed) while the message waited.
    if (!this.#db.get('SELECT 1 FROM push_subscriptions WHERE uuid = ?', sub.uuid)) return;
    let status: number;
    let retryAfter: string | undefined;
    try {
      if (this.endpointProblem(sub.endpoint)) throw new Error('endpoint not allowed');
      const { default: webpush } = await this.library();
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(job.payload),
        {
          vapidDetails: { subject: this.#options.subject, publicKey: this.#keys.publicKey, privateKey: this.#keys.privateKey },
          TTL: job.ttl,
          urgency: job.urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      ({ status, retryAfter } = await this.#send(sub.endpoint, details.headers as Record<string, string | number>, details.body as Buffer));
    } catch (err) {
      this.#options.log(`[push] ${sub.uuid}: ${(err as Error).message}`);
      if ((err as { code?: string }).code === 'EBLOCKED' || (err as Error).message === 'endpoint not allowed')
        return void this.#remove(sub.uuid);
      return this.#retry(job);
    }
    if (status >= 200 && status < 300) {
      this.#db.run('UPDATE push_subscriptions SET last_sent_at = ?, failures = 0 WHERE uuid = ?', nowIso(), sub.uuid);
    } else if (status === 404 || status === 410) {
      this.#remove(sub.uuid);
    } else if (status === 429 || status >= 500) {
      this.#retry(job, retryAfter);
    } else {
      this.#options.log(`[push] ${sub.uuid}: the push service answered ${status}; message dropped`);
      this.#db.run('UPDATE push_subscriptions SET failures = failures + 1 WHERE uuid = ?', sub.uuid);
    }
  }

  #remove(uuid: string): void {
    this.#db.run('DELETE FROM push_subscriptions WHERE uuid = ?', uuid);
  }

  #retry(job: Job, retryAfter?: string): void {
    const attempt = job.attempt + 1;
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined;
    const delay = Math.max(seconds ?? 0, this.#options.retryBaseMs * 4 ** job.attempt);
    // Past its TTL a message is worth nothing: the push service would drop it too.
    if (attempt >= this.#options.maxAttempts || Date.now() + delay > job.firstAt + job.ttl * 1000 || this.#stopped) {
      this.#db.run('UPDATE push_subscriptions SET failures = failures + 1 WHERE uuid = ?', job.sub.uuid);
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#queue.push({ ...job, attempt });
      this.#pump();
    }, delay);
    timer.unref();
    this.#timers.add(timer);
  }

  /** One POST to the push service; no redirects are followed. */
  #send(endpoint: string, headers: Record<string, string | number>, body: Buffer): Promise<{ status: number; retryAfter?: string }> {
    const url = new URL(endpoint);
    const loopback = this.#options.testHooks && url.protocol === 'http:';
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, { method: 'POST', headers, lookup: guardedLookup(loopback), timeout: this.#options.timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('push service timed out')));
      req.on('error', reject);
      req.end(body);
    });
  }
}
