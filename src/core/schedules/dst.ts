/**
 * Time zones, honestly: a site's UTC offset now and its next daylight-saving change, found
 * with Intl only (no time-zone database shipped). The search samples the offset once a
 * day over the coming year, then narrows each change down to the minute.
 */
import { t } from '../i18n/i18n.ts';
import { zoneGenericName } from '../i18n/names.ts';
import { formatDay } from '../time/format.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

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

/** Whether this runtime knows `timeZone` (an IANA name such as "Europe/Brussels"). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `at` (+60 for CET). */
export function utcOffset(timeZone: string, at: Date | number): number {
  const ms = Math.floor(Number(at) / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return Math.round((wall - ms) / MINUTE);
}

/** "UTC+01:00", "UTC−04:00", "UTC+05:30". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface DstChange {
  /** The instant of the change. */
  at: Date;
  direction: 'forward' | 'back';
  /** UTC offsets in minutes before and after. */
  offsetBefore: number;
  offsetAfter: number;
  /** Local wall-clock date ("YYYY-MM-DD") and time ("HH:MM") just before the change … */
  localDate: string;
  localTime: string;
  /** … and the wall-clock time the clocks show right after it. */
  localTimeAfter: string;
}

function wall(ms: number): { date: string; time: string } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The next change of `timeZone`'s UTC offset after `from`, within `horizonDays` (a year by
 * default), or null when there is none (no daylight saving, or an unknown zone).
 */
export function nextDstChange(timeZone: string, from: Date | number = Date.now(), horizonDays = 366): DstChange | null {
  if (!isTimeZone(timeZone)) return null;
  const start = Number(from);
  const first = utcOffset(timeZone, start);
  let lo = start;
  let hi = -1;
  for (let day = 1; day <= horizonDays; day++) {
    const probe = start + day * DAY;
    if (utcOffset(timeZone, probe) !== first) {
      hi = probe;
      break;
    }
    lo = probe;
  }
  if (hi < 0) return null;
  // Invariant: offset(lo) = first, offset(hi) ≠ first. Narrow down to the second; changes
  // happen on whole minutes.
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (utcOffset(timeZone, mid) === first) lo = mid;
    else hi = mid;
  }
  const at = Math.floor(hi / MINUTE) * MINUTE;
  const after = utcOffset(timeZone, at);
  const before = wall(at + first * MINUTE);
  return {
    at: new Date(at),
    direction: after > first ? 'forward' : 'back',
    offsetBefore: first,
    offsetAfter: after,
    localDate: before.date,
    localTime: before.time,
    localTimeAfter: wall(at + after * MINUTE).time,
  };
}

/**
 * "Clocks go forward on 29 Mar 2027 02:00 (Central European Time): 02:00 becomes 03:00.", or the
 * "no daylight saving" sentence.
 */
export function describeDstChange(timeZone: string, change: DstChange | null): string {
  if (!change) return t('schedules.time.noDst', { zone: zoneGenericName(timeZone) });
  const date = formatDay(change.localDate);
  const params = { date, time: change.localTime, after: change.localTimeAfter, zone: zoneGenericName(timeZone, change.at) };
  return change.direction === 'forward' ? t('schedules.time.dstForward', params) : t('schedules.time.dstBack', params);
}

/** The IANA zones this runtime knows, sorted (for a time-zone select). */
export function timeZoneNames(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf;
  const names = supported ? supported('timeZone') : [];
  return [...new Set([...names, 'UTC'])].sort();
}

/** The time zone of this browser. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
