/** The inbox: incidents (of the user's projects) and notifications (the user's own). */
import { SEVERITIES, type Incident, type Notification } from '../../../src/core/api/contract.ts';
import { READABLE_PROJECTS } from '../access.ts';
import { controlRoomOf } from '../control-room.ts';
import { timelineOf } from '../incident-activity.ts';
import type { Db } from '../db.ts';
import { nowIso } from '../db.ts';
import { invalid, localized, notFound, paging, requestLocale, type App, type Ctx, type Deps } from '../http.ts';
import { text } from '../messages.ts';
import { mediaUrl } from '../views.ts';

type IncidentRow = {
  uuid: string;
  title: string;
  description: string;
  occurred_at: string;
  severity: Incident['severity'];
  site_uuid: string | null;
  site_name: string | null;
  site_timezone: string | null;
  system_uuid: string | null;
  system_name: string | null;
  handled_by: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  outcome: Incident['outcome'];
};
type NotificationRow = { uuid: string; title: string; body_html: string; created_at: string; read_at: string | null };

const INCIDENT_SELECT = `SELECT i.uuid, i.title, i.description, i.occurred_at, i.severity, i.handled_by,
  i.acknowledged_at, i.acknowledged_by, i.outcome,
  i.site_uuid, s.name AS site_name, s.timezone AS site_timezone, i.system_uuid, y.name AS system_name
  FROM incidents i LEFT JOIN sites s ON s.uuid = i.site_uuid LEFT JOIN systems y ON y.uuid = i.system_uuid`;
/** One incident's page also names its project (and, from it, the control room to call). */
const INCIDENT_SELECT_WITH_PROJECT = INCIDENT_SELECT.replace(
  'FROM incidents i',
  ', i.project_uuid, p.name AS project_name FROM incidents i JOIN projects p ON p.uuid = i.project_uuid',
);
const MINE = `i.project_uuid IN ${READABLE_PROJECTS}`;

/** One incident of the user's projects with its project, or undefined (another customer's, unknown). */
export function readIncident(db: Db, uuid: string, userId: number) {
  return db.get<IncidentRow & { project_uuid: string; project_name: string }>(
    `${INCIDENT_SELECT_WITH_PROJECT} WHERE i.uuid = ? AND ${MINE}`,
    uuid,
    userId,
  );
}

/** One incident's answer: every field, its project and control room, and its timeline. */
export function incidentAnswer(db: Db, row: NonNullable<ReturnType<typeof readIncident>>, locale: string) {
  return {
    data: {
      ...incidentView(db, row, locale),
      project: { uuid: row.project_uuid, name: row.project_name },
      control_room: controlRoomOf(db, row.project_uuid),
      timeline: timelineOf(db, row),
    },
  };
}

/** An incident with its title and description in `locale` (they are stored in every language). */
function incidentView(db: Db, r: IncidentRow, locale: string): Incident {
  return {
    uuid: r.uuid,
    title: localized(r.title, locale),
    description: localized(r.description, locale),
    occurred_at: r.occurred_at,
    severity: r.severity,
    // The site's zone: an incident's time is told in it (docs/product.md#times).
    site:
      r.site_uuid && r.site_name
        ? { uuid: r.site_uuid, name: r.site_name, ...(r.site_timezone ? { timezone: r.site_timezone } : {}) }
        : null,
    system: r.system_uuid && r.system_name ? { uuid: r.system_uuid, name: r.system_name } : null,
    media: db
      .all<{ uuid: string }>('SELECT uuid FROM incident_media WHERE incident_uuid = ? ORDER BY position', r.uuid)
      .map((m) => mediaUrl(m.uuid)),
    handled_by: r.handled_by,
    acknowledged_at: r.acknowledged_at,
    acknowledged_by: r.acknowledged_by,
    outcome: r.outcome,
  };
}

function notificationView(r: NotificationRow, locale: string): Notification {
  return {
    uuid: r.uuid,
    title: localized(r.title, locale),
    body_html: localized(r.body_html, locale),
    created_at: r.created_at,
    read_at: r.read_at,
  };
}

/** `filter[severity]=high` or `=high,critical`. */
function severities(c: Ctx): string[] {
  const raw = c.req.query('filter[severity]');
  if (!raw) return [];
  const list = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (list.some((s) => !(SEVERITIES as readonly string[]).includes(s))) {
    throw invalid('filter[severity]', text('query.severity', { list: SEVERITIES.join(', ') }));
  }
  return list;
}

