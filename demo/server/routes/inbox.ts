/** The inbox: incidents (of the user's projects) and notifications (the user's own). */
import { SEVERITIES, type Incident, type Notification } from '../../../src/core/api/contract.ts';
import { READABLE_PROJECTS } from '../access.ts';
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
  system_uuid: string | null;
  system_name: string | null;
  handled_by: string | null;
};
type NotificationRow = { uuid: string; title: string; body_html: string; created_at: string; read_at: string | null };

const INCIDENT_SELECT = `SELECT i.uuid, i.title, i.description, i.occurred_at, i.severity, i.handled_by,
  i.site_uuid, s.name AS site_name, i.system_uuid, y.name AS system_name
  FROM incidents i LEFT JOIN sites s ON s.uuid = i.site_uuid LEFT JOIN systems y ON y.uuid = i.system_uuid`;
const MINE = `i.project_uuid IN ${READABLE_PROJECTS}`;

/** An incident with its title and description in `locale` (they are stored in every language). */
function incidentView(db: Db, r: IncidentRow, locale: string): Incident {
  return {
    uuid: r.uuid,
    title: localized(r.title, locale),
    description: localized(r.description, locale),
    occurred_at: r.occurred_at,
    severity: r.severity,
    site: r.site_uuid && r.site_name ? { uuid: r.site_uuid, name: r.site_name } : null,
    system: r.system_uuid && r.system_name ? { uuid: r.system_uuid, name: r.system_name } : null,
    media: db
      .all<{ uuid: string }>('SELECT uuid FROM incident_media WHERE incident_uuid = ? ORDER BY position', r.uuid)
      .map((m) => mediaUrl(m.uuid)),
    handled_by: r.handled_by,
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

export function inboxRoutes(app: App, { db, events }: Deps): void {
  app.get('/api/v2/incidents', (c) => {
    const user = c.get('user');
    const { page, perPage, offset } = paging(c);
    const sev = severities(c);
    const open = openOnly(c);
    const where = `WHERE ${MINE}${open ? ' AND i.handled_by IS NULL' : ''}${sev.length ? ` AND i.severity IN (${sev.map(() => '?').join(', ')})` : ''}`;
    const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM incidents i ${where}`, user.id, ...sev)!.n;
    const rows = db.all<IncidentRow>(
      `${INCIDENT_SELECT} ${where} ORDER BY i.occurred_at DESC, i.uuid LIMIT ? OFFSET ?`,
      user.id,
      ...sev,
      perPage,
      offset,
    );
    const locale = requestLocale(c, user);
    return c.json({ data: rows.map((r) => incidentView(db, r, locale)), meta: { total, page, per_page: perPage } });
  });

  app.get('/api/v2/incidents/:uuid', (c) => {
    const user = c.get('user');
    const row = db.get<IncidentRow>(`${INCIDENT_SELECT} WHERE i.uuid = ? AND ${MINE}`, c.req.param('uuid'), user.id);
    if (!row) throw notFound('incident');
    return c.json({ data: incidentView(db, row, requestLocale(c, user)) });
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
