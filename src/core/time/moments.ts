/**
 * The one rule for a moment the screens show (an evacuation started, a status confirmed, an
 * incident's alert, live updates last confirmed): the time alone when it is today, else the
 * date and the time; never seconds. In the language's one clock (format.ts).
 */
import { formatAt, toDate } from './format.ts';

/** `at` as an ISO time or ms since the epoch; '' when missing or unreadable. */
export function formatMoment(at: string | number | null | undefined, now = new Date()): string {
  const d = toDate(at);
  if (!d) return '';
  return formatAt(d, sameDay(d, now) ? 'time' : 'medium');
}

/**
 * A moment for a sentence: the text of formatMoment and the i18n context that picks the
 * sentence's wording, since languages phrase a time and a date differently ("ended at 14:11"
 * but "ended on 24 Nov 2026, 14:11"; "depuis 14:11" but "depuis le 24 nov."). A message that
 * interpolates a moment has a `_day` variant for a moment that is not today.
 */
export function momentParams(at: string | number | null | undefined, now = new Date()): { time: string; context?: 'day' } {
  const d = toDate(at);
  const time = formatMoment(at, now);
  return d && !sameDay(d, now) ? { time, context: 'day' } : { time };
}

const sameDay = (d: Date, now: Date): boolean =>
  d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
