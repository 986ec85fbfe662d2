/**
 * Life for the demo: new incidents and notifications for the seeded accounts, made like
 * the seed's (same templates, in all six languages), stamped "now". The
 * server makes one every few minutes with `--live` (see main.ts); the test hooks
 * `/__test/incident` and `/__test/notification` make one on demand. Given the app's
 * `events`, each is published as a live event (`incident`; `notification` and `unread`).
 */
import { randomUUID } from 'node:crypto';
import type { Incident } from '../../src/core/api/contract.ts';
import type { Db } from './db.ts';
import type { EventHub } from './events.ts';
import { generateIncidents, generateNotifications } from './seed-data/inbox.ts';

export const DEFAULT_LIVE_INTERVAL_MS = 3 * 60_000;

type Rand = () => number;
type SiteInfo = Parameters<typeof generateIncidents>[0][number] & { project: string };

/** `90s`, `3m`, `1h`, `1500ms` or a bare number of seconds; null when not understood. */
export function parseInterval(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  if (!m) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's').toLowerCase() as 'ms' | 's' | 'm' | 'h'];
  const ms = Math.round(Number(m[1]) * unit);
  return ms >= 1000 ? ms : null;
}

/** The sites (with systems, cameras and member usernames) the user can see; every site when no user. */
function sitesOf(db: Db, userId?: number): SiteInfo[] {
  const sites = db.all<{ uuid: string; name: string; project_uuid: string }>(
    userId === undefined
      ? 'SELECT uuid, name, project_uuid FROM sites ORDER BY project_uuid, position'
      : 'SELECT s.uuid, s.name, s.project_uuid FROM sites s JOIN memberships m ON m.project_uuid = s.project_uuid WHERE m.user_id = ? ORDER BY s.project_uuid, s.position',
    ...(userId === undefined ? [] : [userId]),
  );
  return sites
    .map((s) => ({
      uuid: s.uuid,
      name: s.name,
      project: s.project_uuid,
      members: db
        .all<{ username: string }>(
          'SELECT u.username FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = ?',
          s.project_uuid,
        )
        .map((u) => u.username),
      systems: db
        .all<{ uuid: string; name: string; type: string }>(
          'SELECT uuid, name, type FROM systems WHERE site_uuid = ? ORDER BY position',
          s.uuid,
        )
        .map((y) => ({
          ...y,
          cameras: db.all<{ name: string }>('SELECT name FROM cameras WHERE system_uuid = ? ORDER BY position', y.uuid).map((c) => c.name),
        })),
    }))
    .filter((s) => s.systems.length > 0);
}

/** A text as the database keeps it: its translations as JSON (one language: under en). */
const stored = (t: string | Record<string, string>): string => JSON.stringify(typeof t === 'string' ? { en: t } : t);
const english = (t: string | Record<string, string>): string => (typeof t === 'string' ? t : t.en!);

const seedFrom = (rand: Rand) => 1 + Math.floor(rand() * 1_000_000);

export interface NewIncident {
  /** Only sites of this user's projects. */
  userId?: number;
  site?: string;
  severity?: Incident['severity'];
  /** A title in one language, shown in every language (instead of the template's translations). */
  title?: string;
  now?: number;
  rand?: Rand;
  /** Publishes the incident to the project's members. */
  events?: EventHub;
}

