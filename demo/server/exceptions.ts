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
 */
import { randomUUID } from 'node:crypto';
import type { Interval, ScheduleException } from '../../src/core/api/contract.ts';
import { nowIso, type Db } from './db.ts';
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
  return exceptionRows(db, site.uuid)
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
  if (first > last) return [{ field: `${prefix}to`, text: text('exceptions.toBeforeFrom') }];
  if (last - first >= (e.yearly ? 365 : 366)) return [{ field: `${prefix}to`, text: text('exceptions.tooLong') }];
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

/** The site's exception of the same kind sharing a day with `e` (other than `except`), if any. */
export function conflictOf(db: Db, siteUuid: string, e: ExceptionInput, except?: string): ExceptionRow | undefined {
  return exceptionRows(db, siteUuid).find(
    (r) => r.uuid !== except && overlaps(e, { from: r.from_date, to: r.to_date, yearly: r.yearly === 1 }),
  );
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
