/**
 * Schedules as human text in the applied language: "Mon–Fri 08:00–18:00",
 * "Mon–Thu 18:00–08:00 (next day)", "Fri 18:00–Mon 08:00", "Sat–Sun". Times are the site's
 * local wall-clock times in 24-hour "HH:MM" (as the API writes them; "24:00" is midnight at
 * the end of a day): the portal's one clock in every language (time/format.ts), which also
 * names the days.
 */
import { t } from '../i18n/i18n.ts';
import { intl } from '../i18n/intl.ts';
import { $language } from '../i18n/languages.ts';
import { formatWeekday } from '../time/format.ts';
import { securedRuns } from './convert.ts';
import type { Range } from './paint.ts';
import { DAYS, SLOTS, slotTime, WEEK_SLOTS, type Week } from './week.ts';

const formats = new Map<string, string[]>();

/** Weekday names, Monday first, in `language` (default: the applied one). */
export function dayNames(width: 'short' | 'long' = 'short', language: string = $language.get()): string[] {
  const key = `${language}|${width}`;
  let names = formats.get(key);
  if (!names) {
    names = Array.from({ length: DAYS }, (_, i) => formatWeekday(i, width, language));
    formats.set(key, names);
  }
  return names;
}

/** A list joined the way the language does ("a, b and c"). */
export function joinList(items: readonly string[], language: string = $language.get()): string {
  return intl(Intl.ListFormat, language, { style: 'long', type: 'conjunction' }).format(items);
}

const dayName = (day: number, language?: string) => dayNames('short', language)[((day % DAYS) + DAYS) % DAYS]!;

function dayRange(first: number, last: number, language?: string): string {
  return first === last
    ? dayName(first, language)
    : t('schedules.runs.dayRange', { first: dayName(first, language), last: dayName(last, language) });
}

/** A rectangle of cells: "Mon 08:00–12:00", "Mon–Fri 08:00–12:00". */
export function describeRange(range: Range): string {
  return t('schedules.runs.within', {
    days: dayRange(range.firstDay, range.lastDay),
    from: slotTime(range.firstSlot),
    to: slotTime(range.lastSlot + 1),
  });
}

/**
 * A span of half-hours: starts at slot `from` of `day` and lasts `length` half-hours (may
 * run into later days); repeated with the same hours on each day up to `lastDay`.
 */
export interface Span {
  day: number;
  from: number;
  length: number;
  lastDay: number;
}

/** Same hours on the next day can be said together: within a day, or a night into the next one. */
const repeatable = ({ from, length }: Span) =>
  !(from === 0 && length % SLOTS === 0) && (from + length <= SLOTS || (from + length < 2 * SLOTS && (from + length) % SLOTS !== 0));

/**
 * The secured half-hours of a week as spans of the circular week (a night from Sunday into
 * Monday is one span), in week order; the same hours on consecutive days make one span.
 * A summary joins only spans next to each other ("Mon 08:00–09:00, Mon 10:00–11:00, and
 * Tue 08:00–09:00" reads in week order); a list of changes, one line per span, also joins
 * across other hours (`apart`), so mornings and evenings each make one line.
 */
export function weekSpans(week: Week, { apart = false } = {}): Span[] {
  const runs = securedRuns(week);
  // Every half-hour: one span around the clock from Monday 00:00.
  if (runs.length === 0) return week[0]![0] ? [{ day: 0, from: 0, length: WEEK_SLOTS, lastDay: 0 }] : [];
  const out: Span[] = [];
  for (const [start, length] of runs) {
    const span = { day: Math.floor(start / SLOTS), from: start % SLOTS, length, lastDay: Math.floor(start / SLOTS) };
    const sameDayBefore = (s: Span) => repeatable(s) && s.from === span.from && s.length === span.length && s.lastDay === span.day - 1;
    const same = apart ? out.find(sameDayBefore) : out.slice(-1).find(sameDayBefore);
    if (same) same.lastDay = span.day;
    else out.push(span);
  }
  return out;
}

/** A span in words: "Mon 18:00–22:00", "Mon–Fri 08:00–18:00", "Mon–Thu 22:00–02:00 (next day)", "Mon 22:00–Tue 02:00", "Sat–Sun", "all week". */
export function describeSpan({ day, from, length, lastDay }: Span, language: string = $language.get()): string {
  const end = from + length;
  if (length >= WEEK_SLOTS) return t('schedules.runs.allWeek');
  // Whole days are never repeated spans (lastDay is day).
  if (from === 0 && length % SLOTS === 0) return dayRange(day, day + length / SLOTS - 1, language);
  const days = dayRange(day, lastDay, language);
  if (end <= SLOTS) return t('schedules.runs.within', { days, from: slotTime(from), to: slotTime(end) });
  if (lastDay !== day) return t('schedules.runs.overnight', { days, from: slotTime(from), to: slotTime(end - SLOTS) });
  // Ends on a later day; ending at midnight is "24:00" of the day before.
  const endDay = end % SLOTS === 0 ? day + end / SLOTS - 1 : day + Math.floor(end / SLOTS);
  const to = end % SLOTS === 0 ? SLOTS : end % SLOTS;
  return t('schedules.runs.span', { fromDay: days, from: slotTime(from), toDay: dayName(endDay, language), to: slotTime(to) });
}

/** The secured runs of a week as short phrases, in week order (Monday first). */
export function describeWeekParts(week: Week): string[] {
  return weekSpans(week).map((span) => describeSpan(span));
}

/** The whole week in one line: "Mon–Fri 08:00–18:00", or "never secured". */
export function describeWeek(week: Week): string {
  const parts = describeWeekParts(week);
  return parts.length ? joinList(parts) : t('schedules.runs.never');
}

/** Hours per week, e.g. 50 or 37.5. */
export function securedHours(week: Week): number {
  let n = 0;
  for (const day of week) for (const v of day) if (v) n++;
  return n / 2;
}
