/**
 * Date exceptions over the weekly schedule (see docs/product.md "Holidays and one-off
 * days"): rules, rows and views. Dates are site-local "YYYY-MM-DD"; "today" is the site's.
 *
 * - `from` <= `to`, real days, at most 366 days; a yearly one spans less than a year.
 * - Own intervals lie within the day (`from` < `to`, `to` may be "24:00"), without overlaps.
 * - A day that has begun is history: nothing may be added before today, and an exception
 *   whose first day has begun can no longer be changed or removed.
 * - Two one-off exceptions, or two yearly ones, may not share a day (a one-off and a
 *   yearly one may: the one-off wins, as in src/core/schedules/secured.ts).
 * - Dates lie within 2000–2100, and a site holds at most 200 upcoming exceptions (yearly ones
 *   and one-off ones not over yet; limits.ts): checking one never reads all of them twice.
 */
import { randomUUID } from 'node:crypto';
import type { Interval, ScheduleException } from '../../src/core/api/contract.ts';
import { nowIso, type Db } from './db.ts';
import { EXCEPTION_YEARS, UPCOMING_EXCEPTIONS_PER_SITE } from './limits.ts';
import { text, type ErrorItem } from './messages.ts';
import { toMinutes } from './schedule.ts';

export type ExceptionRow = {
  uuid: string;
  site_uuid: string;
  from_date: string;
  to_date: string;
  yearly: number;
  label: string;
  secured: string;
};

/** What a client sends (after the contract's shape check). */
export type ExceptionInput = { from: string; to: string; yearly: boolean; label: string; secured: 'all' | 'none' | Interval[] };

/** Days since 1970-01-01 of "YYYY-MM-DD", or NaN when it is not a real day. */
export function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? d.getTime() / 86_400_000 : NaN;
}

/** The longest an exception lasts, in days (a one-off one; a yearly one is shorter). */
const MAX_DAYS = 366;

/** "YYYY-MM-DD" `days` before `date`. */
const daysBefore = (date: string, days: number): string => new Date((dayNumber(date) - days) * 86_400_000).toISOString().slice(0, 10);

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The site-local date "YYYY-MM-DD" at `at` in `timeZone`. */
export function localDate(timeZone: string, at = Date.now()): string {
  let f = dateFormatters.get(timeZone);
  if (!f)
    dateFormatters.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}

export function exceptionView(row: ExceptionRow, today: string): ScheduleException {
  const secured = row.secured === 'all' || row.secured === 'none' ? row.secured : (JSON.parse(row.secured) as Interval[]);
  return {
    uuid: row.uuid,
    from: row.from_date,
    to: row.to_date,
    yearly: row.yearly === 1,
    label: row.label,
    secured,
    past: row.yearly !== 1 && row.to_date < today,
  };
}

export function exceptionRows(db: Db, siteUuid: string): ExceptionRow[] {
  return db.all<ExceptionRow>('SELECT * FROM schedule_exceptions WHERE site_uuid = ? ORDER BY from_date, created_at, uuid', siteUuid);
}

/** The exceptions that still matter for "secured now" and the calendar: yearly ones and those not yet over. */
export function currentExceptions(db: Db, site: { uuid: string; timezone: string }): ScheduleException[] {
  const today = localDate(site.timezone);
  // Read by the index: a site's history of past exceptions is never loaded for this.
  return db
    .all<ExceptionRow>(
      'SELECT * FROM schedule_exceptions WHERE site_uuid = ? AND (yearly = 1 OR to_date >= ?) ORDER BY from_date, created_at, uuid',
      site.uuid,
      today,
    )
    .map((r) => exceptionView(r, today))
    .filter((e) => !e.past)
    .map(({ past: _past, ...e }) => e);
}

/** Every day of a yearly exception as month * 100 + day (a range may cross New Year). */
function monthDays(from: string, to: string): Set<number> {
  const days = new Set<number>();
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const d = new Date(n * 86_400_000);
    days.add((d.getUTCMonth() + 1) * 100 + d.getUTCDate());
  }
  return days;
}

/** Whether two exceptions of the same kind share a day. */
export function overlaps(a: Pick<ExceptionInput, 'from' | 'to' | 'yearly'>, b: Pick<ExceptionInput, 'from' | 'to' | 'yearly'>): boolean {
  if (a.yearly !== b.yearly) return false;
  if (!a.yearly) return a.from <= b.to && b.from <= a.to;
  const days = monthDays(a.from, a.to);
  return [...monthDays(b.from, b.to)].some((d) => days.has(d));
}

/** The rule violations of one exception for a site whose today is `today`; fields under `prefix`. */
export function exceptionErrors(e: ExceptionInput, today: string, prefix = ''): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const first = dayNumber(e.from);
  const last = dayNumber(e.to);
  if (Number.isNaN(first)) errors.push({ field: `${prefix}from`, text: text('exceptions.notADay') });
  if (Number.isNaN(last)) errors.push({ field: `${prefix}to`, text: text('exceptions.notADay') });
  if (errors.length) return errors;
  const years = { first: EXCEPTION_YEARS.first, last: EXCEPTION_YEARS.last };
  for (const field of ['from', 'to'] as const) {
    const year = Number(e[field].slice(0, 4));
    if (year < years.first || year > years.last) errors.push({ field: `${prefix}${field}`, text: text('exceptions.years', years) });
  }
  if (errors.length) return errors;
  if (first > last) return [{ field: `${prefix}to`, text: text('exceptions.toBeforeFrom') }];
  if (last - first >= (e.yearly ? MAX_DAYS - 1 : MAX_DAYS)) return [{ field: `${prefix}to`, text: text('exceptions.tooLong') }];
  if (e.from < today) return [{ field: `${prefix}from`, text: text('exceptions.past') }];
  if (Array.isArray(e.secured)) {
    const spans: [number, number][] = [];
    e.secured.forEach((interval, i) => {
      const from = toMinutes(interval.from);
      const to = toMinutes(interval.to);
      if (from >= to) errors.push({ field: `${prefix}secured.${i}.to`, text: text('exceptions.intervalOrder', { n: i + 1 }) });
      else spans.push([from, to]);
    });
    spans.sort((a, b) => a[0] - b[0]);
    if (spans.some((s, i) => i > 0 && s[0] < spans[i - 1]![1]))
      errors.push({ field: `${prefix}secured`, text: text('exceptions.intervalsOverlap') });
  }
  return errors;
}

