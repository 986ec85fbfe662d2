/**
 * Whether a site is secured (monitored) at an instant, and when that next changes, read from
 * its weekly security-hours schedule in the site's own time zone. The ONE place that answers
 * "secured now?": every screen that says it calls {@link securedAt}, so a date exception
 * (a holiday, a one-off closure) changes every answer at once.
 *
 * Precedence, day by day in the site's zone: a one-off exception covering the day, else a
 * yearly one, else the weekly schedule. An exception governs its whole days, 00:00 to
 * 24:00 local: weekly hours crossing midnight into such a day end at midnight. A yearly
 * exception repeats from its first date on, by month and day; one on 29 February happens
 * only in leap years.
 *
 * Exact across daylight-saving changes: the week's half-hours are local wall-clock times,
 * so an hour the clocks skip is never secured or unsecured on its own, and an hour they
 * repeat is read twice with the same cells. The next change is found by jumping from one
 * change of the week's cells to the next, checking the zone's offset at each jump; where
 * the offset changed on the way, the instant of that change is found (to the second) and
 * the walk goes on from there.
 *
 * Self-contained on purpose, with its zone arithmetic in zone-clock.ts (it reads the week
 * the way convert.ts and dst.ts do, and the tests hold it to the same instants): the home
 * and project pages that show it then share no code with the schedule editor's pages, whose
 * chunks stay as they are.
 */
import { isTimeZone, offsetChangeIn, utcOffset, wallAt, weekdayOf } from './zone-clock.ts';

const MINUTE = 60_000;
const SLOT_MS = 30 * MINUTE;
const DAY_MS = 24 * 60 * MINUTE;
const SLOTS = 48;
const WEEK_SLOTS = 7 * SLOTS;

/** `week[flat index]`: 7 days × 48 half-hours of local time, Monday 00:00 first. */
type Week = readonly boolean[];

/** The half-hour "HH:MM" starts (0…48, 48 = "24:00"), or null when it is not one. */
function slotOf(hhmm: unknown): number | null {
  const m = typeof hhmm === 'string' ? /^(\d{2}):(00|30)$/.exec(hhmm) : null;
  if (!m) return null;
  const slot = Number(m[1]) * 2 + (m[2] === '30' ? 1 : 0);
  return slot <= SLOTS ? slot : null;
}

/**
 * The API's week (seven days, Monday first, `{from, to}` on half hours; `to` <= `from`
 * crosses midnight into the next day, Sunday into Monday) as cells, Monday 00:00 first
 * (what crosses midnight counted on the next day); null when malformed.
 */
export function readWeek(days: unknown): Week | null {
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
  /** The label of the exception governing the instant ("Christmas Day"); absent when the weekly schedule does. */
  exception?: string;
  /** When the state changes next; null when it never does (no hours at all, or the whole week). */
  next: SecuredChange | null;
}

/** What {@link securedAt} reads of a schedule: the week's days, Monday first, as the API sends them. */
export interface WeeklySchedule {
  days: unknown;
  /** The site's date exceptions (holidays, one-off days); none when absent. */
  exceptions?: unknown;
}

/** What {@link securedAt} reads of an exception (the API's shape; the uuid and the rest are not needed). */
export interface ExceptionLike {
  from: string;
  to: string;
  yearly?: boolean;
  label?: string;
  /** 'all', 'none', or the day's own intervals `{from, to}` (within the day, `to` may be "24:00"). */
  secured: unknown;
}

/** An exception as read: its days (days since 1970-01-01), month-day span and the 48 cells of each of its days. */
interface Rule {
  first: number;
  last: number;
  yearly: boolean;
  /** month * 100 + day of the first and last day (yearly ones). */
  mdFrom: number;
  mdTo: number;
  cells: boolean[];
  label: string;
}

/** Days since 1970-01-01 of "YYYY-MM-DD", or NaN when it is not a real date. */
export function dayNumber(date: unknown): number {
  const m = typeof date === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? ms / DAY_MS : NaN;
}

