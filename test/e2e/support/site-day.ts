/**
 * A moment on a site's clock reads as the time alone when it is today there, else with its
 * date ("Nov 28, 2026, 23:35"). A test that shows a moment from a few minutes ago must
 * expect the date when the site's midnight came in between, or it fails for those minutes
 * every day.
 */

const DATED = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}, ';

/** The site-local day of an instant ("2026-11-28"). */
const dayAt = (at: number, timeZone: string): string => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * The pattern of the date part that a moment shown on a site's clock carries: none, the
 * date, or either when the site's midnight fell while the screen may have been drawn.
 * @param moments the moment shown, or the earliest and latest it may be
 * @param shownBetween the earliest and latest instant the screen may have been drawn
 */
export function datePart(moments: readonly number[], shownBetween: readonly number[], timeZone = 'Europe/Brussels'): string {
  const sameDay = moments.flatMap((m) => shownBetween.map((at) => dayAt(m, timeZone) === dayAt(at, timeZone)));
  if (sameDay.every(Boolean)) return '';
  if (!sameDay.some(Boolean)) return DATED;
  return `(?:${DATED})?`;
}