/**
 * Finds, for the site, the exception of the same kind sharing a day with a given one (other
 * than `except`): one-off ones through the index on the site's dates (one query, no scan of
 * the site's history), yearly ones through a map of their days read once. Each check costs
 * the days of the exception checked, not the number the site holds.
 */
export function conflictFinder(db: Db, siteUuid: string, except?: string): (e: ExceptionInput) => ExceptionRow | undefined {
  const yearly = db.all<ExceptionRow>(
    'SELECT * FROM schedule_exceptions WHERE site_uuid = ? AND yearly = 1 AND uuid <> ? ORDER BY from_date, created_at, uuid',
    siteUuid,
    except ?? '',
  );
  const byDay = new Map<number, number>();
  yearly.forEach((r, i) => {
    for (const d of monthDays(r.from_date, r.to_date)) if (!byDay.has(d)) byDay.set(d, i);
  });
  return (e) => {
    if (e.yearly) {
      // The first in the site's order, as a listing would show it.
      let first = Infinity;
      for (const d of monthDays(e.from, e.to)) first = Math.min(first, byDay.get(d) ?? Infinity);
      return yearly[first];
    }
    // None lasts over 366 days: only those starting within that much before `e` can reach it.
    return db.get<ExceptionRow>(
      `SELECT * FROM schedule_exceptions WHERE site_uuid = ? AND from_date BETWEEN ? AND ? AND yearly = 0 AND uuid <> ? AND to_date >= ?
       ORDER BY from_date, created_at, uuid LIMIT 1`,
      siteUuid,
      daysBefore(e.from, MAX_DAYS),
      e.to,
      except ?? '',
      e.from,
    );
  };
}

/** The site's exception of the same kind sharing a day with `e` (other than `except`), if any. */
export const conflictOf = (db: Db, siteUuid: string, e: ExceptionInput, except?: string): ExceptionRow | undefined =>
  conflictFinder(db, siteUuid, except)(e);

/**
 * The pairs of exceptions among `list` that share a day (same kind): sorted by start, one
 * sweep for one-off ones; yearly ones through a map of their days. Each pair is reported by
 * its later index.
 */
export function overlapsWithin(list: readonly ExceptionInput[]): { index: number; other: number }[] {
  const found: { index: number; other: number }[] = [];
  const oneOff = list.map((e, i) => ({ e, i })).filter(({ e }) => !e.yearly);
  oneOff.sort((a, b) => (a.e.from < b.e.from ? -1 : a.e.from > b.e.from ? 1 : a.i - b.i));
  let reach: { to: string; i: number } | undefined;
  for (const { e, i } of oneOff) {
    if (reach && e.from <= reach.to) found.push(i > reach.i ? { index: i, other: reach.i } : { index: reach.i, other: i });
    if (!reach || e.to > reach.to) reach = { to: e.to, i };
  }
  const days = new Map<number, number>();
  list.forEach((e, i) => {
    if (!e.yearly) return;
    let hit: number | undefined;
    for (const d of monthDays(e.from, e.to)) {
      const other = days.get(d);
      if (other === undefined) days.set(d, i);
      else hit ??= other;
    }
    if (hit !== undefined) found.push({ index: i, other: hit });
  });
  return found;
}

/** How many upcoming exceptions the site holds: yearly ones, and one-off ones not over by `today`. */
export function upcomingCount(db: Db, siteUuid: string, today: string): number {
  // Through the index on the site's dates: one-off ones not over started at most 366 days ago.
  const count = (sql: string, ...params: string[]) =>
    db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM schedule_exceptions WHERE site_uuid = ? AND ${sql}`, siteUuid, ...params)!.n;
  return count('yearly = 1') + count('from_date >= ? AND yearly = 0 AND to_date >= ?', daysBefore(today, MAX_DAYS), today);
}

/** 422 items when adding `adding` exceptions would take the site past the most it may hold; none when it may. */
export function upcomingErrors(db: Db, site: { uuid: string; name: string }, today: string, adding: number, bulk: boolean): ErrorItem[] {
  const count = upcomingCount(db, site.uuid, today);
  const max = UPCOMING_EXCEPTIONS_PER_SITE;
  if (count + adding <= max) return [];
  const t = bulk ? text('exceptions.tooManyBulk', { site: site.name, count, adding, max }) : text('exceptions.tooMany', { max });
  return [{ field: bulk ? 'exceptions' : 'from', text: t }];
}

export function insertException(db: Db, siteUuid: string, e: ExceptionInput, uuid: string = randomUUID()): ExceptionRow {
  const secured = typeof e.secured === 'string' ? e.secured : JSON.stringify(e.secured.map(({ from, to }) => ({ from, to })));
  db.run(
    'INSERT INTO schedule_exceptions (uuid, site_uuid, from_date, to_date, yearly, label, secured, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    uuid,
    siteUuid,
    e.from,
    e.to,
    e.yearly ? 1 : 0,
    e.label,
    secured,
    nowIso(),
  );
  return db.get<ExceptionRow>('SELECT * FROM schedule_exceptions WHERE uuid = ?', uuid)!;
}
