/**
 * One clock per event (docs/product.md#times): an incident, an evacuation or a camera image
 * happened at a site, so its time is told in the site's zone, with the zone named ("10:31
 * EST"); a viewer elsewhere also gets their own clock ("16:31 GMT+1"), beside it or on
 * hover. Every time goes through the portal's one formatter (format.ts: the 24-hour clock
 * in every language), so a page never shows "6:04 AM" beside "06:00".
 */
import { $language } from '../i18n/languages.ts';
import { dayIn, formatAt, toDate, zoneNameAt } from './format.ts';

export interface SiteMoment {
  /** The time in the site's zone, with the date unless it is today there: "10:31", "21 Nov 2026, 10:31". */
  text: string;
  /** The site zone's short name in the page's language: "EST", "GMT-5", "MEZ". */
  zone: string;
  /** `text` and `zone` together, as one reads them. */
  label: string;
  /** The viewer's own clock, zone named ("16:31 GMT+1"), only when it reads differently. */
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

// Both answers below cost a new Intl.DateTimeFormat, which takes longer than formatting a
// whole row: an inbox of 50 rows asked them a few hundred times per render. They are
// asked once. (The browser's zone is read once, as format.ts's formatters without a zone
// also keep the zone they were made in.)
let viewerZone: string | undefined;
const zoneChecks = new Map<string, string | undefined>();

/** The browser's own IANA zone. */
export function viewerTimeZone(): string {
  return (viewerZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** A zone Intl knows, else undefined (an older server, a typo). */
function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  if (!zoneChecks.has(timeZone)) zoneChecks.set(timeZone, checkedZone(timeZone));
  return zoneChecks.get(timeZone);
}

function checkedZone(timeZone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/**
 * The clock (and date) of `d` in `timeZone`, and that zone's short name, in the portal's one
 * style (format.ts); the zone comes apart, as `label` joins it and `text` goes without.
 */
function clock(d: Date, timeZone: string, locale: string, date: 'time' | 'always' | 'full'): { text: string; zone: string } {
  const text = formatAt(d, date === 'time' ? 'time' : date === 'full' ? 'full' : 'medium', { timeZone, locale });
  return { text, zone: zoneNameAt(d, timeZone, locale) };
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
  // Each clock is two formatToParts, and a list asks for every row's on each render: the
  // site's time-only clock is `site` when that has no date, and the viewer's clock is asked
  // for with a date only when it reads differently and needs one.
  const siteClock = siteDate === 'time' ? site : clock(d, zone, locale, 'time');
  const sameClock = clock(d, viewer, locale, 'time');
  if (sameClock.text === siteClock.text && sameClock.zone === siteClock.zone) return moment;
  // The viewer's clock carries a date whenever the site's does, or when the day differs there.
  const viewerDate = siteDate === 'time' && dayIn(d, viewer) === dayIn(d, zone) ? 'time' : siteDate === 'full' ? 'full' : 'always';
  const own = viewerDate === 'time' ? sameClock : clock(d, viewer, locale, viewerDate);
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