/**
 * `filter[acknowledged]=false` (or 0) lists the incidents nobody acknowledged yet, `true` (or 1)
 * the acknowledged ones; empty or absent lists all; anything else is a 422.
 */
function acknowledged(c: Ctx): boolean | undefined {
  const raw = c.req.query('filter[acknowledged]');
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw invalid('filter[acknowledged]', text('query.acknowledged'));
}

/** `filter[unread]=true` (or 1) lists unread ones only; false, 0 or absent lists all. */
function unreadOnly(c: Ctx): boolean {
  const raw = c.req.query('filter[unread]');
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw invalid('filter[unread]', text('query.unread'));
}

/**
 * `filter[open]=true` (or 1) lists the open incidents only: those the control room has not
 * handled yet (`handled_by` null). false, 0, empty or absent lists all of them (false is not
 * "handled only"); anything else is a 422, never ignored: a client that misspells it must not
 * take the whole list's total for the open count.
 */
function openOnly(c: Ctx): boolean {
  const raw = c.req.query('filter[open]');
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw invalid('filter[open]', text('query.open'));
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * `filter[project]` / `filter[site]` / `filter[system]`: one uuid, or several separated by commas. Only ever
 * narrows the user's own incidents: a site of another customer matches nothing, exactly
 * like one that does not exist, so the filter cannot tell the two apart.
 */
function ids(c: Ctx, name: 'filter[project]' | 'filter[site]' | 'filter[system]'): string[] {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return [];
  const list = raw.split(',').map((s) => s.trim());
  if (list.length > 50 || list.some((s) => !ID.test(s))) throw invalid(name, text('query.id', { name }));
  return list;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `filter[from]` / `filter[to]`: an ISO 8601 date and time with its zone (`2026-03-01T00:00:00Z`,
 * `2026-03-01T00:00+01:00`), both inclusive. A date without a time or zone, or one that does not
 * exist (30 February, 25:00), is a 422: the bound would otherwise depend on the server's clock zone.
 */
export function dateTime(c: Ctx, name: string): string | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  const m = DATE_TIME.exec(raw);
  const [year, month, day, hour, minute, second] = (m?.slice(1, 7) ?? []).map((x) => Number(x ?? 0));
  const valid =
    m !== null &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= new Date(Date.UTC(year!, month!, 0)).getUTCDate() &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    (m[7] === 'Z' || (Number(m[7]!.slice(1, 3)) <= 14 && Number(m[7]!.slice(4)) <= 59)) &&
    !Number.isNaN(Date.parse(raw));
  if (!valid) throw invalid(name, text('query.dateTime', { name }));
  // Stored times are UTC ISO strings (toISOString): compared as strings once in the same form.
  return new Date(raw).toISOString();
}

/** The WHERE clause and its parameters for the incidents list's filters (always within MINE). */
function incidentFilters(c: Ctx, userId: number): { where: string; params: (string | number)[] } {
  const sev = severities(c);
  const open = openOnly(c);
  const projects = ids(c, 'filter[project]');
  const ack = acknowledged(c);
  const sites = ids(c, 'filter[site]');
  const systems = ids(c, 'filter[system]');
  const from = dateTime(c, 'filter[from]');
  const to = dateTime(c, 'filter[to]');
  if (from && to && to < from) throw invalid('filter[to]', text('query.range'));
  const marks = (list: readonly string[]) => list.map(() => '?').join(', ');
  const parts = [MINE];
  const params: (string | number)[] = [userId];
  const add = (when: unknown, clause: string, ...values: string[]) => {
    if (!when) return;
    parts.push(clause);
    params.push(...values);
  };
  add(open, 'i.handled_by IS NULL');
  add(ack !== undefined, ack ? 'i.acknowledged_at IS NOT NULL' : 'i.acknowledged_at IS NULL');
  add(sev.length, `i.severity IN (${marks(sev)})`, ...sev);
  add(projects.length, `i.project_uuid IN (${marks(projects)})`, ...projects);
  add(sites.length, `i.site_uuid IN (${marks(sites)})`, ...sites);
  add(systems.length, `i.system_uuid IN (${marks(systems)})`, ...systems);
  add(from, 'i.occurred_at >= ?', from ?? '');
  add(to, 'i.occurred_at <= ?', to ?? '');
  return { where: `WHERE ${parts.join(' AND ')}`, params };
}

/**
 * The order of the incidents list: `sort=newest` (the default) is newest first;
 * `sort=attention` puts what needs attention first — the open incidents (not handled yet),
 * the worst severity first and the newest first within one severity — then the handled
 * ones, newest first. Anything else is a 422 on `sort`, never a silent default.
 */
const ORDERS = {
  newest: 'i.occurred_at DESC, i.uuid',
  attention: `i.handled_by IS NOT NULL,
    CASE WHEN i.handled_by IS NOT NULL THEN 0 ${SEVERITIES.map((s, rank) => `WHEN i.severity = '${s}' THEN ${SEVERITIES.length - rank}`).join(' ')} ELSE ${SEVERITIES.length + 1} END,
    i.occurred_at DESC, i.uuid`,
} as const;

function incidentOrder(c: Ctx): string {
  const raw = c.req.query('sort');
  if (raw === undefined || raw === '') return ORDERS.newest;
  if (raw === 'newest' || raw === 'attention') return ORDERS[raw];
  throw invalid('sort', text('query.sort', { list: Object.keys(ORDERS).join(', ') }));
}

export function inboxRoutes(app: App, { db, events }: Deps): void {
  app.get('/api/v2/incidents', (c) => {
    const user = c.get('user');
    const { page, perPage, offset } = paging(c);
    const { where, params } = incidentFilters(c, user.id);
    const order = incidentOrder(c);
    const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM incidents i ${where}`, ...params)!.n;
    const rows = db.all<IncidentRow>(`${INCIDENT_SELECT} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, ...params, perPage, offset);
    const locale = requestLocale(c, user);
    return c.json({ data: rows.map((r) => incidentView(db, r, locale)), meta: { total, page, per_page: perPage } });
  });

  app.get('/api/v2/incidents/:uuid', (c) => {
    const user = c.get('user');
    const row = readIncident(db, c.req.param('uuid'), user.id);
    if (!row) throw notFound('incident');
    return c.json(incidentAnswer(db, row, requestLocale(c, user)));
  });

  app.get('/api/v2/notifications', (c) => {
    const user = c.get('user');
    const { page, perPage, offset } = paging(c);
    const unread = unreadOnly(c);
    const locale = requestLocale(c, user);
    const filter = unread ? ' AND read_at IS NULL' : '';
    const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?${filter}`, user.id)!.n;
    const unreadTotal = unread
      ? total
      : db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL', user.id)!.n;
    const rows = db.all<NotificationRow>(
      `SELECT uuid, title, body_html, created_at, read_at FROM notifications WHERE user_id = ?${filter} ORDER BY created_at DESC, uuid LIMIT ? OFFSET ?`,
      user.id,
      perPage,
      offset,
    );
    return c.json({ data: rows.map((r) => notificationView(r, locale)), meta: { total, page, per_page: perPage, unread: unreadTotal } });
  });

  const ownNotification = (uuid: string, userId: number) =>
    db.get<NotificationRow>(
      'SELECT uuid, title, body_html, created_at, read_at FROM notifications WHERE uuid = ? AND user_id = ?',
      uuid,
      userId,
    );

  app.get('/api/v2/notifications/:uuid', (c) => {
    const user = c.get('user');
    const row = ownNotification(c.req.param('uuid'), user.id);
    if (!row) throw notFound('notification');
    return c.json({ data: notificationView(row, requestLocale(c, user)) });
  });

  app.put('/api/v2/notifications/:uuid/mark-as-read', (c) => {
    const user = c.get('user');
    const uuid = c.req.param('uuid');
    const wasUnread = ownNotification(uuid, user.id)?.read_at === null;
    // Idempotent: a second call keeps the first read time.
    const { changes } = db.run(
      'UPDATE notifications SET read_at = COALESCE(read_at, ?) WHERE uuid = ? AND user_id = ?',
      nowIso(),
      uuid,
      user.id,
    );
    if (!changes) throw notFound('notification');
    if (wasUnread) events.unreadChanged(user.id);
    return c.json({ data: notificationView(ownNotification(uuid, user.id)!, requestLocale(c, user)) });
  });
}
