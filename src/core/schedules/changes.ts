/**
 * What applying a week does to a site, as the confirmation before a multi-site apply shows
 * it: the hours it ADDS and the hours it REMOVES, each as spans of the circular week (a
 * night from Sunday into Monday is one span), in week order, the same hours on
 * consecutive days said once ("Mon–Fri 08:00–18:00"), with times in the 24-hour "HH:MM"
 * every schedule screen uses ("Mon 18:00–22:00").
 */
import { t } from '../i18n/i18n.ts';
import { $language } from '../i18n/languages.ts';
import { securedRuns } from './convert.ts';
import { dayNames } from './describe.ts';
import { diffWeeks } from './diff.ts';
import { DAYS, SLOTS, slotTime, WEEK_SLOTS, type Week } from './week.ts';

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

export interface SiteChanges {
  added: Span[];
  removed: Span[];
}

/** Same hours on the next day can be said together: within a day, or a night into the next one. */
const repeatable = ({ from, length }: Span) =>
  !(from === 0 && length % SLOTS === 0) && (from + length <= SLOTS || (from + length < 2 * SLOTS && (from + length) % SLOTS !== 0));

function spans(week: Week): Span[] {
  const runs = securedRuns(week);
  // Every half-hour: one span around the clock from Monday 00:00.
  if (runs.length === 0) return week[0]![0] ? [{ day: 0, from: 0, length: WEEK_SLOTS, lastDay: 0 }] : [];
  const out: Span[] = [];
  for (const [start, length] of runs) {
    const span = { day: Math.floor(start / SLOTS), from: start % SLOTS, length, lastDay: Math.floor(start / SLOTS) };
    // The same hours the day before (mornings and evenings each make their own line).
    const same = out.find((s) => repeatable(s) && s.from === span.from && s.length === span.length && s.lastDay === span.day - 1);
    if (same) same.lastDay = span.day;
    else out.push(span);
  }
  return out;
}

/** The spans `next` adds to `before` and the spans it removes (cell by cell: rewriting the same hours is no change). */
export function siteChanges(before: Week, next: Week): SiteChanges {
  const diff = diffWeeks(before, next);
  return { added: spans(diff.added), removed: spans(diff.removed) };
}

export const noChanges = (c: SiteChanges): boolean => c.added.length === 0 && c.removed.length === 0;

/**
 * The start of slot `slot` (0…48; 48 is the end of a day, "24:00"). Schedules use the
 * 24-hour "HH:MM" of the API in every language, so the confirmation reads like the grid,
 * the summary and the review beside it.
 */
export const formatSlot = (slot: number): string => slotTime(slot);

/** A span in words: "Mon 18:00–22:00", "Mon–Fri 08:00–18:00", "Mon–Thu 22:00–02:00 (next day)", "Mon 22:00–Tue 02:00", "Sat–Sun", "all week". */
export function describeSpan({ day, from, length, lastDay }: Span, language: string = $language.get()): string {
  const names = dayNames('short', language);
  const name = (d: number) => names[((d % DAYS) + DAYS) % DAYS]!;
  if (length >= WEEK_SLOTS) return t('schedules.runs.allWeek');
  const end = from + length;
  if (lastDay !== day) {
    const days = t('schedules.runs.dayRange', { first: name(day), last: name(lastDay) });
    const times = { days, from: formatSlot(from), to: formatSlot(end <= SLOTS ? end : end - SLOTS) };
    return t(end <= SLOTS ? 'schedules.runs.within' : 'schedules.runs.overnight', times);
  }
  if (from === 0 && length % SLOTS === 0) {
    const last = day + length / SLOTS - 1;
    return last === day ? name(day) : t('schedules.runs.dayRange', { first: name(day), last: name(last) });
  }
  if (end <= SLOTS) return t('schedules.runs.within', { days: name(day), from: formatSlot(from), to: formatSlot(end) });
  // Ends on a later day; ending at midnight is "24:00" of the day before.
  const endDay = end % SLOTS === 0 ? day + end / SLOTS - 1 : day + Math.floor(end / SLOTS);
  const to = end % SLOTS === 0 ? SLOTS : end % SLOTS;
  return t('schedules.runs.span', { fromDay: name(day), from: formatSlot(from), toDay: name(endDay), to: formatSlot(to) });
}
