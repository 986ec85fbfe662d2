/**
 * An activity entry's before and after as people read them: a weekly schedule as the hours
 * added and removed per day ("Saturday 00:00–24:00"), permissions as the ones given and
 * taken, an exception as its days and hours. Values the portal cannot read (a newer
 * server's, a malformed one) give nothing rather than JSON.
 */
import type { ActivityEntry } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { daysToWeek } from '../schedules/convert.ts';
import { dayNames } from '../schedules/describe.ts';
import { diffWeeks } from '../schedules/diff.ts';
import { SLOTS, slotTime, type Week } from '../schedules/week.ts';

export interface DayHours {
  /** Monday = 0. */
  day: number;
  /** "Saturday 00:00–24:00" in the applied language's day names. */
  text: string;
}

export interface ScheduleDifference {
  added: DayHours[];
  removed: DayHours[];
}

function weekOf(value: unknown): Week | null {
  if (!value || typeof value !== 'object') return null;
  const days = (value as { days?: unknown }).days;
  try {
    return daysToWeek(days ?? [[], [], [], [], [], [], []]);
  } catch {
    return null;
  }
}

/** The runs of secured half-hours within each day, as "Day HH:MM–HH:MM, HH:MM–HH:MM". */
function perDay(week: Week, language?: string): DayHours[] {
  const names = dayNames('long', language);
  const out: DayHours[] = [];
  week.forEach((cells, day) => {
    const runs: string[] = [];
    for (let slot = 0; slot < SLOTS; slot++) {
      if (!cells[slot] || cells[slot - 1]) continue;
      let end = slot;
      while (end < SLOTS && cells[end]) end++;
      runs.push(`${slotTime(slot)}–${slotTime(end)}`);
    }
    if (runs.length) out.push({ day, text: `${names[day]} ${runs.join(', ')}` });
  });
  return out;
}

/** A `schedule.changed` entry's hours added and removed, per day (Monday first); null when unreadable. */
export function scheduleDifference(entry: Pick<ActivityEntry, 'before' | 'after'>, language?: string): ScheduleDifference | null {
  const before = weekOf(entry.before);
  const after = weekOf(entry.after);
  if (!before || !after) return null;
  const diff = diffWeeks(before, after);
  return { added: perDay(diff.added, language), removed: perDay(diff.removed, language) };
}

/** The time zone a `schedule.changed` entry moved the site to, when it did. */
export function zoneChange(entry: Pick<ActivityEntry, 'before' | 'after'>): { from: string; to: string } | null {
  const zone = (v: unknown) => (v && typeof v === 'object' ? (v as { timezone?: unknown }).timezone : undefined);
  const from = zone(entry.before);
  const to = zone(entry.after);
  return typeof from === 'string' && typeof to === 'string' && from !== to ? { from, to } : null;
}

const permissionsOf = (v: unknown): string[] | null => {
  const list = v && typeof v === 'object' ? (v as { permissions?: unknown }).permissions : undefined;
  return Array.isArray(list) && list.every((p) => typeof p === 'string') ? (list as string[]) : null;
};

/** The permissions an entry gave and took (a member added: all given; removed: all taken). */
export function permissionDifference(entry: Pick<ActivityEntry, 'before' | 'after'>): { added: string[]; removed: string[] } | null {
  const before = permissionsOf(entry.before);
  const after = permissionsOf(entry.after);
  if (!before && !after) return null;
  return {
    added: (after ?? []).filter((p) => !(before ?? []).includes(p)),
    removed: (before ?? []).filter((p) => !(after ?? []).includes(p)),
  };
}

/** What an exception says, as the log keeps it. */
export interface ExceptionValue {
  label: string;
  from: string;
  to: string;
  yearly: boolean;
  secured: 'all' | 'none' | { from: string; to: string }[];
  site?: { uuid: string; name: string };
}

export function exceptionValue(v: unknown): ExceptionValue | null {
  if (!v || typeof v !== 'object') return null;
  const e = v as Partial<ExceptionValue>;
  const securedOk = e.secured === 'all' || e.secured === 'none' || Array.isArray(e.secured);
  return typeof e.label === 'string' && typeof e.from === 'string' && typeof e.to === 'string' && securedOk ? (e as ExceptionValue) : null;
}

/** A boolean switch's value (`{required}`), or null. */
export function switchedTo(v: unknown): boolean | null {
  const r = v && typeof v === 'object' ? (v as { required?: unknown }).required : undefined;
  return typeof r === 'boolean' ? r : null;
}

/** An evacuation entry's mode. */
export function modeOf(v: unknown): 'real' | 'drill' | null {
  const m = v && typeof v === 'object' ? (v as { mode?: unknown }).mode : undefined;
  return m === 'real' || m === 'drill' ? m : null;
}

/** The category of a type (`schedule.changed` → `schedule`). */
export const categoryOf = (type: string): string => type.split('.')[0] ?? type;

/** A site-local day ("2027-04-05") as a date alone, in the applied language ("Apr 5, 2027"). */
export function formatDay(day: string, language: string = $language.get()): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}
