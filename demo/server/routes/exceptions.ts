/**
 * Date exceptions over the weekly schedule (holidays, one-off days) and each site's public
 * holidays. Reading needs 'view'; adding, changing and removing need 'edit schedules'
 * (403), like the weekly calls. The rules are in ../exceptions.ts.
 */
import Holidays from 'date-holidays';
import { Bodies, EDIT_SCHEDULES, type ExceptionsApplied } from '../../../src/core/api/contract.ts';
import { memberSite, requirePermission, scheduleEditableProject, type SiteRow } from '../access.ts';
import {
  conflictFinder,
  conflictOf,
  exceptionErrors,
  exceptionView,
  insertException,
  localDate,
  overlapsWithin,
  upcomingErrors,
  type ExceptionInput,
  type ExceptionRow,
} from '../exceptions.ts';
import { ApiError, invalid, notFound, paging, readBody, responseLanguage, type App, type Ctx, type Deps } from '../http.ts';
import { text, type ErrorItem } from '../messages.ts';
import type { Db } from '../db.ts';
import { logException } from '../activity-events.ts';
import { UPCOMING_EXCEPTIONS_PER_SITE } from '../limits.ts';

type Located = { country: string | null; region: string | null };

/** The site, if the user may edit its schedule: 404 for non-readers, 403 without 'edit schedules'. */
function editableSite(db: Db, c: Ctx): SiteRow {
  const { site, permissions } = memberSite(db, c.get('user'), c.req.param('uuid')!);
  requirePermission(permissions, EDIT_SCHEDULES);
  return site;
}

function exceptionOf(db: Db, site: SiteRow, uuid: string): ExceptionRow {
  const row = db.get<ExceptionRow>('SELECT * FROM schedule_exceptions WHERE uuid = ? AND site_uuid = ?', uuid, site.uuid);
  if (!row) throw notFound('exception');
  return row;
}

const rowInput = (r: ExceptionRow): ExceptionInput => {
  const { uuid: _uuid, past: _past, ...e } = exceptionView(r, '');
  return e as ExceptionInput;
};

/**
 * 422 with the rule violations, when a same-kind exception of the site shares a day, or (a
 * new one) when the site holds the most upcoming exceptions it may.
 */
function checkException(db: Db, site: SiteRow, e: ExceptionInput, except?: string): void {
  const today = localDate(site.timezone);
  const errors = exceptionErrors(e, today);
  if (errors.length) throw new ApiError(422, errors);
  const full = except === undefined ? upcomingErrors(db, site, today, 1, false) : [];
  if (full.length) throw new ApiError(422, full);
  const conflict = conflictOf(db, site.uuid, e, except);
  if (conflict) throw invalid('from', text('exceptions.conflict', { label: conflict.label, from: conflict.from_date }));
}

/** The site's public holidays of `year` (type public), named in `language` where the library has it. */
export function publicHolidays(site: Located & { timezone: string }, year: number, language: string): { date: string; name: string }[] {
  if (!site.country) return [];
  const hd = site.region ? new Holidays(site.country, site.region) : new Holidays(site.country);
  const seen = new Set<string>();
  return (hd.getHolidays(year, language) || [])
    .filter((h) => h.type === 'public')
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
    .filter((h) => !seen.has(h.date) && seen.add(h.date));
}

