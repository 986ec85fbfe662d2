import { describe, expect, it } from 'vitest';
import type { Interval } from '../api/contract.ts';
import { exceptionOn, securedAt, type ExceptionLike } from './secured.ts';

const office = (from: string, to: string): Interval[][] => [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ from, to }] : []));
const always = (): Interval[][] => Array.from({ length: 7 }, () => [{ from: '00:00', to: '24:00' }]);
const at = (iso: string) => new Date(iso).getTime();
const BXL = 'Europe/Brussels';
const NY = 'America/New_York';

const once = (from: string, to: string, secured: ExceptionLike['secured'], label = 'Closed'): ExceptionLike => ({
  from,
  to,
  yearly: false,
  label,
  secured,
});
const yearly = (from: string, to: string, secured: ExceptionLike['secured'], label = 'Holiday'): ExceptionLike => ({
  ...once(from, to, secured, label),
  yearly: true,
});

describe('securedAt with exceptions', () => {
  it('puts a one-off exception over a yearly one over the weekly schedule', () => {
    // Friday 25 Dec 2026, 10:00 in Brussels: the week says secured 08:00–18:00.
    const now = at('2026-12-25T09:00:00Z');
    const days = office('08:00', '18:00');
    expect(securedAt({ days }, BXL, now)?.secured).toBe(true);
    const xmas = yearly('2025-12-25', '2025-12-25', 'none', 'Christmas Day');
    expect(securedAt({ days, exceptions: [xmas] }, BXL, now)).toMatchObject({ secured: false, exception: 'Christmas Day' });
    const stock = once('2026-12-25', '2026-12-25', [{ from: '09:00', to: '12:00' }], 'Stock-take');
    expect(securedAt({ days, exceptions: [xmas, stock] }, BXL, now)).toEqual({
      secured: true,
      exception: 'Stock-take',
      next: { at: new Date('2026-12-25T11:00:00Z'), time: '12:00', weekday: 4, daysAhead: 0 },
    });
    // The yearly one the next year, when no one-off covers it: not secured all day, until Monday 08:00.
    expect(securedAt({ days, exceptions: [xmas, stock] }, BXL, at('2027-12-25T09:00:00Z'))).toMatchObject({
      secured: false,
      exception: 'Christmas Day',
      next: { time: '08:00', weekday: 0, daysAhead: 2 },
    });
  });

  it('does not apply a yearly exception before its first year', () => {
    const days = office('08:00', '18:00');
    const exceptions = [yearly('2027-12-25', '2027-12-25', 'none')];
    expect(securedAt({ days, exceptions }, BXL, at('2026-12-25T09:00:00Z'))?.secured).toBe(true);
  });

  it('reads a range across New Year, once and every year', () => {
    const days = always();
    const closure = once('2026-12-31', '2027-01-02', 'none', 'Year-end');
    // 31 Dec 2026 12:00 Brussels: not secured until Sunday 3 Jan 00:00.
    expect(securedAt({ days, exceptions: [closure] }, BXL, at('2026-12-31T11:00:00Z'))).toEqual({
      secured: false,
      exception: 'Year-end',
      next: { at: new Date('2027-01-02T23:00:00Z'), time: '00:00', weekday: 6, daysAhead: 3 },
    });
    const everyYear = yearly('2026-12-31', '2027-01-02', 'none', 'Year-end');
    // 1 Jan 2029 (a later year, after New Year): still covered.
    expect(securedAt({ days, exceptions: [everyYear] }, BXL, at('2029-01-01T11:00:00Z'))).toMatchObject({ secured: false });
    expect(securedAt({ days, exceptions: [everyYear] }, BXL, at('2029-01-03T11:00:00Z'))).toMatchObject({ secured: true });
    expect(securedAt({ days, exceptions: [everyYear] }, BXL, at('2028-12-30T11:00:00Z'))).toMatchObject({ secured: true });
  });

  it('ends weekly hours crossing midnight at the start of an exception day', () => {
    // Every night 22:00–06:00; 24 Dec 2026 is "not secured".
    const days = Array.from({ length: 7 }, () => [{ from: '22:00', to: '06:00' }]);
    const exceptions = [once('2026-12-24', '2026-12-24', 'none')];
    // 23 Dec 23:00 Brussels: secured until midnight, not 06:00.
    expect(securedAt({ days, exceptions }, BXL, at('2026-12-23T22:00:00Z'))?.next).toMatchObject({ time: '00:00', daysAhead: 1 });
  });

  describe('on clock-change days', () => {
    const days = always();
    const hours = [{ from: '01:00', to: '04:00' }];
    it('Brussels, last Sunday of March 2027 (02:00 → 03:00): 01:00–04:00 local is two real hours', () => {
      const exceptions = [once('2027-03-28', '2027-03-28', hours)];
      // 00:30 local (CET) = 23:30Z the day before: not secured, from 01:00 (00:00Z).
      expect(securedAt({ days, exceptions }, BXL, at('2027-03-27T23:30:00Z'))?.next).toMatchObject({
        at: new Date('2027-03-28T00:00:00Z'),
        time: '01:00',
      });
      // 01:30 local: secured until 04:00 CEST = 02:00Z.
      expect(securedAt({ days, exceptions }, BXL, at('2027-03-28T00:30:00Z'))).toMatchObject({
        secured: true,
        next: { at: new Date('2027-03-28T02:00:00Z'), time: '04:00' },
      });
    });

    it('Brussels, last Sunday of October 2027 (03:00 → 02:00): 01:00–04:00 local is four real hours', () => {
      const exceptions = [once('2027-10-31', '2027-10-31', hours)];
      // 01:00 CEST = 23:00Z; 04:00 CET = 03:00Z.
      expect(securedAt({ days, exceptions }, BXL, at('2027-10-30T23:30:00Z'))).toMatchObject({
        secured: true,
        next: { at: new Date('2027-10-31T03:00:00Z'), time: '04:00' },
      });
      // Back to the week (always) at 04:00 local, then again "secured" until… never within the day: the whole week is secured.
      expect(securedAt({ days, exceptions }, BXL, at('2027-10-30T21:00:00Z'))?.next).toMatchObject({
        at: new Date('2027-10-30T22:00:00Z'),
      });
    });

    it('New York, last Sunday of March and of October 2027 keep exact hours', () => {
      // New York changes on other Sundays (14 Mar / 7 Nov 2027); the last Sundays are plain days there.
      const march = [once('2027-03-28', '2027-03-28', [{ from: '08:00', to: '17:00' }])];
      expect(securedAt({ days: office('00:00', '24:00'), exceptions: march }, NY, at('2027-03-28T13:00:00Z'))).toMatchObject({
        secured: true,
        next: { at: new Date('2027-03-28T21:00:00Z'), time: '17:00' },
      });
      const october = [once('2027-10-31', '2027-10-31', 'all')];
      // Sunday 31 Oct 2027 10:00 EDT: secured until Monday 00:00 EDT, when the week's Monday (secured) follows: never changes before Saturday.
      expect(securedAt({ days: office('00:00', '24:00'), exceptions: october }, NY, at('2027-10-31T14:00:00Z'))).toMatchObject({
        secured: true,
        next: { time: '00:00', weekday: 5, daysAhead: 6 },
      });
      // New York's own change day, 7 Nov 2027 (02:00 → 01:00): 00:00–03:00 local lasts four real hours.
      const fallBack = [once('2027-11-07', '2027-11-07', [{ from: '00:00', to: '03:00' }])];
      expect(securedAt({ days: office('09:00', '17:00'), exceptions: fallBack }, NY, at('2027-11-07T04:30:00Z'))).toMatchObject({
        secured: true,
        next: { at: new Date('2027-11-07T08:00:00Z'), time: '03:00' },
      });
    });
  });

  it('applies a yearly exception on 29 February only in leap years', () => {
    const days = always();
    const leap = [yearly('2028-02-29', '2028-02-29', 'none', 'Leap day')];
    expect(securedAt({ days, exceptions: leap }, BXL, at('2028-02-29T11:00:00Z'))).toMatchObject({ secured: false, exception: 'Leap day' });
    expect(securedAt({ days, exceptions: leap }, BXL, at('2029-02-28T11:00:00Z'))?.secured).toBe(true);
    expect(securedAt({ days, exceptions: leap }, BXL, at('2029-03-01T11:00:00Z'))?.secured).toBe(true);
    expect(securedAt({ days, exceptions: leap }, BXL, at('2032-02-29T11:00:00Z'))?.secured).toBe(false);
    expect(exceptionOn(leap, '2029-02-28')).toBeNull();
  });

  it('ignores malformed exceptions and names the one governing a date', () => {
    const exceptions = [once('2027-02-30', '2027-02-30', 'none'), once('2027-05-01', '2027-05-01', [{ from: '12:00', to: '09:00' }])];
    expect(securedAt({ days: always(), exceptions }, BXL, at('2027-05-01T10:00:00Z'))).toEqual({ secured: true, next: null });
    const labour = once('2027-05-01', '2027-05-01', 'all', 'Labour Day');
    expect(exceptionOn([labour], '2027-05-01')?.exception.label).toBe('Labour Day');
    expect(exceptionOn([labour], '2027-05-02')).toBeNull();
  });
});
