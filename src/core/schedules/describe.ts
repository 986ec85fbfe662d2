/**
 * Schedules as human text in the applied language: "Mon–Fri 08:00–18:00",
 * "Mon–Thu 18:00–08:00 (next day)", "Fri 18:00–Mon 08:00", "Sat–Sun". Times are the site's
 * local wall-clock times in 24-hour "HH:MM" (as the API writes them; "24:00" is midnight at
 * the end of a day). Day names come from Intl in the applied language.
 */
import { t } from '../i18n/i18n.ts';
import { $language } from '../i18n/languages.ts';
import { securedRuns } from './convert.ts';
import type { Range } from './paint.ts';
import { DAYS, SLOTS, slotTime, type Week } from './week.ts';

const formats = new Map<string, string[]>();

/** Weekday names, Monday first, in `language` (default: the applied one). */
export function dayNames(width: 'short' | 'long' = 'short', language: string = $language.get()): string[] {
  const key = `${language}|${width}`;
  let names = formats.get(key);
  if (!names) {
    const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    names = Array.from({ length: DAYS }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
    formats.set(key, names);
  }
  return names;
}

const lists = new Map<string, Intl.ListFormat>();

/** A list joined the way the language does ("a, b and c"). */
export function joinList(items: readonly string[], language: string = $language.get()): string {
  let list = lists.get(language);
  if (!list) {
    list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    lists.set(language, list);
  }
  return list.format(items);
}

const dayName = (day: number) => dayNames()[((day % DAYS) + DAYS) % DAYS]!;

function dayRange(first: number, last: number): string {
  return first === last ? dayName(first) : t('schedules.runs.dayRange', { first: dayName(first), last: dayName(last) });
}

/** A rectangle of cells: "Mon 08:00–12:00", "Mon–Fri 08:00–12:00". */
export function describeRange(range: Range): string {
  return t('schedules.runs.within', {
    days: dayRange(range.firstDay, range.lastDay),
    from: slotTime(range.firstSlot),
    to: slotTime(range.lastSlot + 1),
  });
}

interface Run {
  day: number;
  from: number;
  length: number;
}

function describeRun({ day, from, length }: Run, lastDay = day): string {
  const end = from + length;
  if (from === 0 && length % SLOTS === 0) return dayRange(day, day + length / SLOTS - 1);
  if (end <= SLOTS) return t('schedules.runs.within', { days: dayRange(day, lastDay), from: slotTime(from), to: slotTime(end) });
  if (lastDay !== day)
    return t('schedules.runs.overnight', { days: dayRange(day, lastDay), from: slotTime(from), to: slotTime(end - SLOTS) });
  // Ends on a later day; a run ending at midnight ends at "24:00" of the day before.
  const endDay = end % SLOTS === 0 ? day + end / SLOTS - 1 : day + Math.floor(end / SLOTS);
  const to = end % SLOTS === 0 ? '24:00' : slotTime(end % SLOTS);
  return t('schedules.runs.span', { fromDay: dayName(day), from: slotTime(from), toDay: dayName(endDay), to });
}

/** Runs that repeat the same hours on consecutive days can be said once ("Mon–Fri …"). */
function groupable(run: Run): boolean {
  const end = run.from + run.length;
  if (run.from === 0 && run.length % SLOTS === 0) return false;
  return end <= SLOTS || (end < 2 * SLOTS && end % SLOTS !== 0);
}

/** The secured runs of a week as short phrases, in week order (Monday first). */
export function describeWeekParts(week: Week): string[] {
  const runs = securedRuns(week).map(([start, length]) => ({ day: Math.floor(start / SLOTS), from: start % SLOTS, length }));
  if (runs.length === 0) return week[0]![0] ? [t('schedules.runs.allWeek')] : [];
  const parts: string[] = [];
  for (let i = 0; i < runs.length;) {
    const run = runs[i]!;
    let j = i + 1;
    if (groupable(run)) {
      while (j < runs.length && runs[j]!.day === runs[j - 1]!.day + 1 && runs[j]!.from === run.from && runs[j]!.length === run.length) j++;
    }
    parts.push(describeRun(run, runs[j - 1]!.day));
    i = j;
  }
  return parts;
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
