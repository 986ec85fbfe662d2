import { describe, expect, it } from 'vitest';
import type { Interval } from '../api/contract.ts';
import { daysToWeek, readDays, ScheduleRuleError, scheduleProblems, weekToDays } from './convert.ts';
import { presetWeek } from './paint.ts';
import { securedCount } from '../../../test/unit/weeks.ts';
import { decodeWeek, emptyWeek, encodeWeek, flat, fullWeek, slotTime, timeSlot, weekFrom, weeksEqual, type Week } from './week.ts';

const iv = (from: string, to: string): Interval => ({ from, to });
const week = (...days: Interval[][]): Interval[][] => [...days, ...Array.from({ length: 7 - days.length }, () => [])];
/** Secured cells as "d:slot" strings, for readable assertions. */
const cellsOf = (w: Week) => w.flatMap((day, d) => day.flatMap((v, s) => (v ? [`${d}:${slotTime(s)}`] : [])));

describe('times and slots', () => {
  it('maps half hours to slots and back, 00:00 to 24:00', () => {
    expect(timeSlot('00:00')).toBe(0);
    expect(timeSlot('00:30')).toBe(1);
    expect(timeSlot('23:30')).toBe(47);
    expect(timeSlot('24:00')).toBe(48);
    for (let s = 0; s <= 48; s++) expect(timeSlot(slotTime(s))).toBe(s);
    for (const bad of ['24:30', '25:00', '08:15', '8:00', '08:00:00', '']) expect(timeSlot(bad)).toBeNull();
  });

  it('encodes a week for storage and refuses anything malformed', () => {
    const w = presetWeek('outsideOfficeHours');
    expect(weeksEqual(decodeWeek(encodeWeek(w))!, w)).toBe(true);
    expect(decodeWeek('01')).toBeNull();
    expect(decodeWeek(42)).toBeNull();
  });
});

describe('days → cells', () => {
  it('fills an interval within its day, half-hour edges included and end excluded', () => {
    expect(cellsOf(daysToWeek(week([iv('08:30', '10:00')])))).toEqual(['0:08:30', '0:09:00', '0:09:30']);
  });

  it('an interval ending at 24:00 stays in its day', () => {
    expect(cellsOf(daysToWeek(week([], [iv('23:00', '24:00')])))).toEqual(['1:23:00', '1:23:30']);
  });

  it('an interval with to <= from crosses midnight into the next day', () => {
    expect(cellsOf(daysToWeek(week([], [], [iv('23:00', '01:00')])))).toEqual(['2:23:00', '2:23:30', '3:00:00', '3:00:30']);
    // to = 00:00 ends exactly at midnight
    expect(cellsOf(daysToWeek(week([iv('23:30', '00:00')])))).toEqual(['0:23:30']);
  });

  it('Sunday crosses into Monday', () => {
    const days = week([], [], [], [], [], [], [iv('23:00', '00:30')]);
    expect(cellsOf(daysToWeek(days))).toEqual(['0:00:00', '6:23:00', '6:23:30']);
  });

  it('merges touching and crossing intervals into the same cells as one run', () => {
    const split = daysToWeek(week([iv('22:00', '24:00')], [iv('00:00', '06:00')]));
    const crossing = daysToWeek(week([iv('22:00', '06:00')]));
    expect(weeksEqual(split, crossing)).toBe(true);
    expect(weeksEqual(daysToWeek(week([iv('08:00', '12:00'), iv('12:00', '14:00')])), daysToWeek(week([iv('08:00', '14:00')])))).toBe(true);
  });

  it('refuses invalid input with the field of each problem', () => {
    const fields = (days: unknown) => {
      try {
        daysToWeek(days);
      } catch (e) {
        expect(e).toBeInstanceOf(ScheduleRuleError);
        return (e as ScheduleRuleError).errors.map((x) => x.field);
      }
      throw new Error('expected a ScheduleRuleError');
    };
    expect(fields([[]])).toEqual(['schedule.days']);
    expect(fields(null)).toEqual(['schedule.days']);
    expect(fields(week([iv('08:15', '10:00')]))).toEqual(['schedule.days.0.0.from']);
    expect(fields(week([iv('08:00', '24:30')]))).toEqual(['schedule.days.0.0.to']);
    expect(fields(week([iv('10:00', '10:00')]))).toEqual(['schedule.days.0.0.to']);
    expect(fields(week([iv('24:00', '02:00')]))).toEqual(['schedule.days.0.0.from']);
    expect(fields(week([iv('08:00', '12:00'), iv('11:30', '13:00')]))).toEqual(['schedule.days.0']);
    // overlap with what spills over from the day before, Sunday into Monday too
    expect(fields(week([iv('22:00', '06:00')], [iv('05:30', '07:00')]))).toEqual(['schedule.days.1']);
    expect(fields([[iv('01:00', '02:00')], [], [], [], [], [], [iv('20:00', '03:00')]])).toEqual(['schedule.days.0']);
    expect(fields(week([{ from: 8 } as unknown as Interval]))).toEqual(['schedule.days.0.0.from']);
  });

  it('reads invalid days leniently as an empty week with the problems', () => {
    const { week: w, problems } = readDays(week([iv('10:00', '10:00')]));
    expect(securedCount(w)).toBe(0);
    expect(problems).toHaveLength(1);
    expect(scheduleProblems(week([iv('10:00', '11:00')]))).toEqual([]);
  });
});

