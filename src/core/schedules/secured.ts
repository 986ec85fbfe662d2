/**
 * Whether a site is secured (monitored) at an instant, and when that next changes, read from
 * its weekly security-hours schedule in the site's own time zone. The ONE place that answers
 * "secured now?": every screen that says it calls {@link securedAt}, so that rules added
 * later (date exceptions) change every answer at once.
 *
 * Exact across daylight-saving changes: the week's half-hours are local wall-clock times,
 * so an hour the clocks skip is never secured or unsecured on its own, and an hour they
 * repeat is read twice with the same cells. The next change is found by jumping from one
 * change of the week's cells to the next, checking the zone's offset at each jump; where
 * the offset changed on the way, the instant of that change is found (to the second) and
 * the walk goes on from there.
 *
 * Self-contained on purpose (it reads the week the way convert.ts and dst.ts do, and the
 * tests hold it to the same instants): the home and project pages that show it then share
 * no code with the schedule editor's pages, whose chunks stay as they are.
 */
const MINUTE = 60_000;
const SLOT_MS = 30 * MINUTE;
const DAY_MS = 24 * 60 * MINUTE;
const SLOTS = 48;
const WEEK_SLOTS = 7 * SLOTS;

/** `week[flat index]`: 7 days × 48 half-hours of local time, Monday 00:00 first. */
type Week = readonly boolean[];

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

function isTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `at` (read per whole second). */
function utcOffset(timeZone: string, at: number): number {
  const ms = Math.floor(at / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return Math.round((wall - ms) / MINUTE);
}

/** The half-hour "HH:MM" starts (0…48, 48 = "24:00"), or null when it is not one. */
function slotOf(hhmm: unknown): number | null {
  const m = typeof hhmm === 'string' ? /^(\d{2}):(00|30)$/.exec(hhmm) : null;
  if (!m) return null;
  const slot = Number(m[1]) * 2 + (m[2] === '30' ? 1 : 0);
  return slot <= SLOTS ? slot : null;
}

/**
 * The API's week (seven days, Monday first, `{from, to}` on half hours; `to` <= `from`
 * crosses midnight into the next day, Sunday into Monday) as cells; null when malformed.
 */
function readWeek(days: unknown): Week | null {
  if (!Array.isArray(days) || days.length !== 7) return null;
  const week = Array<boolean>(WEEK_SLOTS).fill(false);
  for (let d = 0; d < 7; d++) {
    const intervals: unknown = days[d];
    if (!Array.isArray(intervals)) return null;
    for (const interval of intervals as { from?: unknown; to?: unknown }[]) {
      const from = slotOf(interval?.from);
      const to = slotOf(interval?.to);
      if (from === null || to === null || from === SLOTS || from === to) return null;
      const length = to > from ? to - from : SLOTS - from + to;
      for (let k = 0; k < length; k++) week[(d * SLOTS + from + k) % WEEK_SLOTS] = true;
    }
  }
  return week;
}

/** The next change of a site's secured state. */
export interface SecuredChange {
  /** The instant it changes. */
  at: Date;
  /** The site's wall-clock time then, "HH:MM". */
  time: string;
  /** The site's weekday then, 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** Site-local days from the asked instant's date to the change's date (0 = the same day). */
  daysAhead: number;
}

export interface SecuredState {
  secured: boolean;
  /** When the state changes next; null when it never does (no hours at all, or the whole week). */
  next: SecuredChange | null;
}

/** What {@link securedAt} reads of a schedule: the week's days, Monday first, as the API sends them. */
export interface WeeklySchedule {
  days: unknown;
}

/** Site-local wall-clock milliseconds since 1970-01-01 (Thursday) 00:00 at `at`. */
const wallAt = (timeZone: string, at: number): number => at + utcOffset(timeZone, at) * MINUTE;

/** Monday = 0: 1970-01-01 was a Thursday (3). */
const weekdayOf = (wall: number): number => (Math.floor(wall / DAY_MS) + 3) % 7;

/** The week's cell (flat index 0…335) holding wall-clock time `wall`. */
const cellOf = (wall: number): number => weekdayOf(wall) * SLOTS + Math.floor((wall % DAY_MS) / SLOT_MS);

const isSecured = (week: Week, index: number): boolean => week[((index % WEEK_SLOTS) + WEEK_SLOTS) % WEEK_SLOTS]!;

/** The first instant in (lo, hi] where the zone's offset differs from its offset at lo (to the second). */
function offsetChangeIn(timeZone: string, lo: number, hi: number): number {
  const first = utcOffset(timeZone, lo);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (utcOffset(timeZone, mid) === first) lo = mid;
    else hi = mid;
  }
  // Offsets are read per whole second, so the change is at the second hi falls in.
  return Math.floor(hi / 1000) * 1000;
}

function hhmm(wall: number): string {
  const minutes = Math.floor((wall % DAY_MS) / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Whether the site with weekly `schedule` in `timeZone` is secured at `instant`, and when
 * that changes next. Null when the time zone is unknown or the schedule is not a valid week
 * (then nothing about security hours can be said honestly).
 */
export function securedAt(schedule: WeeklySchedule, timeZone: string, instant: Date | number): SecuredState | null {
  if (!isTimeZone(timeZone)) return null;
  const week = readWeek(schedule.days);
  if (!week) return null;
  const start = Number(instant);
  const startWall = wallAt(timeZone, start);
  const secured = isSecured(week, cellOf(startWall));

  let t = start;
  let wall = startWall;
  // Each pass either finds the change or passes an offset change; a zone changes its offset
  // a few times a year at most, so a handful of passes covers a week and more.
  for (let pass = 0; pass < 8; pass++) {
    // The wall-clock distance to the next cell of the other state, scanning one week ahead.
    const cell = cellOf(wall);
    let k = 1;
    while (k <= WEEK_SLOTS && isSecured(week, cell + k) === secured) k++;
    if (k > WEEK_SLOTS) return { secured, next: null };
    const boundary = Math.floor(wall / SLOT_MS) * SLOT_MS + k * SLOT_MS;
    const candidate = t + (boundary - wall);
    if (utcOffset(timeZone, candidate) === utcOffset(timeZone, t)) return { secured, next: change(timeZone, startWall, candidate) };
    // The clocks change before that: go on from the instant they do.
    t = offsetChangeIn(timeZone, t, candidate);
    wall = wallAt(timeZone, t);
    if (isSecured(week, cellOf(wall)) !== secured) return { secured, next: change(timeZone, startWall, t) };
  }
  return { secured, next: null };
}

function change(timeZone: string, startWall: number, at: number): SecuredChange {
  const wall = wallAt(timeZone, at);
  return {
    at: new Date(at),
    time: hhmm(wall),
    weekday: weekdayOf(wall),
    daysAhead: Math.floor(wall / DAY_MS) - Math.floor(startWall / DAY_MS),
  };
}
