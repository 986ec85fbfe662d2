/**
 * API schedule days ↔ {@link Week} cells.
 *
 * ## The API's rules (contract.ts `WeekDays`, enforced by the server)
 * Seven days, Monday first, each a list of `{from, to}` on half hours. An interval lies
 * within its day (`from` < `to`, `to` may be "24:00"), or crosses midnight into the next
 * day when `to` <= `from` and `to` is not "24:00" (Sunday crosses into Monday). `from` =
 * `to` is invalid, `from` may not be "24:00", and intervals may not overlap, counting the
 * part that spills over from the day before. Touching intervals are allowed.
 *
 * ## The canonical form (what {@link weekToDays} writes)
 * Read the week as one circular line of 336 half-hours (Sunday 23:30 is followed by
 * Monday 00:00) and take each maximal run of secured half-hours:
 * 1. every secured half-hour: each day is `[{from: "00:00", to: "24:00"}]`;
 * 2. a run that ends on the day it starts is one interval on that day
 *    (`{from: "08:00", to: "18:00"}`, or `to: "24:00"` when it ends at midnight);
 * 3. a run that starts after 00:00 and ends on the next day strictly before its start time
 *    is ONE crossing interval on its first day (`{from: "18:00", to: "07:00"}` on Monday
 *    covers Monday 18:00 to Tuesday 07:00; on Sunday it runs into Monday);
 * 4. any longer run is cut at each midnight it passes: `{from, to: "24:00"}` on its first
 *    day, `00:00–24:00` on each whole day, and `{from: "00:00", to}` on its last day
 *    (Friday 18:00 to Monday 08:00 is Fri 18:00–24:00, Sat and Sun 00:00–24:00,
 *    Mon 00:00–08:00). A run of exactly 24 h starting after 00:00 is cut too, because
 *    `from` = `to` is invalid.
 * Each day's intervals are sorted by `from`. So adjacent or overlapping input merges,
 * `weekToDays(daysToWeek(d))` equals `d` for every canonical `d`, and
 * `daysToWeek(weekToDays(w))` equals `w` for every week `w`. A valid schedule in another
 * form (e.g. a night written as 22:00–24:00 plus 00:00–06:00 on the next day) reads into
 * the same cells, so comparisons are always made on cells, never on intervals.
 */
import type { ApiErrorItem, Interval, Site } from '../api/contract.ts';
import { overlappingDays, type Span } from './overlap.ts';
import { DAYS, SLOTS, WEEK_SLOTS, cellAt, emptyWeek, flat, slotTime, timeSlot, type Week } from './week.ts';

