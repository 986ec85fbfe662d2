/**
 * Live events: what `GET /api/v2/events` (routes/events.ts) tells a signed-in portal the
 * moment something changes, so that it refetches instead of polling.
 *
 * A change is published once, after it is committed: it takes the next id of the log
 * (SQLite `event_log`; ids are never given out twice, not even after a wipe), is kept for
 * replay (the last 15 minutes, at most 10 000 events) and is written at once to the open
 * streams of the users who may see it. Who may see it is decided when it is sent, with the
 * rules of the REST calls (access.ts): a project's events go to its members with 'view', a
 * user's own events (notifications, the unread count) to that user only.
 *
 * One timer writes the heartbeat to every stream and one re-checks every stream's token,
 * so an open stream costs a few objects and no timer of its own.
 */
import type { Incident } from '../../src/core/api/contract.ts';
import { projectReaders, readableProjects } from './readers.ts';
import type { Db } from './db.ts';

/** The events of the log and their `data`. */
export type EventPayloads = {
  /** A new incident in a project. */
  incident: {
    uuid: string;
    severity: Incident['severity'];
    occurred_at: string;
    project: string;
    site: { uuid: string; name: string } | null;
  };
  /** The control room handled an incident of the project: one open incident less. */
  incident_handled: { uuid: string; project: string };
  /** Someone acknowledged, commented on or handled an incident of the project: its page loads it again. */
  incident_updated: { uuid: string; project: string };
  /** A new notification for the user. */
  notification: { uuid: string; created_at: string };
  /** The user's number of unread notifications changed. */
  unread: { count: number };
  /** A project's or a site's evacuation started or was aborted. */
  evacuation: {
    scope: 'project' | 'site';
    uuid: string;
    project: string;
    status: 'active' | 'inactive';
    by: string | null;
    at: string;
    /** A drill or a real evacuation (an end carries the mode of what it ends). */
    mode: 'real' | 'drill';
  };
  /** A system went online or offline. */
  system: { uuid: string; site: string; project: string; online: boolean };
};
export type EventType = keyof EventPayloads;

/** What the stream itself sends: `ready` once the replay is done, `reset` instead of a replay that cannot be given. */
export type StreamPayloads = { ready: { resumed: boolean; replayed: number }; reset: Record<string, never> };

/** Who may receive an event: the members with 'view' on a project, or one user. */
export type Audience = { project: string } | { user: number };

/** One published event, as a listener of {@link EventHub.onPublish} hears it. */
export type PublishedEvent = { [T in EventType]: { id: number; type: T; audience: Audience; data: EventPayloads[T] } }[EventType];
export type PublishListener = (event: PublishedEvent) => void;

export type EventOptions = {
  /** Every this long (ms) each stream gets a comment line, so proxies and clients see it alive. */
  heartbeatMs: number;
  /** Every this long (ms) each stream's token is checked again; a dead one ends its streams. */
  tokenCheckMs: number;
  /** How long (ms) an event stays in the log for replay. */
  retentionMs: number;
  /** The most events the log keeps. */
  logLimit: number;
  /** The most events one replay sends; a stream that missed more gets `reset` instead (limits.ts). */
  replayMaxEvents: number;
};

export const DEFAULT_EVENT_OPTIONS: EventOptions = {
  heartbeatMs: 15_000,
  tokenCheckMs: 5_000,
  retentionMs: 15 * 60_000,
  logLimit: 10_000,
  replayMaxEvents: 1000,
};

/** Where a stream's bytes go (the SSE response). `write` settles once the client took them (or is gone). */
export interface EventSink {
  write(chunk: Uint8Array): Promise<unknown>;
  close(): void;
}

/** An open stream, as its route sees it. */
export interface OpenStream {
  /** Settles when the stream is closed, by the client or by the server. */
  readonly done: Promise<void>;
  close(): void;
}

type LogRow = { id: number; type: EventType; project_uuid: string | null; user_id: number | null; data: string };

/** Writes a stream has queued that its client has not taken yet; beyond this it is closed (the client resumes with its cursor). */
const MAX_BACKLOG = 1000;
/** The log is pruned after this many events, or this long after the last pruning, whichever comes first. */
const PRUNE_EVERY_EVENTS = 100;
const PRUNE_EVERY_MS = 60_000;

const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');

/** One SSE event: `id:` (when given), `event:`, `data:` (JSON, always one line). */
export function sseFrame(type: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const rowFrame = (row: LogRow): string => `id: ${row.id}\nevent: ${row.type}\ndata: ${row.data}\n\n`;

/** A Last-Event-ID: undefined when none is given, null when it is not an id. */
function parseCursor(raw: string | undefined): number | null | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
}

class Stream implements OpenStream {
  readonly hub: EventHub;
  readonly userId: number;
  readonly tokenHash: string;
  readonly address: string;
  readonly sink: EventSink;
  backlog = 0;
  closed = false;
  readonly done: Promise<void>;
  #settle!: () => void;

