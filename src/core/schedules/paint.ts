/**
 * Editing a {@link Week}: painting a range, copying a day, presets. Every function returns
 * a new week and keeps the identity of the days it did not change (and returns the very
 * same week when nothing changed), so only changed cells re-render.
 */
import { DAYS, SLOTS, cellAt, emptyWeek, flat, fullWeek, weekFrom, weeksEqual, type Cell, type Week } from './week.ts';

/** The rectangle spanned by two cells: the days between them × the half-hours between them. */
export interface Range {
  firstDay: number;
  lastDay: number;
  firstSlot: number;
  lastSlot: number;
}

export function rangeOf(a: Cell, b: Cell): Range {
  return {
    firstDay: Math.min(a.day, b.day),
    lastDay: Math.max(a.day, b.day),
    firstSlot: Math.min(a.slot, b.slot),
    lastSlot: Math.max(a.slot, b.slot),
  };
}

/** Sets every cell of the rectangle between `a` and `b` to `value`. */
export function paintRange(week: Week, a: Cell, b: Cell, value: boolean): Week {
  const r = rangeOf(a, b);
  let next: (readonly boolean[])[] | null = null;
  for (let d = r.firstDay; d <= r.lastDay; d++) {
    const day = week[d]!;
    let changed: boolean[] | null = null;
    for (let s = r.firstSlot; s <= r.lastSlot; s++) {
      if (day[s] === value) continue;
      changed ??= [...day];
      changed[s] = value;
    }
    if (changed) {
      next ??= [...week];
      next[d] = changed;
    }
  }
  return next ?? week;
}

/**
 * The keyboard's one painting rule: Shift+arrows extend a range from the cell where it
 * started (the anchor) and paint every cell of the range with the anchor's value as it was
 * when the range started (in `base`), so Space on a cell and then Shift+arrows carry that
 * cell's new value along, and a range started on a secured cell secures what it covers.
 */
export function extendFrom(base: Week, anchor: Cell, to: Cell): Week {
  return paintRange(base, anchor, to, !!base[anchor.day]![anchor.slot]);
}

export function setCell(week: Week, cell: Cell, value: boolean): Week {
  return paintRange(week, cell, cell, value);
}

export function toggleCell(week: Week, cell: Cell): Week {
  return setCell(week, cell, !week[cell.day]![cell.slot]);
}

/** Copies the 48 half-hours of day `from` (its own 00:00–24:00) onto each of `to`. */
export function copyDay(week: Week, from: number, to: readonly number[]): Week {
  const source = week[from]!;
  let next: (readonly boolean[])[] | null = null;
  for (const d of to) {
    if (d === from || d < 0 || d >= DAYS) continue;
    if (week[d]!.every((v, s) => v === source[s])) continue;
    next ??= [...week];
    next[d] = source;
  }
  return next ?? week;
}

/**
 * The presets, each named after what it SECURES (the hours the monitoring service guards),
 * the one that keeps nights and weekends guarded first. See docs/product.md#schedules.
 */
export const PRESETS = ['outsideOfficeHours', 'always', 'nights', 'officeHoursOnly', 'none'] as const;
export type Preset = (typeof PRESETS)[number];

/** Office hours: Monday to Friday, 08:00 to 18:00. */
const isOfficeHours = (day: number, slot: number) => day < 5 && slot >= 16 && slot < 36;
/** Night: 22:00 to 06:00 (the half-hours of a day before 06:00 or from 22:00 on). */
const isNight = (_day: number, slot: number) => slot < 12 || slot >= 44;

/**
 * The week of a preset. A night that crosses midnight is the end of one day's row and the
 * start of the next day's (the week is circular: Sunday night ends on Monday's row).
 * - `outsideOfficeHours`: everything but Mon–Fri 08:00–18:00 — Mon–Thu 18:00 to 08:00 the
 *   next morning, Friday 18:00 to Monday 08:00 (so Monday 00:00–08:00 is secured too);
 * - `always`: around the clock;
 * - `nights`: 22:00 to 06:00 every night (Monday 00:00–06:00 is Sunday's night);
 * - `officeHoursOnly`: Mon–Fri 08:00–18:00 only, nights and weekends NOT secured;
 * - `none`: never (clears the week).
 */
export function presetWeek(preset: Preset): Week {
  switch (preset) {
    case 'outsideOfficeHours':
      return weekFrom((d, s) => !isOfficeHours(d, s));
    case 'always':
      return fullWeek();
    case 'nights':
      return weekFrom(isNight);
    case 'officeHoursOnly':
      return weekFrom(isOfficeHours);
    case 'none':
      return emptyWeek();
  }
}

/** The preset `week` equals, if any: the one a screen shows pressed (an empty week is `none`). */
export function presetOf(week: Week): Preset | null {
  return PRESETS.find((preset) => weeksEqual(presetWeek(preset), week)) ?? null;
}

/** Replaces `week` by `next` keeping the identity of unchanged days (and of `week` itself). */
export function replaceWeek(week: Week, next: Week): Week {
  let out: (readonly boolean[])[] | null = null;
  for (let d = 0; d < DAYS; d++) {
    const same = week[d]!.every((v, s) => v === next[d]![s]);
    if (same) continue;
    out ??= [...week];
    out[d] = next[d]!;
  }
  return out ?? week;
}

/** Clamps a cell into the week. */
export function clampCell(day: number, slot: number): Cell {
  return { day: Math.max(0, Math.min(DAYS - 1, day)), slot: Math.max(0, Math.min(SLOTS - 1, slot)) };
}

/** The half-hour of noon: the narrow grid's columns run from a day's noon to the next day's. */
export const NOON = 24;

/**
 * The week read from another starting point of its circular line: cell (d, s) of the
 * result is the cell `by` half-hours after (d, s) in `week`. With `by` = 24 each "day" runs
 * from noon to noon the next day, so a night (22:00–06:00) is one unbroken run of a row:
 * the narrow grid shows the week this way. `shiftWeek(shiftWeek(w, by), -by)` is `w`.
 */
export function shiftWeek(week: Week, by: number): Week {
  return weekFrom((d, s) => {
    const { day, slot } = cellAt(flat(d, s) + by);
    return week[day]![slot]!;
  });
}
