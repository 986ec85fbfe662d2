/**
 * A time zone's wall clock, read with the browser's own zone data: the offset from UTC at an
 * instant, the instant the offset next changes (daylight saving), and the local time and
 * weekday as plain numbers. What secured.ts walks the week with; self-contained like it.
 * dst.ts keeps its own offset reading on purpose: importing this module from the schedule
 * editor too made it a chunk of its own, 0.2-0.3 KB gz more on three pages (over budget).
 */
const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall-clock formatter; throws for a zone this runtime does not know. */
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether this runtime knows the zone (an empty name is none). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `at` (read per whole second). */
export function utcOffset(timeZone: string, at: number): number {
  const ms = Math.floor(at / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return Math.round((wall - ms) / MINUTE);
}

/** Site-local wall-clock milliseconds since 1970-01-01 (Thursday) 00:00 at `at`. */
export const wallAt = (timeZone: string, at: number): number => at + utcOffset(timeZone, at) * MINUTE;

/** Monday = 0: 1970-01-01 was a Thursday (3). */
export const weekdayOf = (wall: number): number => (Math.floor(wall / DAY_MS) + 3) % 7;

/** The first instant in (lo, hi] where the zone's offset differs from its offset at lo (to the second). */
export function offsetChangeIn(timeZone: string, lo: number, hi: number): number {
  const first = utcOffset(timeZone, lo);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (utcOffset(timeZone, mid) === first) lo = mid;
    else hi = mid;
  }
  // Offsets are read per whole second, so the change is at the second hi falls in.
  return Math.floor(hi / 1000) * 1000;
}
