/**
 * One clock per event (docs/product.md#times): an incident, an evacuation or a camera image
 * happened at a site, so its time is told in the site's zone, with the zone named ("10:31 AM
 * EST"); a viewer elsewhere also gets their own clock ("4:31 PM GMT+1"), beside it or on
 * hover. Every time goes through the language's own convention (Intl picks 24 h or 12 h
 * from the locale), so a page never shows "6:04 AM" beside "06:00".
 */
import { $language } from '../i18n/languages.ts';

export interface SiteMoment {
  /** The time in the site's zone, with the date unless it is today there: "10:31 AM", "21 Nov 2026, 10:31". */
  text: string;
  /** The site zone's short name in the page's language: "EST", "GMT-5", "MEZ". */
  zone: string;
  /** `text` and `zone` together, as one reads them. */
  label: string;
  /** The viewer's own clock, zone named ("4:31 PM GMT+1"), only when it reads differently. */
  viewerText?: string;
}

export interface SiteMomentOptions {
  /** 'auto' (default): the date only when it is not today in the site's zone; 'always'; 'full': weekday and long date. */
  date?: 'auto' | 'always' | 'full';
  now?: number | Date;
  /** The viewer's zone (default: the browser's). */
  viewerZone?: string;
  /** The language (default: the page's). */
  locale?: string;
}

/** The browser's own IANA zone. */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A zone Intl knows, else undefined (an older server, a typo). */
function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The calendar day of `d` in `timeZone` ("2026-11-21"). */
function dayIn(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * The clock (and date) of `d` in `timeZone`, and that zone's short name. The same styles as
 * every other date of the portal (formatDateTime: a medium date, a short time, the hour
 * cycle of the locale); the zone comes apart, as date and time styles cannot name it.
 */
function clock(d: Date, timeZone: string, locale: string, date: 'time' | 'always' | 'full'): { text: string; zone: string } {
  const dateStyle = date === 'time' ? {} : { dateStyle: date === 'full' ? ('full' as const) : ('medium' as const) };
  const text = new Intl.DateTimeFormat(locale, { ...dateStyle, timeStyle: 'short', timeZone }).format(d);
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ??
    '';
  return { text, zone };
}

function toDate(at: string | number | Date | null | undefined): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * `at` at the site: its clock in `timeZone` with the zone named, and the viewer's own clock
 * when it reads differently (another offset at that moment). Without a known site zone the
 * viewer's zone stands in (named, no second clock). null when `at` is missing or unreadable.
 */
export function formatSiteMoment(
  at: string | number | Date | null | undefined,
  timeZone: string | null | undefined,
  options: SiteMomentOptions = {},
): SiteMoment | null {
  const d = toDate(at);
  if (!d) return null;
  const locale = options.locale ?? $language.get();
  const viewer = knownZone(options.viewerZone) ?? viewerTimeZone();
  const zone = knownZone(timeZone) ?? viewer;
  const now = toDate(options.now ?? Date.now()) ?? new Date();
  const mode = options.date ?? 'auto';
  const siteDate = mode === 'auto' ? (dayIn(d, zone) === dayIn(now, zone) ? 'time' : 'always') : mode;
  const site = clock(d, zone, locale, siteDate);
  const moment: SiteMoment = { text: site.text, zone: site.zone, label: joined(site) };
  if (zone === viewer) return moment;
  // The viewer's clock carries a date whenever the site's does, or when the day differs there.
  const viewerDate = siteDate === 'time' && dayIn(d, viewer) === dayIn(d, zone) ? 'time' : siteDate === 'full' ? 'full' : 'always';
  const own = clock(d, viewer, locale, viewerDate);
  const sameClock = clock(d, viewer, locale, 'time');
  const siteClock = clock(d, zone, locale, 'time');
  if (sameClock.text === siteClock.text && sameClock.zone === siteClock.zone) return moment;
  return { ...moment, viewerText: joined(own) };
}

const joined = ({ text, zone }: { text: string; zone: string }) => (zone ? `${text} ${zone}` : text);

/**
 * A site's moment for a sentence ("since {{time}}"): the label with its zone, and the i18n
 * context `day` when it carries a date (messages with a moment have a `_day` variant, see
 * moments.ts). `viewer` is the viewer's own clock, for a title.
 */
export function siteMomentParams(
  at: string | number | null | undefined,
  timeZone: string | null | undefined,
  now: number | Date = Date.now(),
): { time: string; context?: 'day'; viewer?: string } {
  const m = formatSiteMoment(at, timeZone, { now });
  if (!m) return { time: '' };
  const d = new Date(at as string | number);
  const zone = knownZone(timeZone) ?? viewerTimeZone();
  const today = dayIn(d, zone) === dayIn(toDate(now) ?? new Date(), zone);
  return { time: m.label, ...(today ? {} : { context: 'day' as const }), ...(m.viewerText ? { viewer: m.viewerText } : {}) };
}

/**
 * A wall-clock time of a schedule ("18:00", "24:00") in the language's convention ("6:00 PM"
 * in English), so the hours a schedule names read like every other time on the page.
 */
export function formatWallClock(hhmm: string, locale: string = $language.get()): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]) % 24;
  const minutes = Number(match[2]);
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 5, hours, minutes));
}
