import '../../features/schedules/messages/bundled.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Interval } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { daysToWeek } from './convert.ts';
import { describeRange, describeWeek, dayNames, securedHours } from './describe.ts';
import { describeDiff, diffWeeks, hasChanges } from './diff.ts';
import { copyDay, paintRange, presetWeek, setCell, toggleCell } from './paint.ts';
import { emptyWeek, fullWeek, weekFrom } from './week.ts';

const iv = (from: string, to: string): Interval => ({ from, to });
const week = (...days: Interval[][]) => daysToWeek([...days, ...Array.from({ length: 7 - days.length }, () => [])]);

beforeEach(() => $language.set('en'));

describe('painting', () => {
  it('paints the rectangle between two cells and keeps unchanged days', () => {
    const before = emptyWeek();
    const after = paintRange(before, { day: 4, slot: 20 }, { day: 0, slot: 16 }, true);
    expect(describeWeek(after)).toBe('Mon–Fri 08:00–10:30');
    expect(after[5]).toBe(before[5]);
    // nothing to change: the very same week
    expect(paintRange(after, { day: 0, slot: 16 }, { day: 0, slot: 17 }, true)).toBe(after);
  });

  it('toggles and sets single cells', () => {
    const one = toggleCell(emptyWeek(), { day: 6, slot: 47 });
    expect(describeWeek(one)).toBe('Sun 23:30–24:00');
    expect(describeWeek(toggleCell(one, { day: 6, slot: 47 }))).toBe('never secured');
    expect(setCell(one, { day: 6, slot: 47 }, true)).toBe(one);
  });

  it('copies a day onto other days', () => {
    const w = week([iv('08:00', '12:00')]);
    const copied = copyDay(w, 0, [1, 2, 3, 4]);
    expect(describeWeek(copied)).toBe('Mon–Fri 08:00–12:00');
    expect(copied[1]).toBe(w[0]);
    expect(copyDay(copied, 0, [0, 1])).toBe(copied);
  });

  it('has presets named after what is secured', () => {
    expect(describeWeek(presetWeek('officeHoursOnly'))).toBe('Mon–Fri 08:00–18:00');
    expect(describeWeek(presetWeek('outsideOfficeHours'))).toBe('Mon–Thu 18:00–08:00 (next day) and Fri 18:00–Mon 08:00');
    expect(securedHours(presetWeek('officeHoursOnly')) + securedHours(presetWeek('outsideOfficeHours'))).toBe(168);
    expect(describeWeek(presetWeek('always'))).toBe('around the clock, all week');
    expect(describeWeek(presetWeek('none'))).toBe('never secured');
  });
});

describe('describing weeks', () => {
  it('says runs within a day, across midnight, over several days, and whole days', () => {
    expect(describeWeek(week([iv('08:00', '12:30'), iv('13:30', '18:00')]))).toBe('Mon 08:00–12:30 and Mon 13:30–18:00');
    expect(describeWeek(week([], [], [iv('22:00', '06:00')]))).toBe('Wed 22:00–Thu 06:00');
    expect(describeWeek(week([], [], [], [], [], [iv('00:00', '24:00')], [iv('00:00', '24:00')]))).toBe('Sat–Sun');
    expect(describeWeek(week([], [], [], [], [iv('18:00', '24:00')], [iv('00:00', '24:00')]))).toBe('Fri 18:00–Sat 24:00');
    expect(describeWeek(daysToWeek([[], [], [], [], [], [], [iv('19:00', '09:30')]]))).toBe('Sun 19:00–Mon 09:30');
    expect(describeWeek(fullWeek())).toBe('around the clock, all week');
  });

  it('names a painted range for the live region', () => {
    expect(describeRange({ firstDay: 0, lastDay: 0, firstSlot: 16, lastSlot: 23 })).toBe('Mon 08:00–12:00');
    expect(describeRange({ firstDay: 1, lastDay: 3, firstSlot: 47, lastSlot: 47 })).toBe('Tue–Thu 23:30–24:00');
  });

  it('uses day names of the applied language', () => {
    expect(dayNames('long', 'en')[0]).toBe('Monday');
    expect(dayNames('long', 'de')[6]).toBe('Sonntag');
    $language.set('fr');
    expect(describeWeek(week([iv('08:00', '12:00')]))).toMatch(/^lun\.? 08:00–12:00$/);
  });
});

describe('diff between two schedules', () => {
  it('says what is added and removed, compared by cells', () => {
    const before = week([iv('08:00', '18:00')], [], [], [], [], [iv('00:00', '24:00')]);
    const after = week([iv('08:00', '22:00')]);
    expect(describeDiff(before, after)).toBe('adds Mon 18:00–22:00, removes Sat');
    expect(describeDiff(after, after)).toBe('no change');
    expect(describeDiff(emptyWeek(), week([], [iv('18:00', '07:00')]))).toBe('adds Tue 18:00–Wed 07:00');
    expect(describeDiff(presetWeek('officeHoursOnly'), emptyWeek())).toBe('removes Mon–Fri 08:00–18:00');
  });

  it('two ways of writing the same hours are no change', () => {
    const split = week([iv('22:00', '24:00')], [iv('00:00', '06:00')]);
    const crossing = week([iv('22:00', '06:00')]);
    expect(hasChanges(diffWeeks(split, crossing))).toBe(false);
    expect(describeDiff(split, crossing)).toBe('no change');
  });

  it('counts the changed half-hours', () => {
    const d = diffWeeks(
      emptyWeek(),
      weekFrom((day, s) => day === 0 && s < 4),
    );
    expect([d.addedCount, d.removedCount]).toEqual([4, 0]);
  });
});