/** month * 100 + day of a day number. */
const monthDay = (n: number): number => {
  const d = new Date(n * DAY_MS);
  return (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

function readRule(e: ExceptionLike): Rule | null {
  const first = dayNumber(e?.from);
  const last = dayNumber(e?.to);
  if (!(first <= last) || last - first > 366) return null;
  const cells = Array<boolean>(SLOTS).fill(e.secured === 'all');
  if (Array.isArray(e.secured)) {
    for (const interval of e.secured as { from?: unknown; to?: unknown }[]) {
      const from = slotOf(interval?.from);
      const to = slotOf(interval?.to);
      if (from === null || to === null || from >= to) return null;
      cells.fill(true, from, to);
    }
  } else if (e.secured !== 'all' && e.secured !== 'none') return null;
  return { first, last, yearly: !!e.yearly, mdFrom: monthDay(first), mdTo: monthDay(last), cells, label: String(e.label ?? '') };
}

/** The readable exceptions; malformed ones are left out. */
function readRules(exceptions: unknown): Rule[] {
  return Array.isArray(exceptions) ? (exceptions as ExceptionLike[]).map(readRule).filter((r): r is Rule => r !== null) : [];
}

/** The exception governing day `n` (days since 1970-01-01): a one-off over a yearly one; null for the weekly schedule. */
function ruleOn(rules: readonly Rule[], n: number): Rule | null {
  let yearly: Rule | null = null;
  for (const r of rules) {
    if (!r.yearly) {
      if (n >= r.first && n <= r.last) return r;
    } else if (!yearly && n >= r.first) {
      const md = monthDay(n);
      if (r.mdFrom <= r.mdTo ? md >= r.mdFrom && md <= r.mdTo : md >= r.mdFrom || md <= r.mdTo) yearly = r;
    }
  }
  return yearly;
}

/**
 * The exception (of `exceptions`, as the API sends them) governing the site-local date
 * "YYYY-MM-DD", with its 48 half-hour cells; null when the weekly schedule does.
 */
export function exceptionOn<E extends ExceptionLike>(exceptions: readonly E[], date: string): { exception: E; cells: boolean[] } | null {
  const rules = exceptions.map(readRule);
  const rule = ruleOn(
    rules.filter((r): r is Rule => r !== null),
    dayNumber(date),
  );
  return rule ? { exception: exceptions[rules.indexOf(rule)]!, cells: rule.cells } : null;
}

const isSecured = (week: Week, index: number): boolean => week[((index % WEEK_SLOTS) + WEEK_SLOTS) % WEEK_SLOTS]!;

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
  // Screens ask again on every render with the same answer and minute: the walk below (up to
  // a year of half-hours, each offset read through Intl) is done once per schedule and instant.
  const at = Number(instant);
  const last = answered.get(schedule);
  if (last && last.timeZone === timeZone && last.at === at) return last.state;
  const state = readSecuredAt(schedule, timeZone, at);
  answered.set(schedule, { timeZone, at, state });
  return state;
}

/** The last answer of {@link securedAt} per schedule object (answers are never changed in place). */
const answered = new WeakMap<WeeklySchedule, { timeZone: string; at: number; state: SecuredState | null }>();

function readSecuredAt(schedule: WeeklySchedule, timeZone: string, instant: number): SecuredState | null {
  if (!isTimeZone(timeZone)) return null;
  const week = readWeek(schedule.days);
  if (!week) return null;
  const rules = readRules(schedule.exceptions);
  const days = new Map<number, Rule | null>();
  /** Whether the absolute wall-clock half-hour `s` (since 1970-01-01 00:00 local) is secured. */
  const at = (s: number): boolean => {
    const n = Math.floor(s / SLOTS);
    let rule = days.get(n);
    if (rule === undefined) days.set(n, (rule = rules.length ? ruleOn(rules, n) : null));
    return rule ? rule.cells[s - n * SLOTS]! : isSecured(week, s + 3 * SLOTS);
  };
  const start = Number(instant);
  const startWall = wallAt(timeZone, start);
  const secured = at(Math.floor(startWall / SLOT_MS));
  const label = rules.length ? ruleOn(rules, Math.floor(startWall / DAY_MS))?.label : undefined;
  const state = (next: SecuredChange | null): SecuredState =>
    label === undefined ? { secured, next } : { secured, exception: label, next };

  let t = start;
  let wall = startWall;
  // Each pass either finds the change or passes an offset change; a zone changes its offset
  // a few times a year at most, so a handful of passes covers the horizon.
  for (let pass = 0; pass < 12; pass++) {
    // The wall-clock distance to the next half-hour of the other state, scanning a week
    // ahead, or a year and a day when there are exceptions (a yearly one comes round by then).
    const cell = Math.floor(wall / SLOT_MS);
    const horizon = rules.length ? 367 * SLOTS : WEEK_SLOTS;
    let k = 1;
    while (k <= horizon && at(cell + k) === secured) k++;
    if (k > horizon) return state(null);
    const boundary = (cell + k) * SLOT_MS;
    const candidate = t + (boundary - wall);
    if (utcOffset(timeZone, candidate) === utcOffset(timeZone, t)) return state(change(timeZone, startWall, candidate));
    // The clocks change before that: go on from the instant they do.
    t = offsetChangeIn(timeZone, t, candidate);
    wall = wallAt(timeZone, t);
    if (at(Math.floor(wall / SLOT_MS)) !== secured) return state(change(timeZone, startWall, t));
  }
  return state(null);
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
