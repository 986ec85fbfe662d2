/**
 * The editable form of a security-hours schedule: a week of 7 days (Monday first) × 48
 * half-hours, `true` where the site is secured (monitored). Slot `s` of a day covers
 * `s × 30` to `s × 30 + 30` minutes of local site time, so slot 0 is 00:00–00:30 and
 * slot 47 is 23:30–24:00.
 *
 * Weeks are immutable: every change makes a new outer array and new arrays for the days
 * that changed only, so a day that did not change keeps its identity (cheap re-renders).
 */

export const DAYS = 7;
export const SLOTS = 48;
export const WEEK_SLOTS = DAYS * SLOTS;

/** `week[day][slot]`; day 0 = Monday, slot 0 = 00:00–00:30. */
export type Week = readonly (readonly boolean[])[];

/** One half-hour of the week. */
export interface Cell {
  day: number;
  slot: number;
}

export function emptyWeek(): Week {
  return Array.from({ length: DAYS }, () => Array<boolean>(SLOTS).fill(false));
}

export function fullWeek(): Week {
  return Array.from({ length: DAYS }, () => Array<boolean>(SLOTS).fill(true));
}

/** Builds a week from a predicate on (day, slot). */
export function weekFrom(secured: (day: number, slot: number) => boolean): Week {
  return Array.from({ length: DAYS }, (_, day) => Array.from({ length: SLOTS }, (_, slot) => secured(day, slot)));
}

export function weeksEqual(a: Week, b: Week): boolean {
  if (a === b) return true;
  for (let d = 0; d < DAYS; d++) {
    const x = a[d]!;
    const y = b[d]!;
    if (x === y) continue;
    for (let s = 0; s < SLOTS; s++) if (x[s] !== y[s]) return false;
  }
  return true;
}

/** "HH:MM" at the start of slot `slot` (0…48; 48 is "24:00"). */
export function slotTime(slot: number): string {
  const minutes = slot * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
}

/** The slot starting at "HH:MM" (0…48), or null when it is not an exact half hour in 00:00–24:00. */
export function timeSlot(hhmm: string): number | null {
  const m = /^(\d{2}):(00|30)$/.exec(hhmm);
  if (!m) return null;
  const slot = Number(m[1]) * 2 + (m[2] === '30' ? 1 : 0);
  return slot <= SLOTS ? slot : null;
}

/** Flat index (0…335) of a cell, and back: the week read as one circular line. */
export const flat = (day: number, slot: number): number => day * SLOTS + slot;
export const cellAt = (index: number): Cell => {
  const i = ((index % WEEK_SLOTS) + WEEK_SLOTS) % WEEK_SLOTS;
  return { day: Math.floor(i / SLOTS), slot: i % SLOTS };
};

/** Encodes a week as 336 characters of '0'/'1' (for storage), and back (null if malformed). */
export function encodeWeek(week: Week): string {
  return week.map((day) => day.map((v) => (v ? '1' : '0')).join('')).join('');
}
export function decodeWeek(text: unknown): Week | null {
  if (typeof text !== 'string' || !/^[01]{336}$/.test(text)) return null;
  return weekFrom((d, s) => text[flat(d, s)] === '1');
}
