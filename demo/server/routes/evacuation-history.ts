/**
 * The history of a project's evacuations (GET /api/v2/projects/{uuid}/evacuations), as JSON
 * pages or a CSV export. It is read from the evacuation event log, which only ever grows: a
 * row is a start and the end that followed it (none while it lasts). No call changes it.
 */
import { memberProject } from '../access.ts';
import { csvDocument } from '../csv.ts';
import { invalid, paging, type App, type Ctx, type Deps } from '../http.ts';
import { text } from '../messages.ts';
import { EVACUATION_MODES } from './evacuation-start.ts';
import { dateTime } from './inbox.ts';
import { logEvacuationsExport } from '../activity-events.ts';
import { localStamp, zoneResolver } from '../local-time.ts';

/** One evacuation of the project or of one of its sites. */
export interface EvacuationRecord {
  /** Stable: the id of its start in the log. */
  id: number;
  scope: 'project' | 'site';
  target: { uuid: string; name: string };
  mode: (typeof EVACUATION_MODES)[number];
  message: string | null;
  /** As the project knows the person (the name its manager gave, else the account's). */
  started_by: string;
  started_at: string;
  ended_by: string | null;
  ended_at: string | null;
  /** Whole seconds from start to end; null while it lasts. */
  duration_seconds: number | null;
}

type Row = Omit<EvacuationRecord, 'target' | 'duration_seconds'> & { target_uuid: string; target_name: string };

/** The most rows one CSV export holds. */
const CSV_LIMIT = 10_000;

function filters(c: Ctx, db: Deps['db'], project: string): { where: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  const site = c.req.query('site');
  if (site) {
    const known = db.get('SELECT 1 AS x FROM sites WHERE uuid = ? AND project_uuid = ?', site, project);
    if (!known) throw invalid('site', text('evacuation.query', { name: 'site', values: 'a site of this project' }));
    parts.push(`r.scope = 'site' AND r.target_uuid = ?`);
    params.push(site);
  }
  const mode = c.req.query('mode');
  if (mode) {
    if (!EVACUATION_MODES.includes(mode as EvacuationRecord['mode']))
      throw invalid('mode', text('evacuation.query', { name: 'mode', values: EVACUATION_MODES.join(', ') }));
    parts.push('r.mode = ?');
    params.push(mode);
  }
  const from = dateTime(c, 'from');
  const to = dateTime(c, 'to');
  if (from && to && to < from) throw invalid('to', text('query.range'));
  if (from) {
    parts.push('r.started_at >= ?');
    params.push(from);
  }
  if (to) {
    parts.push('r.started_at <= ?');
    params.push(to);
  }
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The project's evacuations (its own and its sites'), each start with the end that followed it. */
const RECORDS = `
  WITH r AS (
    SELECT s.id, s.scope, s.target_uuid, s.mode, s.message, s.user_name AS started_by, s.at AS started_at,
      (SELECT e.id FROM evacuation_events e
       WHERE e.scope = s.scope AND e.target_uuid = s.target_uuid AND e.action = 'abort' AND e.id > s.id
       ORDER BY e.id LIMIT 1) AS end_id
    FROM evacuation_events s
    WHERE s.action = 'start'
      AND ((s.scope = 'project' AND s.target_uuid = ?1)
        OR (s.scope = 'site' AND s.target_uuid IN (SELECT uuid FROM sites WHERE project_uuid = ?1)))
  )`;

function records(db: Deps['db'], project: string, where: string, params: string[], limit: number, offset: number): Row[] {
  return db.all<Row>(
    `${RECORDS}
     SELECT r.id, r.scope, r.target_uuid, COALESCE(p.name, si.name, '') AS target_name, r.mode, r.message,
       r.started_by, r.started_at, en.user_name AS ended_by, en.at AS ended_at
     FROM r
     LEFT JOIN evacuation_events en ON en.id = r.end_id
     LEFT JOIN projects p ON r.scope = 'project' AND p.uuid = r.target_uuid
     LEFT JOIN sites si ON r.scope = 'site' AND si.uuid = r.target_uuid
     ${where}
     ORDER BY r.started_at DESC, r.id DESC LIMIT ?${params.length + 2} OFFSET ?${params.length + 3}`,
    project,
    ...params,
    limit,
    offset,
  );
}

function view(row: Row): EvacuationRecord {
  const { target_uuid, target_name, ...rest } = row;
  return {
    ...rest,
    target: { uuid: target_uuid, name: target_name },
    duration_seconds: row.ended_at ? Math.max(0, Math.round((Date.parse(row.ended_at) - Date.parse(row.started_at)) / 1000)) : null,
  };
}

/** h:mm:ss, the way a spreadsheet reads a duration. */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export const CSV_HEADER = [
  'scope',
  'name',
  'mode',
  'reason',
  'started_by',
  'started_at_utc',
  'started_at_local',
  'ended_by',
  'ended_at_utc',
  'ended_at_local',
  'time_zone',
  'duration',
] as const;

/**
 * The history as a CSV file (csv.ts: every field quoted, formulas defused), each moment in
 * UTC and on the site's clock with its offset, the zone named (local-time.ts).
 */
const csv = (rows: EvacuationRecord[], zoneOf: ReturnType<typeof zoneResolver>): string =>
  csvDocument(
    CSV_HEADER,
    rows.map((r) => {
      const zone = zoneOf({ site: r.scope === 'site' ? r.target.uuid : null });
      return [
        r.scope,
        r.target.name,
        r.mode,
        r.message,
        r.started_by,
        r.started_at,
        localStamp(r.started_at, zone),
        r.ended_by,
        r.ended_at,
        localStamp(r.ended_at, zone),
        zone,
        r.duration_seconds === null ? null : clock(r.duration_seconds),
      ];
    }),
  );

const wantsCsv = (c: Ctx): boolean =>
  c.req.query('format') === 'csv' || (c.req.query('format') === undefined && /\btext\/csv\b/.test(c.req.header('Accept') ?? ''));

export function evacuationHistoryRoutes(app: App, { db }: Deps): void {
  app.get('/api/v2/projects/:uuid/evacuations', (c) => {
    const { project } = memberProject(db, c.get('user'), c.req.param('uuid'));
    const format = c.req.query('format');
    if (format !== undefined && format !== 'csv' && format !== 'json')
      throw invalid('format', text('evacuation.query', { name: 'format', values: 'json, csv' }));
    const { where, params } = filters(c, db, project.uuid);
    c.header('Vary', 'Accept');
    if (wantsCsv(c)) {
      const rows = records(db, project.uuid, where, params, CSV_LIMIT, 0).map(view);
      logEvacuationsExport(db, c.get('user'), project, rows.length);
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="evacuations-${day}.csv"`);
      return c.body(csv(rows, zoneResolver(db, project.uuid)));
    }
    const { page, perPage, offset } = paging(c);
    const total = db.get<{ n: number }>(`${RECORDS} SELECT COUNT(*) AS n FROM r ${where}`, project.uuid, ...params)!.n;
    const rows = records(db, project.uuid, where, params, perPage, offset).map(view);
    return c.json({ data: rows, meta: { total, page, per_page: perPage } });
  });
}