/** The days are not a valid schedule; `errors` name each problem like the server does. */
export class ScheduleRuleError extends Error {
  readonly errors: ApiErrorItem[];
  constructor(errors: ApiErrorItem[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'ScheduleRuleError';
    this.errors = errors;
  }
}

/** The rule violations of `days` (empty when valid), fields like `schedule.days.2.0.to`. */
export function scheduleProblems(days: unknown, prefix = 'schedule.days'): ApiErrorItem[] {
  if (!Array.isArray(days) || days.length !== DAYS) return [{ field: prefix, message: `${prefix} must have 7 days` }];
  const errors: ApiErrorItem[] = [];
  const spans: Span[][] = Array.from({ length: DAYS }, () => []);
  days.forEach((intervals: unknown, d) => {
    if (!Array.isArray(intervals)) {
      errors.push({ field: `${prefix}.${d}`, message: `${prefix}.${d} must be a list of intervals` });
      return;
    }
    intervals.forEach((interval: Partial<Interval> | null, i) => {
      const field = `${prefix}.${d}.${i}`;
      const from = typeof interval?.from === 'string' ? timeSlot(interval.from) : null;
      const to = typeof interval?.to === 'string' ? timeSlot(interval.to) : null;
      if (from === null) return void errors.push({ field: `${field}.from`, message: `${field}.from must be HH:MM on a half hour` });
      if (to === null) return void errors.push({ field: `${field}.to`, message: `${field}.to must be HH:MM on a half hour` });
      if (from >= SLOTS) return void errors.push({ field: `${field}.from`, message: `${field}.from must be before 24:00` });
      if (from === to) return void errors.push({ field: `${field}.to`, message: `${field}.to must differ from the start of the interval` });
      spans[d]!.push([from, to]);
    });
  });
  for (const d of overlappingDays(spans, SLOTS))
    errors.push({ field: `${prefix}.${d}`, message: `${prefix}.${d} has overlapping intervals` });
  return errors;
}

/**
 * The cells of API schedule days. Throws {@link ScheduleRuleError} when `days` breaks the
 * API's rules (not 7 days, off the half hour, `from` = `to`, overlaps).
 */
export function daysToWeek(days: unknown): Week {
  const problems = scheduleProblems(days);
  if (problems.length) throw new ScheduleRuleError(problems);
  const week = emptyWeek() as boolean[][];
  (days as Interval[][]).forEach((intervals, d) => {
    for (const { from, to } of intervals) {
      const start = timeSlot(from)!;
      const end = timeSlot(to)!;
      const length = end > start ? end - start : SLOTS - start + end;
      for (let k = 0; k < length; k++) {
        const { day, slot } = cellAt(flat(d, start) + k);
        week[day]![slot] = true;
      }
    }
  });
  return week;
}

/** Maximal circular runs of secured half-hours: `[start (flat index), length]`, by start. */
export function securedRuns(week: Week): [number, number][] {
  const at = (i: number) => {
    const { day, slot } = cellAt(i);
    return week[day]![slot]!;
  };
  const runs: [number, number][] = [];
  for (let i = 0; i < WEEK_SLOTS; i++) {
    if (!at(i) || at(i - 1)) continue;
    let length = 1;
    while (length < WEEK_SLOTS && at(i + length)) length++;
    runs.push([i, length]);
  }
  return runs;
}

/** The canonical API days of a week (see the module comment). */
export function weekToDays(week: Week): Interval[][] {
  const days: Interval[][] = Array.from({ length: DAYS }, () => []);
  const runs = securedRuns(week);
  if (runs.length === 0 && week[0]![0]) {
    // No run has a start: every half-hour is secured.
    return days.map(() => [{ from: '00:00', to: '24:00' }]);
  }
  for (const [start, length] of runs) {
    const day = Math.floor(start / SLOTS);
    const from = start % SLOTS;
    const end = from + length; // in slots from the start of `day`
    if (end <= SLOTS) {
      days[day]!.push({ from: slotTime(from), to: slotTime(end) });
    } else if (from > 0 && end < SLOTS + from) {
      days[day]!.push({ from: slotTime(from), to: slotTime(end - SLOTS) });
    } else {
      days[day]!.push({ from: slotTime(from), to: '24:00' });
      let left = end - SLOTS;
      for (let d = day + 1; left > 0; d++, left -= SLOTS) {
        days[d % DAYS]!.push({ from: '00:00', to: slotTime(Math.min(left, SLOTS)) });
      }
    }
  }
  for (const list of days) list.sort((a, b) => timeSlot(a.from)! - timeSlot(b.from)!);
  return days;
}

/** Reads a schedule's days leniently: invalid days read as an empty week, with the problems. */
export function readDays(days: unknown): { week: Week; problems: ApiErrorItem[] } {
  try {
    return { week: daysToWeek(days), problems: [] };
  } catch (e) {
    if (e instanceof ScheduleRuleError) return { week: emptyWeek(), problems: e.errors };
    throw e;
  }
}

/** A site's saved week: an empty one without a schedule (or with unreadable days). */
export const siteWeek = (site: Pick<Site, 'schedule'> | undefined): Week =>
  site?.schedule ? readDays(site.schedule.days).week : emptyWeek();

/** The zone a site's schedule is read in: its own, else the site's. */
export const siteZone = (site: Pick<Site, 'schedule' | 'timezone'>): string => site.schedule?.timezone ?? site.timezone;
