/**
 * An activity entry's before and after as people read them: a weekly schedule as the hours
 * added and removed per day ("Saturday 00:00–24:00"), permissions as the ones given and
 * taken, an exception as its days and hours. Values the portal cannot read (a newer
 * server's, a malformed one) give nothing rather than JSON.
 */
import type { ActivityEntry } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { formatDay as formatCalendarDay, formatRange, formatWeekday } from '../time/format.ts';

// Half-hours, like the schedule editors' grid; its own few lines, so the log's page does not
// share (and split) the editors' modules.
const DAYS = 7;
const SLOTS = 48;
type Week = boolean[][];

const slotOf = (hhmm: unknown): number | null => {
  const m = typeof hhmm === 'string' ? /^(\d{2}):(00|30)$/.exec(hhmm) : null;
  const slot = m ? Number(m[1]) * 2 + (m[2] === '30' ? 1 : 0) : NaN;
  return slot >= 0 && slot <= SLOTS ? slot : null;
};
const timeOf = (slot: number): string => `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;

/** Weekday names, Monday first. */
function dayNames(language: string): string[] {
  return Array.from({ length: DAYS }, (_, i) => formatWeekday(i, 'long', language));
}

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

/** The half-hours a logged week secures (a night runs into the next day); null when it cannot be read. */
function weekOf(value: unknown): Week | null {
  if (!value || typeof value !== 'object') return null;
  const days = (value as { days?: unknown }).days ?? [[], [], [], [], [], [], []];
  if (!Array.isArray(days) || days.length !== DAYS) return null;
  const week: Week = Array.from({ length: DAYS }, () => Array<boolean>(SLOTS).fill(false));
  for (const [d, intervals] of days.entries()) {
    if (!Array.isArray(intervals)) return null;
    for (const i of intervals as { from?: unknown; to?: unknown }[]) {
      const from = slotOf(i?.from);
      const to = slotOf(i?.to);
      if (from === null || to === null || from === SLOTS || from === to) return null;
      const length = to > from ? to - from : SLOTS - from + to;
      for (let k = 0; k < length; k++) {
        const at = d * SLOTS + from + k;
        week[Math.floor(at / SLOTS) % DAYS]![at % SLOTS] = true;
      }
    }
  }
  return week;
}

/** The runs of secured half-hours within each day, as "Day HH:MM–HH:MM, HH:MM–HH:MM". */
function perDay(week: Week, language: string = $language.get()): DayHours[] {
  const names = dayNames(language);
  const out: DayHours[] = [];
  week.forEach((cells, day) => {
    const runs: string[] = [];
    for (let slot = 0; slot < SLOTS; slot++) {
      if (!cells[slot] || cells[slot - 1]) continue;
      let end = slot;
      while (end < SLOTS && cells[end]) end++;
      runs.push(formatRange(timeOf(slot), timeOf(end)));
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
  // Cell by cell (as the editors compare weeks): two ways of writing the same hours are no change.
  const added = after.map((cells, d) => cells.map((on, s) => on && !before[d]![s]));
  const removed = before.map((cells, d) => cells.map((on, s) => on && !after[d]![s]));
  return { added: perDay(added, language), removed: perDay(removed, language) };
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
  return formatCalendarDay(day, 'medium', language);
}
