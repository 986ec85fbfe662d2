import { describe, expect, it } from 'vitest';
import type { Interval } from '../api/contract.ts';
import { weekToDays } from './convert.ts';
import { PRESETS, presetOf, presetWeek, setCell } from './paint.ts';
import { defaultStart } from './start.ts';
import { emptyWeek, fullWeek, slotTime, timeSlot, weeksEqual } from './week.ts';
import { securedCount } from '../../../test/unit/weeks.ts';

const iv = (from: string, to: string): Interval => ({ from, to });
const secured = (preset: Parameters<typeof presetWeek>[0], day: number, hhmm: string) => presetWeek(preset)[day]![timeSlot(hhmm)!];

describe('presets, named after what they secure', () => {
  it('lists “Outside office hours” first, and every preset once', () => {
    expect(PRESETS).toEqual(['outsideOfficeHours', 'always', 'nights', 'officeHoursOnly', 'none']);
  });

  it('“Outside office hours” secures every night and the whole weekend: Mon–Fri 18:00–08:00, Fri 18:00 to Mon 08:00', () => {
    // A night across midnight is stored on the day it starts (22:00–06:00 = to the next morning).
    expect(weekToDays(presetWeek('outsideOfficeHours'))).toEqual([
      [iv('00:00', '08:00'), iv('18:00', '08:00')],
      [iv('18:00', '08:00')],
      [iv('18:00', '08:00')],
      [iv('18:00', '08:00')],
      [iv('18:00', '24:00')],
      [iv('00:00', '24:00')],
      [iv('00:00', '24:00')],
    ]);
    for (let day = 0; day < 5; day++) {
      expect(secured('outsideOfficeHours', day, '03:00')).toBe(true); // night cover, every weekday
      expect(secured('outsideOfficeHours', day, '07:30')).toBe(true);
      expect(secured('outsideOfficeHours', day, '08:00')).toBe(false);
      expect(secured('outsideOfficeHours', day, '17:30')).toBe(false);
      expect(secured('outsideOfficeHours', day, '18:00')).toBe(true);
      expect(secured('outsideOfficeHours', day, '23:30')).toBe(true);
    }
    for (const day of [5, 6]) expect(presetWeek('outsideOfficeHours')[day]!.every(Boolean)).toBe(true);
    // 168 h minus 5 × 10 office hours.
    expect(securedCount(presetWeek('outsideOfficeHours'))).toBe(2 * (168 - 50));
  });

  it('“Around the clock” secures the whole week; “Clear all” nothing', () => {
    expect(weeksEqual(presetWeek('always'), fullWeek())).toBe(true);
    expect(weekToDays(presetWeek('always'))).toEqual(Array.from({ length: 7 }, () => [iv('00:00', '24:00')]));
    expect(weekToDays(presetWeek('none'))).toEqual(Array.from({ length: 7 }, () => []));
  });

  it('“Nights only” secures 22:00–06:00 every night, Sunday’s night ending on Monday morning', () => {
    expect(weekToDays(presetWeek('nights'))).toEqual(Array.from({ length: 7 }, () => [iv('22:00', '06:00')]));
    const monday = presetWeek('nights')[0]!;
    expect(monday.map((v, s) => (v ? slotTime(s) : null)).filter(Boolean)).toEqual([
      ...['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30', '05:00', '05:30'],
      ...['22:00', '22:30', '23:00', '23:30'],
    ]);
    expect(securedCount(presetWeek('nights'))).toBe(7 * 16);
  });

  it('“Office hours only” secures Mon–Fri 08:00–18:00 and leaves nights and weekends unguarded', () => {
    expect(weekToDays(presetWeek('officeHoursOnly'))).toEqual([...Array.from({ length: 5 }, () => [iv('08:00', '18:00')]), [], []]);
    expect(secured('officeHoursOnly', 0, '03:00')).toBe(false);
    expect(presetWeek('officeHoursOnly')[5]!.some(Boolean)).toBe(false);
  });

  it('“Outside office hours” and “Office hours only” together cover the week exactly once', () => {
    const outside = presetWeek('outsideOfficeHours');
    const office = presetWeek('officeHoursOnly');
    for (let d = 0; d < 7; d++) for (let s = 0; s < 48; s++) expect(outside[d]![s]).not.toBe(office[d]![s]);
  });
});

describe('where the multi-site editor starts painting', () => {
  const nights = presetWeek('nights');
  it('starts from the chosen sites’ schedule when they all share it', () => {
    const start = defaultStart([nights, presetWeek('nights'), presetWeek('nights')]);
    expect(start.kind).toBe('shared');
    expect(start.count).toBe(3);
    expect(weeksEqual(start.week, nights)).toBe(true);
  });

  it('one chosen site: its own schedule', () => {
    const start = defaultStart([presetWeek('officeHoursOnly')]);
    expect(start).toMatchObject({ kind: 'shared', count: 1 });
    expect(weeksEqual(start.week, presetWeek('officeHoursOnly'))).toBe(true);
  });

  it('an empty week, said to differ, when the schedules differ by as little as one half-hour', () => {
    const almost = nights.map((day, d) => (d === 3 ? day.map((v, s) => (s === 0 ? !v : v)) : day));
    const start = defaultStart([nights, almost]);
    expect(start.kind).toBe('differ');
    expect(start.count).toBe(2);
    expect(weeksEqual(start.week, emptyWeek())).toBe(true);
  });

  it('an empty week when no site is chosen', () => {
    expect(defaultStart([])).toMatchObject({ kind: 'none', count: 0 });
    expect(weeksEqual(defaultStart([]).week, emptyWeek())).toBe(true);
  });
});

describe('the preset a week equals', () => {
  it('is the one it was made from, none for an empty week, and nothing once painted on', () => {
    for (const preset of PRESETS) expect(presetOf(presetWeek(preset))).toBe(preset);
    expect(presetOf(emptyWeek())).toBe('none');
    expect(presetOf(setCell(presetWeek('outsideOfficeHours'), { day: 2, slot: 20 }, true))).toBeNull();
  });
});
