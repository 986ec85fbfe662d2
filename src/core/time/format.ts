/**
 * The one formatter of times and dates on screen (docs/product.md#times): every clock, moment,
 * range and "3 min ago" of the portal comes from here, so one page never mixes "6:04 AM" with
 * "06:00". One pattern (docs/product.md#times):
 * - every language reads the 24-hour clock with two-digit hours ("06:04", "18:30"), English
 *   included: it is how the schedules, their "24:00", the API and a control room write hours,
 *   so a schedule's time and a moment's time never read differently on one page;
 * - a date is the language's own medium date ("Nov 22, 2026", "22.11.2026", "22 nov. 2026"),
 *   never seconds; a zone, when named, is its short name after the time ("06:04 MEZ").
 * No React here, and small: i18n's catalogue code does not carry it, the chunks that show
 * times do.
 */
import { intl } from '../i18n/intl.ts';
import { $language } from '../i18n/languages.ts';

export type At = string | number | Date | null | undefined;

export interface ClockOptions {
  /** Read the moment in this IANA zone (default: the viewer's). */
  timeZone?: string | undefined;
  /** Add the zone's short name after the time ("14:05 MEZ"). */
  zoneName?: boolean | undefined;
  /** The language (default: the page's). */
  locale?: string | undefined;
}

/** What a moment shows: the time alone, a medium date and the time, or the full date (a detail page). */
export type MomentStyle = 'time' | 'medium' | 'full';

/** A Date from an ISO time, ms since the epoch or a Date; null when missing or unreadable. */
export function toDate(at: At): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** One day formatter per zone: making one costs far more than using it, and every moment on screen asks twice. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `d` in `timeZone` (default: the viewer's), as "2026-11-21". */
export function dayIn(d: Date, timeZone?: string): string {
  let f = dayFormatters.get(timeZone ?? '');
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { ...(timeZone ? { timeZone } : {}), year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone ?? '', f);
  }
  return f.format(d);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: MomentStyle | 'zone' | 'weekday-short' | 'weekday-long', timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    const zone = timeZone ? { timeZone } : {};
    const options: Intl.DateTimeFormatOptions =
      style === 'zone'
        ? { timeZoneName: 'short', ...zone }
        : style === 'weekday-short' || style === 'weekday-long'
          ? { weekday: style === 'weekday-short' ? 'short' : 'long', ...zone }
          : { ...(style === 'time' ? {} : { dateStyle: style }), timeStyle: 'short', hourCycle: 'h23', ...zone };
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/** The formatted moment, its hour always two digits (Spanish would write "9:05"). */
/**
 * Makes the viewer's clock formatter ahead of its first use: the first one a page makes
 * costs tens of milliseconds (the browser's locale data), better spent while an answer is
 * on its way than in the render that shows it.
 */
export function warmClock(): void {
  formatter($language.get(), 'time');
}

function clockText(f: Intl.DateTimeFormat, d: Date): string {
  return f
    .formatToParts(d)
    .map((p) => (p.type === 'hour' && p.value.length === 1 ? `0${p.value}` : p.value))
    .join('');
}

/** The short name of `timeZone` (or the viewer's) at `d` in the language: "EST", "MEZ", "GMT+1". */
export function zoneNameAt(d: Date, timeZone?: string, locale: string = $language.get()): string {
  return (
    formatter(locale, 'zone', timeZone)
      .formatToParts(d)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** `at` in the given style ('' when missing or unreadable), the zone named when asked. */
export function formatAt(at: At, style: MomentStyle, options: ClockOptions = {}): string {
  const d = toDate(at);
  if (!d) return '';
  const locale = options.locale ?? $language.get();
  const text = clockText(formatter(locale, style, options.timeZone), d);
  if (!options.zoneName) return text;
  const zone = zoneNameAt(d, options.timeZone, locale);
  return zone ? `${text} ${zone}` : text;
}

/** The time alone: "06:04". */
export function formatTime(at: At, options: ClockOptions = {}): string {
  return formatAt(at, 'time', options);
}

/** A moment with its date: "Nov 22, 2026, 23:59", "22.11.2026, 23:59". */
export function formatDateTime(at: At, options: ClockOptions = {}): string {
  return formatAt(at, 'medium', options);
}

/**
 * A wall-clock time as schedules and the API write it ("8:00", "18:00", "24:00": midnight at
 * a day's end) in the one clock: "08:00", "18:00", "24:00"; anything else as given.
 */
export function formatWallClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match || Number(match[1]) > 24 || Number(match[2]) > 59) return hhmm;
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/**
 * From one time to another: "08:00–18:00" for wall-clock times, "22.11.2026, 06:04–18:30" for two
 * moments of one day; two moments on different days each keep their date, " – " between them.
 */
export function formatRange(from: At | string, to: At | string, options: ClockOptions = {}): string {
  const wall = (x: unknown): x is string => typeof x === 'string' && /^\d{1,2}:\d{2}$/.test(x);
  if (wall(from) && wall(to)) return `${formatWallClock(from)}–${formatWallClock(to)}`;
  const a = toDate(from);
  const b = toDate(to);
  if (!a || !b) return formatDateTime(a ?? b, options);
  const sameDay = dayIn(a, options.timeZone) === dayIn(b, options.timeZone);
  if (sameDay) return `${formatDateTime(a, { ...options, zoneName: false })}–${formatTime(b, options)}`;
  return `${formatDateTime(a, { ...options, zoneName: false })} – ${formatDateTime(b, options)}`;
}

/**
 * How long ago, in the language's own words, for what is live ("12 sec. ago" is the one place
 * seconds appear): seconds under a minute, then minutes, then hours, then days.
 */
export function formatRelative(secondsAgo: number, locale: string = $language.get()): string {
  const s = Math.max(0, Math.floor(secondsAgo));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.floor(s / 60), 'minute']
        : s < 86_400
          ? [Math.floor(s / 3600), 'hour']
          : [Math.floor(s / 86_400), 'day'];
  return intl(Intl.RelativeTimeFormat, locale, { style: 'short', numeric: 'always' }).format(-value, unit);
}

/** "Mon" (or "Monday") in the language, for weekday 0 = Monday … 6 = Sunday. */
export function formatWeekday(weekday: number, width: 'short' | 'long' = 'short', locale: string = $language.get()): string {
  // 5 January 1970 was a Monday.
  return formatter(locale, width === 'short' ? 'weekday-short' : 'weekday-long', 'UTC').format(Date.UTC(1970, 0, 5 + weekday));
}

/**
 * A calendar day as schedules and exceptions write it ("2027-04-05", site-local) as a date
 * alone: 'medium' ("Apr 5, 2027", "05.04.2027"), or 'weekday' ("Mon, Apr 5, 2027") for a list of days.
 */
export function formatDay(day: string, style: 'medium' | 'weekday' = 'medium', locale: string = $language.get()): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime())) return day;
  const options: Intl.DateTimeFormatOptions =
    style === 'medium' ? { dateStyle: 'medium' } : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(d);
}