export function exceptionRoutes(app: App, { db }: Deps): void {
  // Paged (`page`, `per_page` up to 200, the most upcoming ones a site holds), oldest first;
  // `meta.total` counts every exception the filter keeps.
  app.get('/api/v2/sites/:uuid/schedule-exceptions', (c) => {
    const { site } = memberSite(db, c.get('user'), c.req.param('uuid'));
    const when = c.req.query('filter[when]');
    if (when !== undefined && when !== 'past' && when !== 'upcoming') throw invalid('filter[when]', text('exceptions.when'));
    const { page, perPage, offset } = paging(c, { perPage: 100, maxPerPage: UPCOMING_EXCEPTIONS_PER_SITE });
    const today = localDate(site.timezone);
    const where =
      when === 'past' ? 'AND yearly = 0 AND to_date < ?' : when === 'upcoming' ? 'AND (yearly = 1 OR to_date >= ?)' : 'AND ? IS NOT NULL';
    const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM schedule_exceptions WHERE site_uuid = ? ${where}`, site.uuid, today)!.n;
    const rows = db.all<ExceptionRow>(
      `SELECT * FROM schedule_exceptions WHERE site_uuid = ? ${where} ORDER BY from_date, created_at, uuid LIMIT ? OFFSET ?`,
      site.uuid,
      today,
      perPage,
      offset,
    );
    return c.json({
      data: rows.map((r) => exceptionView(r, today)),
      meta: { total, page, per_page: perPage },
    });
  });

  app.post('/api/v2/sites/:uuid/schedule-exceptions', async (c) => {
    const site = editableSite(db, c);
    const e = await readBody(c, Bodies.scheduleException);
    checkException(db, site, e);
    return c.json(
      {
        data: exceptionView(
          logException(db, c.get('user'), site, 'added', undefined, insertException(db, site.uuid, e)),
          localDate(site.timezone),
        ),
      },
      201,
    );
  });

  app.patch('/api/v2/sites/:uuid/schedule-exceptions/:exception', async (c) => {
    const site = editableSite(db, c);
    const row = exceptionOf(db, site, c.req.param('exception'));
    const today = localDate(site.timezone);
    if (row.from_date < today) throw invalid('from', text('exceptions.begun'));
    const patch = await readBody(c, Bodies.updateScheduleException);
    const next: ExceptionInput = { ...rowInput(row), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    checkException(db, site, next, row.uuid);
    db.run('DELETE FROM schedule_exceptions WHERE uuid = ?', row.uuid);
    return c.json({
      data: exceptionView(logException(db, c.get('user'), site, 'changed', row, insertException(db, site.uuid, next, row.uuid)), today),
    });
  });

  app.delete('/api/v2/sites/:uuid/schedule-exceptions/:exception', (c) => {
    const site = editableSite(db, c);
    const row = exceptionOf(db, site, c.req.param('exception'));
    if (row.from_date < localDate(site.timezone)) throw invalid('from', text('exceptions.begun'));
    db.run('DELETE FROM schedule_exceptions WHERE uuid = ?', row.uuid);
    logException(db, c.get('user'), site, 'removed', row);
    return c.body(null, 204);
  });

  app.get('/api/v2/sites/:uuid/public-holidays', (c) => {
    const { site } = memberSite(db, c.get('user'), c.req.param('uuid'));
    const raw = c.req.query('year') ?? String(Number(localDate(site.timezone).slice(0, 4)) + 1);
    if (!/^\d{4}$/.test(raw) || Number(raw) < 2000 || Number(raw) > 2100) throw invalid('year', text('exceptions.year'));
    const located = db.get<Located>('SELECT country, region FROM sites WHERE uuid = ?', site.uuid)!;
    return c.json({ data: publicHolidays({ ...located, timezone: site.timezone }, Number(raw), responseLanguage(c)) });
  });

  // The same exceptions on several sites of a project at once; needs 'edit schedules' on
  // the project, and every site must be one of its own. Per site, an exception that shares
  // a day with one the site already has (same kind) is left out and said so.
  app.post('/api/v2/projects/:uuid/schedule-exceptions', async (c) => {
    const project = scheduleEditableProject(db, c.get('user'), c.req.param('uuid'));
    const body = await readBody(c, Bodies.applyScheduleExceptions);
    const siteUuids = [...new Set(body.siteUuids)];
    const sites = siteUuids.map((uuid) => db.get<SiteRow>('SELECT * FROM sites WHERE uuid = ? AND project_uuid = ?', uuid, project.uuid));
    const foreign = siteUuids.filter((_, i) => !sites[i]);
    if (foreign.length) throw invalid('siteUuids', text('schedule.foreignSites', { sites: foreign.join(', ') }));
    const errors: ErrorItem[] = [];
    // "Today" differs by zone: the latest today of the chosen sites decides.
    const latestToday = (sites as SiteRow[])
      .map((s) => localDate(s.timezone))
      .sort()
      .at(-1)!;
    body.exceptions.forEach((e, i) => errors.push(...exceptionErrors(e, latestToday, `exceptions.${i}.`)));
    if (!errors.length) {
      const reported = new Set<number>();
      for (const { index } of overlapsWithin(body.exceptions)) {
        if (reported.has(index)) continue;
        reported.add(index);
        errors.push({ field: `exceptions.${index}.from`, text: text('exceptions.overlapsSent', { label: body.exceptions[index]!.label }) });
      }
    }
    if (errors.length) throw new ApiError(422, errors);
    // All or nothing: a site that would pass the most upcoming exceptions it may hold refuses
    // the whole call before anything is written (what a site skips as a conflict is not added).
    const plans = (sites as SiteRow[]).map((site) => {
      const conflictWith = conflictFinder(db, site.uuid);
      const entries = body.exceptions.map((e) => ({ e, conflict: conflictWith(e) }));
      return { site, entries };
    });
    const full = plans.flatMap(({ site, entries }) =>
      upcomingErrors(db, site, localDate(site.timezone), entries.filter((x) => !x.conflict).length, true),
    );
    if (full.length) throw new ApiError(422, full);
    const result: ExceptionsApplied = db.transaction(() => ({
      sites: plans.map(({ site, entries }) => {
        const today = localDate(site.timezone);
        const created = [];
        const skipped = [];
        for (const { e, conflict } of entries) {
          if (conflict) skipped.push({ label: e.label, from: e.from, conflict: conflict.label });
          else
            created.push(
              exceptionView(logException(db, c.get('user'), site, 'added', undefined, insertException(db, site.uuid, e)), today),
            );
        }
        return { uuid: site.uuid, name: site.name, created, skipped };
      }),
    }));
    return c.json({ data: result });
  });
}
