/**
 * A project's activity log (GET /api/v2/projects/{uuid}/activity), as JSON pages or a CSV
 * export, readable with 'manage users' (403 without it, 404 for anyone who cannot read
 * the project). Only GET exists: the log is written by the changes themselves
 * (../activity.ts), and no call edits or deletes an entry.
 */
import { managedProject } from '../access.ts';
import { readActivity, recordActivity, type ActivityFilters } from '../activity.ts';
import { invalid, paging, type App, type Ctx, type Deps } from '../http.ts';
import { text } from '../messages.ts';
import { csvCell } from '../csv.ts';
import { dateTime } from './inbox.ts';
import { localStamp, zoneResolver } from '../local-time.ts';

/** The most rows one CSV export holds. */
const CSV_LIMIT = 10_000;

const TYPE = /^[a-z_]+(\.[a-z_]+)?$/;

function filters(c: Ctx): ActivityFilters {
  const type = c.req.query('type') || undefined;
  if (type !== undefined && !TYPE.test(type))
    throw invalid('type', text('evacuation.query', { name: 'type', values: 'a category (schedule) or a type (schedule.changed)' }));
  const actor = c.req.query('actor')?.trim() || undefined;
  const from = dateTime(c, 'from');
  const to = dateTime(c, 'to');
  if (from && to && to < from) throw invalid('to', text('query.range'));
  return { type, actor, from, to };
}

export const ACTIVITY_CSV_HEADER = [
  'at_utc',
  'at_local',
  'time_zone',
  'type',
  'actor',
  'target_kind',
  'target',
  'summary',
  'before',
  'after',
] as const;

/** The log as a CSV file, each entry's moment in UTC and on its site's clock (local-time.ts). */
function csv(rows: ReturnType<typeof readActivity>['rows'], zoneOf: ReturnType<typeof zoneResolver>): string {
  const lines = [ACTIVITY_CSV_HEADER.map(csvCell).join(',')];
  for (const r of rows) {
    const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
    const zone = zoneOf({
      site: r.target.kind === 'site' ? r.target.uuid : null,
      incident: r.target.kind === 'incident' ? r.target.uuid : null,
    });
    lines.push(
      [
        r.at,
        localStamp(r.at, zone),
        zone,
        r.type,
        r.actor?.name ?? null,
        r.target.kind,
        r.target.name,
        r.summary,
        json(r.before),
        json(r.after),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // A byte order mark, so spreadsheets read the names (Liège) as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const wantsCsv = (c: Ctx): boolean =>
  c.req.query('format') === 'csv' || (c.req.query('format') === undefined && /\btext\/csv\b/.test(c.req.header('Accept') ?? ''));

export function activityRoutes(app: App, { db }: Deps): void {
  app.get('/api/v2/projects/:uuid/activity', (c) => {
    const user = c.get('user');
    const project = managedProject(db, user, c.req.param('uuid'));
    const format = c.req.query('format');
    if (format !== undefined && format !== 'csv' && format !== 'json')
      throw invalid('format', text('evacuation.query', { name: 'format', values: 'json, csv' }));
    const f = filters(c);
    c.header('Vary', 'Accept');
    if (wantsCsv(c)) {
      const { rows } = readActivity(db, project.uuid, f, CSV_LIMIT, 0);
      // The export itself is activity (after reading, so this file does not list itself).
      recordActivity(db, {
        project: project.uuid,
        type: 'export.activity',
        actor: user,
        target: { kind: 'project', uuid: project.uuid, name: project.name },
        summary: `Exported ${rows.length} activity entries as CSV`,
        after: { rows: rows.length, filters: f },
      });
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="activity-${day}.csv"`);
      return c.body(csv(rows, zoneResolver(db, project.uuid)));
    }
    const { page, perPage, offset } = paging(c);
    const { rows, total } = readActivity(db, project.uuid, f, perPage, offset);
    return c.json({ data: rows, meta: { total, page, per_page: perPage } });
  });
}