  constructor(hub: EventHub, userId: number, tokenHash: string, address: string, sink: EventSink) {
    this.hub = hub;
    this.userId = userId;
    this.tokenHash = tokenHash;
    this.address = address;
    this.sink = sink;
    this.done = new Promise((resolve) => (this.#settle = resolve));
  }

  /** Queues `chunk`; the returned promise settles once the client took it (or the stream is gone). */
  send(chunk: Uint8Array): Promise<unknown> {
    if (this.closed) return Promise.resolve();
    if (this.backlog >= MAX_BACKLOG) return Promise.resolve(this.close());
    this.backlog++;
    return this.sink.write(chunk).then(
      () => void this.backlog--,
      () => void this.backlog--,
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.forget(this);
    this.sink.close();
    this.#settle();
  }
}

export class EventHub {
  readonly #db: Db;
  readonly #options: EventOptions;
  /** Whether a token (its SHA-256) still signs its user in. */
  readonly #tokenValid: (tokenHash: string) => boolean;
  readonly #streams = new Set<Stream>();
  readonly #byUser = new Map<number, Set<Stream>>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #tokenCheck: ReturnType<typeof setInterval> | undefined;
  #sincePrune = 0;
  #prunedAt = 0;
  #replaysInFlight = 0;
  /** Who else hears of every published event besides the streams (Web Push, push.ts). */
  readonly #listeners = new Set<PublishListener>();

  constructor(db: Db, tokenValid: (tokenHash: string) => boolean, options: Partial<EventOptions> = {}) {
    this.#db = db;
    this.#tokenValid = tokenValid;
    this.#options = { ...DEFAULT_EVENT_OPTIONS, ...options };
  }

  /** How many streams are open. */
  get size(): number {
    return this.#streams.size;
  }

  /** Replays whose events are still being written to their client (limits.ts bounds them). */
  get replaysInFlight(): number {
    return this.#replaysInFlight;
  }

  /** The streams open now for this session, this user and this client address. */
  openCounts(userId: number, tokenHash: string, address: string): { session: number; user: number; address: number } {
    let session = 0;
    let byAddress = 0;
    for (const stream of this.#streams) {
      if (stream.tokenHash === tokenHash) session++;
      if (stream.address === address) byAddress++;
    }
    return { session, user: this.#byUser.get(userId)?.size ?? 0, address: byAddress };
  }

  /** The newest id given out (0 before the first event); the next event's id is higher. */
  newestId(): number {
    return this.#db.get<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'event_log'")?.seq ?? 0;
  }

  /**
   * Logs an event and sends it to the open streams of its audience; returns its id. Call it
   * once the change is committed: an event must never tell of something rolled back.
   */
  publish<T extends EventType>(type: T, audience: Audience, data: EventPayloads[T]): number {
    if (this.#db.raw.isTransaction) throw new Error(`publish ${type} after the change is committed, not inside its transaction`);
    const project = 'project' in audience ? audience.project : null;
    const user = 'user' in audience ? audience.user : null;
    const json = JSON.stringify(data);
    const { lastInsertRowid: id } = this.#db.run(
      'INSERT INTO event_log (at, type, project_uuid, user_id, data) VALUES (?, ?, ?, ?, ?)',
      Date.now(),
      type,
      project,
      user,
      json,
    );
    if (++this.#sincePrune >= PRUNE_EVERY_EVENTS || Date.now() - this.#prunedAt >= PRUNE_EVERY_MS) this.prune();
    this.#tell({ id, type, audience, data } as PublishedEvent);
    if (!this.#streams.size) return id;
    const chunk = encoder.encode(rowFrame({ id, type, project_uuid: project, user_id: user, data: json }));
    for (const userId of user !== null ? [user] : projectReaders(this.#db, project!)) {
      for (const stream of this.#byUser.get(userId) ?? []) void stream.send(chunk);
    }
    return id;
  }

  /** Calls `listener` with every event once it is logged; returns the unsubscribe. A listener only queues its own work. */
  onPublish(listener: PublishListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #tell(event: PublishedEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure never undoes or holds up the publication.
      }
    }
  }

  /** Publishes the user's current unread count (after anything that may have changed it). */
  unreadChanged(userId: number): void {
    const { n } = this.#db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL', userId)!;
    this.publish('unread', { user: userId }, { count: n });
  }

  /**
   * Opens a stream for the user signed in with `tokenHash`. With a `lastEventId` it first
   * replays every event after it that the user may see, or sends `reset` when the log
   * cannot tell what was missed (too old, newer than the newest id, not an id) or when more
   * than `replayMaxEvents` were missed (the client refetches instead); without
   * one, `since` (ms since the epoch: when the client's page loaded) replays the events
   * logged from then on, or `reset` when that is past the log's retention; then
   * `ready` with the newest id. Live events follow; nothing is lost or sent twice in
   * between, as all of this happens before anything else can be published.
   */
  open(userId: number, tokenHash: string, lastEventId: string | undefined, sink: EventSink, since?: string, address = 'local'): OpenStream {
    this.prune();
    const newest = this.newestId();
    const cursor = parseCursor(lastEventId);
    const from = cursor === undefined ? parseCursor(since) : undefined;
    const frames: string[] = [];
    let resumed = false;
    let replayed = 0;
    const max = this.#options.replayMaxEvents;
    /**
     * The events the user may see from `value` on (a time or an id), filtered and bounded by
     * the database: at most `max` (one more tells that there are too many: then `reset`).
     */
    const replay = (condition: 'at >= ?' | 'id > ?', value: number) => {
      const mine = `FROM event_log WHERE ${condition} AND (user_id = ? OR project_uuid IN (SELECT value FROM json_each(?)))`;
      const params = [value, userId, JSON.stringify(readableProjects(this.#db, userId))] as const;
      // Counted in the database first: a replay that is too long costs no row in memory.
      const { n } = this.#db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 ${mine} LIMIT ?)`, ...params, max + 1)!;
      if (n > max) {
        frames.push(sseFrame('reset', {}));
        return;
      }
      const rows = this.#db.all<LogRow>(`SELECT id, type, project_uuid, user_id, data ${mine} ORDER BY id`, ...params);
      resumed = true;
      for (const row of rows) frames.push(rowFrame(row));
      replayed = rows.length;
    };
    if (from !== undefined) {
      // A first connection asks for what happened since its page loaded (ms since the epoch).
      if (from === null || from < Date.now() - this.#options.retentionMs) frames.push(sseFrame('reset', {}));
      else replay('at >= ?', from);
    } else if (cursor !== undefined) {
      const oldest = this.#db.get<{ id: number | null }>('SELECT MIN(id) AS id FROM event_log')!.id;
      // Every event after `floor` is still in the log.
      const floor = oldest === null ? newest : oldest - 1;
      if (cursor === null || cursor < floor || cursor > newest) {
        frames.push(sseFrame('reset', {}));
      } else replay('id > ?', cursor);
    }
    frames.push(sseFrame('ready', { resumed, replayed } satisfies StreamPayloads['ready'], newest));
    const stream = new Stream(this, userId, tokenHash, address, sink);
    this.#streams.add(stream);
    let mine = this.#byUser.get(userId);
    if (!mine) this.#byUser.set(userId, (mine = new Set()));
    mine.add(stream);
    const written = stream.send(encoder.encode(frames.join('')));
    if (replayed) {
      // A replay is in flight until its client took it (or left).
      this.#replaysInFlight++;
      void written.finally(() => this.#replaysInFlight--);
    }
    this.#startTimers();
    return stream;
  }

  /** Ends the streams opened with this token (sign-out). */
  closeToken(tokenHash: string): void {
    for (const stream of [...this.#streams]) if (stream.tokenHash === tokenHash) stream.close();
  }

  /** Ends every stream of the user (every session signed out). */
  closeUser(userId: number): void {
    for (const stream of [...(this.#byUser.get(userId) ?? [])]) stream.close();
  }

  /** Ends every stream (the data was replaced, or the server stops). */
  closeAll(): void {
    for (const stream of [...this.#streams]) stream.close();
  }

  /** Ends the streams whose token no longer signs in (revoked, expired, idle, terms withdrawn). */
  checkTokens(): void {
    const valid = new Map<string, boolean>();
    for (const stream of [...this.#streams]) {
      let ok = valid.get(stream.tokenHash);
      if (ok === undefined) valid.set(stream.tokenHash, (ok = this.#tokenValid(stream.tokenHash)));
      if (!ok) stream.close();
    }
  }

  /** Drops the events past the retention time or beyond the count limit, oldest first. */
  prune(): void {
    this.#sincePrune = 0;
    this.#prunedAt = Date.now();
    const expired = this.#db.get<{ id: number | null }>(
      'SELECT MAX(id) AS id FROM event_log WHERE at < ?',
      Date.now() - this.#options.retentionMs,
    )!.id;
    // Always a prefix of the log, so "everything after the oldest id is here" stays true.
    const upTo = Math.max(expired ?? 0, this.newestId() - this.#options.logLimit);
    if (upTo > 0) this.#db.run('DELETE FROM event_log WHERE id <= ?', upTo);
  }

  /** Called by a stream that closed. */
  forget(stream: Stream): void {
    this.#streams.delete(stream);
    const mine = this.#byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine && !mine.size) this.#byUser.delete(stream.userId);
    if (!this.#streams.size) this.#stopTimers();
  }

  #startTimers(): void {
    if (!this.#heartbeat) {
      this.#heartbeat = setInterval(() => {
        for (const stream of [...this.#streams]) void stream.send(PING);
      }, this.#options.heartbeatMs);
      this.#heartbeat.unref();
    }
    if (!this.#tokenCheck) {
      this.#tokenCheck = setInterval(() => {
        try {
          this.checkTokens();
        } catch {
          // Tokens that cannot be checked (the database is gone) are not trusted.
          this.closeAll();
        }
      }, this.#options.tokenCheckMs);
      this.#tokenCheck.unref();
    }
  }

  #stopTimers(): void {
    clearInterval(this.#heartbeat);
    clearInterval(this.#tokenCheck);
    this.#heartbeat = this.#tokenCheck = undefined;
  }
}
