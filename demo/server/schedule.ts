/**
 * Security-hours schedule rules (see README "Schedules"): seven days, Monday first; each
 * interval lies within its day (`from` < `to`, `to` may be "24:00") or crosses midnight
 * into the next day (`to` <= `from`, `to` not "24:00"; Sunday crosses into Monday);
 * `from` = `to` is invalid; intervals may not overlap, counting what spills over from the
 * day before (the one overlap rule of src/core/schedules/overlap.ts, shared with the client).
 */
import type { Interval } from '../../src/core/api/contract.ts';
import { overlappingDays, type Span } from '../../src/core/schedules/overlap.ts';
import { text, type ErrorItem, type Text } from './messages.ts';

const DAY_MINUTES = 24 * 60;

export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

export const EMPTY_WEEK: () => Interval[][] = () => [[], [], [], [], [], [], []];

const dayName = (d: number): Text => text(`days.${d % 7}` as 'days.0');

/**
 * The most intervals a day can hold: non-overlapping half-hour intervals, so 48. More is
 * refused before any other check, which keeps the work per request small.
 */
export const MAX_INTERVALS_PER_DAY = 48;

/** The rule violations of a (shape-valid) week, with fields like `schedule.days.2.0.to` and translatable texts. */
export function scheduleErrors(days: readonly (readonly Interval[])[], prefix = 'schedule.days'): ErrorItem[] {
  const crowded = days.flatMap((intervals, d) =>
    intervals.length > MAX_INTERVALS_PER_DAY
      ? [{ field: `${prefix}.${d}`, text: text('schedule.tooManyIntervals', { day: dayName(d), max: MAX_INTERVALS_PER_DAY }) }]
      : [],
  );
  if (crowded.length) return crowded;
  const errors: ErrorItem[] = [];
  const spans: Span[][] = days.map(() => []);
  days.forEach((intervals, d) => {
    intervals.forEach((interval, i) => {
      const field = `${prefix}.${d}.${i}`;
      const from = toMinutes(interval.from);
      const to = toMinutes(interval.to);
      if (from >= DAY_MINUTES) {
        errors.push({ field: `${field}.from`, text: text('schedule.fromBefore24', { day: dayName(d), n: i + 1 }) });
        return;
      }
      if (from === to) {
        errors.push({ field: `${field}.to`, text: text('schedule.toDiffers', { day: dayName(d), n: i + 1 }) });
        return;
      }
      spans[d]!.push([from, to]);
    });
  });
  for (const d of overlappingDays(spans, DAY_MINUTES))
    errors.push({ field: `${prefix}.${d}`, text: text('schedule.overlap', { day: dayName(d) }) });
  return errors;
}

let zones: Set<string> | undefined;

/** Whether `tz` is an IANA time zone name this runtime knows (e.g. "Europe/Brussels", "UTC"). */
export function isValidTimeZone(tz: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  if (zones.has(tz)) return true;
  // Aliases such as "Asia/Calcutta" or "US/Eastern" are valid too, but not offsets like "+01:00".
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