describe('cells → canonical days', () => {
  it('an empty week has no intervals; a full week is 00:00–24:00 every day', () => {
    expect(weekToDays(emptyWeek())).toEqual(week());
    expect(weekToDays(fullWeek())).toEqual(Array.from({ length: 7 }, () => [iv('00:00', '24:00')]));
  });

  it('a run within a day is one interval, ending at 24:00 at midnight', () => {
    const w = weekFrom((d, s) => d === 2 && ((s >= 17 && s < 20) || s >= 46));
    expect(weekToDays(w)).toEqual(week([], [], [iv('08:30', '10:00'), iv('23:00', '24:00')]));
  });

  it('a run into the next morning becomes one crossing interval on its first day', () => {
    const w = daysToWeek(week([iv('22:00', '24:00')], [iv('00:00', '06:00')]));
    expect(weekToDays(w)).toEqual(week([iv('22:00', '06:00')]));
  });

  it('Sunday night into Monday is one crossing interval on Sunday', () => {
    const w = weekFrom((d, s) => (d === 6 && s >= 38) || (d === 0 && s < 19));
    expect(weekToDays(w)).toEqual([[], [], [], [], [], [], [iv('19:00', '09:30')]]);
  });

  it('a run longer than one crossing is cut at each midnight', () => {
    // Friday 18:00 to Monday 08:00
    const w = weekFrom((d, s) => (d === 4 && s >= 36) || d === 5 || d === 6 || (d === 0 && s < 16));
    expect(weekToDays(w)).toEqual([
      [iv('00:00', '08:00')],
      [],
      [],
      [],
      [iv('18:00', '24:00')],
      [iv('00:00', '24:00')],
      [iv('00:00', '24:00')],
    ]);
    // exactly 24 h from 18:00 cannot be one interval (from = to)
    const day = weekFrom((d, s) => (d === 0 && s >= 36) || (d === 1 && s < 36));
    expect(weekToDays(day)).toEqual(week([iv('18:00', '24:00')], [iv('00:00', '18:00')]));
    // ending after its start time on the next day
    const longer = weekFrom((d, s) => (d === 0 && s >= 36) || (d === 1 && s < 38));
    expect(weekToDays(longer)).toEqual(week([iv('18:00', '24:00')], [iv('00:00', '19:00')]));
  });

  it('sorts intervals by start, a crossing one last', () => {
    const w = daysToWeek(week([iv('18:00', '07:00'), iv('00:00', '07:00')]));
    expect(weekToDays(w)).toEqual(week([iv('00:00', '07:00'), iv('18:00', '07:00')]));
  });

  it('round-trips every week exactly: cells → days → cells', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const weeks: Week[] = [emptyWeek(), fullWeek(), presetWeek('officeHoursOnly'), presetWeek('outsideOfficeHours')];
    for (let n = 0; n < 300; n++) {
      const density = random();
      weeks.push(weekFrom(() => random() < density));
    }
    // single cells everywhere, the corners included
    for (const i of [0, 47, 48, 335, 334, 288]) weeks.push(weekFrom((d, s) => flat(d, s) === i));
    // everything but one cell
    for (const i of [0, 47, 335]) weeks.push(weekFrom((d, s) => flat(d, s) !== i));
    for (const w of weeks) {
      const days = weekToDays(w);
      expect(scheduleProblems(days)).toEqual([]);
      expect(weeksEqual(daysToWeek(days), w)).toBe(true);
      // and canonical days round-trip exactly: days → cells → days
      expect(weekToDays(daysToWeek(days))).toEqual(days);
    }
  });

  it('keeps the seed schedules that are already canonical exactly', () => {
    const night = [iv('18:00', '07:00')];
    const officeNightsAndWeekends = [
      [iv('00:00', '07:00'), ...night],
      night,
      night,
      night,
      [iv('18:00', '24:00')],
      [iv('00:00', '24:00')],
      [iv('00:00', '24:00')],
    ];
    const storeClosed = [...Array.from({ length: 6 }, () => [iv('21:30', '09:30')]), [iv('19:00', '09:30')]];
    const officeHours = [...Array.from({ length: 5 }, () => [iv('08:00', '12:30'), iv('13:30', '18:00')]), [], []];
    for (const days of [officeNightsAndWeekends, storeClosed, officeHours]) expect(weekToDays(daysToWeek(days))).toEqual(days);
  });
});