/** Adds one incident that happened now; null when there is no site to put it on. */
export function createIncident(
  db: Db,
  options: NewIncident = {},
): { uuid: string; title: string; severity: Incident['severity']; site: { uuid: string; name: string }; occurred_at: string } | null {
  const rand = options.rand ?? Math.random;
  const now = options.now ?? Date.now();
  let sites = sitesOf(db, options.userId);
  if (options.site) sites = sites.filter((s) => s.uuid === options.site);
  if (!sites.length) return null;
  const site = sites[Math.floor(rand() * sites.length)]!;
  const [made] = generateIncidents([site], now, 1, 0, seedFrom(rand));
  const incident = { ...made!, uuid: randomUUID(), handled_by: null };
  if (options.severity) incident.severity = options.severity;
  if (options.title) incident.title = { en: options.title };
  const occurred = new Date(Math.floor(now / 1000) * 1000).toISOString();
  db.transaction(() => {
    db.run(
      'INSERT INTO incidents (uuid, project_uuid, site_uuid, system_uuid, title, description, occurred_at, severity, handled_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)',
      incident.uuid,
      site.project,
      site.uuid,
      incident.system ?? null,
      stored(incident.title),
      stored(incident.description ?? ''),
      occurred,
      incident.severity,
    );
    (incident.media ?? []).forEach((_, i) =>
      db.run('INSERT INTO incident_media (uuid, incident_uuid, position) VALUES (?, ?, ?)', randomUUID(), incident.uuid, i),
    );
  });
  options.events?.publish(
    'incident',
    { project: site.project },
    {
      uuid: incident.uuid,
      severity: incident.severity,
      occurred_at: occurred,
      project: site.project,
      site: { uuid: site.uuid, name: site.name },
    },
  );
  return {
    uuid: incident.uuid,
    title: english(incident.title),
    severity: incident.severity,
    site: { uuid: site.uuid, name: site.name },
    occurred_at: occurred,
  };
}

/** Adds one unread notification for the user, in every language, created now (published to the user with `events`). */
export function createNotification(
  db: Db,
  userId: number,
  options: { now?: number; rand?: Rand; events?: EventHub } = {},
): { uuid: string; title: string; created_at: string } {
  const rand = options.rand ?? Math.random;
  const now = options.now ?? Date.now();
  const user = db.get<{ email: string }>('SELECT email FROM users WHERE id = ?', userId)!;
  const sites = sitesOf(db, userId);
  const projects = db
    .all<{ name: string }>('SELECT p.name FROM projects p JOIN memberships m ON m.project_uuid = p.uuid WHERE m.user_id = ?', userId)
    .map((p) => p.name);
  const made = generateNotifications(
    user.email,
    sites.length ? sites : sitesOf(db),
    projects.length ? projects : ['Vigil'],
    now,
    8,
    seedFrom(rand),
  );
  // Any but the fourth (the seed's hostile-HTML one).
  const pick = made.filter((_, i) => i !== 3)[Math.floor(rand() * 7)]!;
  const uuid = randomUUID();
  const created = new Date(Math.floor(now / 1000) * 1000).toISOString();
  db.run(
    'INSERT INTO notifications (uuid, user_id, created_at, read_at, title, body_html) VALUES (?, ?, ?, NULL, ?, ?)',
    uuid,
    userId,
    created,
    JSON.stringify(pick.title),
    JSON.stringify(pick.body_html),
  );
  options.events?.publish('notification', { user: userId }, { uuid, created_at: created });
  options.events?.unreadChanged(userId);
  const title = english(pick.title);
  return { uuid, title, created_at: created };
}

/** The accounts that get live notifications: those that have notifications already. */
const inboxUsers = (db: Db) =>
  db.all<{ id: number; email: string }>(
    'SELECT DISTINCT u.id, u.email FROM users u JOIN notifications n ON n.user_id = u.id ORDER BY u.id',
  );

/** One live event: mostly an incident (on any site), else a notification for one account. */
export function liveTick(db: Db, options: { now?: number; rand?: Rand; events?: EventHub } = {}): string | null {
  const rand = options.rand ?? Math.random;
  const users = inboxUsers(db);
  if (rand() < 0.3 && users.length) {
    const user = users[Math.floor(rand() * users.length)]!;
    const n = createNotification(db, user.id, options);
    return `notification "${n.title}" for ${user.email}`;
  }
  const i = createIncident(db, options);
  return i ? `${i.severity} incident "${i.title}" at ${i.site.name}` : null;
}

/** Runs `liveTick` every `intervalMs` (publishing to `events` when given); returns the stop. */
export function startLive(db: Db, intervalMs: number, log: (line: string) => void, events?: EventHub): () => void {
  const timer = setInterval(() => {
    try {
      const made = liveTick(db, events ? { events } : {});
      if (made) log(`[live] new ${made}`);
    } catch (err) {
      log(`[live] failed: ${(err as Error).message}`);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
