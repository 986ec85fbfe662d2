/**
 * The demo server's SQLite database (node:sqlite): opening, running the schema's
 * migrations (migrations.ts) in order, recorded in `PRAGMA user_version`, and a few helpers.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';

/** Tables in an order that can be emptied one by one without breaking foreign keys. */
const TABLES_CHILD_FIRST = [
  'activity_log',
  'idempotency',
  'evacuation_events',
  'evacuations',
  'demo_cameras',
  'demo_live_views',
  'pages',
  'notifications',
  'incident_activity',
  'incident_media',
  'incidents',
  'cameras',
  'systems',
  'schedule_exceptions',
  'sites',
  'invitations',
  'memberships',
  'projects',
  'password_resets',
  'mfa_challenges',
  'mfa_recovery_codes',
  'push_subscriptions',
  'sign_in_attempts',
  'tokens',
  'users',
  'meta',
];

export type Row = Record<string, unknown>;

/** A thin wrapper over DatabaseSync: cached statements, typed rows, transactions. */
export class Db {
  readonly raw: DatabaseSync;
  readonly path: string;
  #statements = new Map<string, StatementSync>();
  #depth = 0;

  constructor(path: string) {
    this.path = path;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.raw = new DatabaseSync(path);
    this.raw.exec('PRAGMA foreign_keys = ON');
    if (path !== ':memory:') {
      this.raw.exec('PRAGMA journal_mode = WAL');
      this.raw.exec('PRAGMA synchronous = NORMAL');
    }
    this.raw.exec('PRAGMA busy_timeout = 5000');
    this.migrate();
  }

  /** Applies every migration newer than the database's `user_version`. */
  migrate(): void {
    const current = Number((this.raw.prepare('PRAGMA user_version').get() as Row).user_version);
    for (let version = current; version < MIGRATIONS.length; version++) {
      this.transaction(() => {
        this.raw.exec(MIGRATIONS[version]!);
        this.raw.exec(`PRAGMA user_version = ${version + 1}`);
      });
    }
  }

  get schemaVersion(): number {
    return Number((this.raw.prepare('PRAGMA user_version').get() as Row).user_version);
  }

  statement(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.raw.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  get<T = Row>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T = Row>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number; lastInsertRowid: number } {
    const r = this.statement(sql).run(...params);
    return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) };
  }

  /** Runs `fn` in a transaction (nested calls use savepoints); rolls back if it throws. */
  transaction<T>(fn: () => T): T {
    const depth = this.#depth;
    const sp = `sp${depth}`;
    this.raw.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${sp}`);
    this.#depth++;
    try {
      const result = fn();
      this.raw.exec(depth === 0 ? 'COMMIT' : `RELEASE ${sp}`);
      return result;
    } catch (err) {
      this.raw.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${sp}; RELEASE ${sp}`);
      throw err;
    } finally {
      this.#depth--;
    }
  }

  /**
   * Deletes every row of every table (the schema stays). The event log is emptied too, and
   * its id sequence moved past every id given out so far: every client's cursor is then
   * older than the log, so its next stream starts with `reset` (events.ts).
   */
  wipe(): void {
    this.transaction(() => {
      for (const table of TABLES_CHILD_FIRST) this.raw.exec(`DELETE FROM ${table}`);
      this.raw.exec("DELETE FROM event_log; INSERT INTO event_log (at, type, data) VALUES (0, 'wipe', '{}'); DELETE FROM event_log;");
    });
  }

  getMeta(key: string): string | undefined {
    return this.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', key, value);
  }

  close(): void {
    this.#statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

export function openDb(path: string): Db {
  return new Db(path);
}

/** The current time as an ISO 8601 string (what every timestamp column holds). */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}
