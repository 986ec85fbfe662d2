import { describe, expect, it } from 'vitest';
import type { Interval } from '../api/contract.ts';
import { daysToWeek } from './convert.ts';
import { securedAt } from './secured.ts';

const office = (from: string, to: string): Interval[][] => [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ from, to }] : []));
const everyDay = (from: string, to: string): Interval[][] => Array.from({ length: 7 }, () => [{ from, to }]);
const only = (day: number, intervals: Interval[]): Interval[][] => Array.from({ length: 7 }, (_, d) => (d === day ? intervals : []));
const at = (iso: string) => new Date(iso).getTime();
const BXL = 'Europe/Brussels';

describe('securedAt', () => {
  it('is secured during office hours, until their end the same day', () => {
    // Wednesday 17 Feb 2027, 10:00 in Brussels (CET, UTC+1).
    const state = securedAt({ days: office('08:00', '18:00') }, BXL, at('2027-02-17T09:00:00Z'));
    expect(state).toEqual({
      secured: true,
      next: { at: new Date('2027-02-17T17:00:00Z'), time: '18:00', weekday: 2, daysAhead: 0 },
    });
  });

  it('is not secured in the evening, until the next morning', () => {
    const state = securedAt({ days: office('08:00', '18:00') }, BXL, new Date('2027-02-17T19:00:00Z'));
    expect(state?.secured).toBe(false);
    expect(state?.next).toEqual({ at: new Date('2027-02-18T07:00:00Z'), time: '08:00', weekday: 3, daysAhead: 1 });
  });

  it('skips the unsecured weekend to Monday morning', () => {
    // Friday 19 Feb 2027, 20:00 local.
    const state = securedAt({ days: office('08:00', '18:00') }, BXL, at('2027-02-19T19:00:00Z'));
    expect(state?.next).toMatchObject({ at: new Date('2027-02-22T07:00:00Z'), weekday: 0, daysAhead: 3 });
  });

  it('reads an interval that wraps past midnight into the next day', () => {
    // Monday 22:00 to Tuesday 06:00; Tuesday 23 Feb 2027 03:00 local.
    const days = only(0, [{ from: '22:00', to: '06:00' }]);
    expect(securedAt({ days }, BXL, at('2027-02-23T02:00:00Z'))).toEqual({
      secured: true,
      next: { at: new Date('2027-02-23T05:00:00Z'), time: '06:00', weekday: 1, daysAhead: 0 },
    });
    // Monday 21:00: from 22:00 the same day.
    expect(securedAt({ days }, BXL, at('2027-02-22T20:00:00Z'))?.next).toMatchObject({ time: '22:00', daysAhead: 0 });
  });

  it('wraps Sunday night into Monday morning', () => {
    const days = only(6, [{ from: '22:00', to: '06:00' }]);
    // Monday 22 Feb 2027, 02:00 local: still Sunday's night.
    expect(securedAt({ days }, BXL, at('2027-02-22T01:00:00Z'))).toMatchObject({ secured: true, next: { time: '06:00', weekday: 0 } });
  });

  it('says an empty week never changes (never secured) and a full week neither (always secured)', () => {
    const empty = Array.from({ length: 7 }, () => []);
    expect(securedAt({ days: empty }, BXL, at('2027-02-17T09:00:00Z'))).toEqual({ secured: false, next: null });
    expect(securedAt({ days: everyDay('00:00', '24:00') }, BXL, at('2027-07-17T09:00:00Z'))).toEqual({ secured: true, next: null });
  });

  it('finds the change when the week is secured all but one half-hour', () => {
    const days = everyDay('00:00', '24:00');
    days[3] = [
      { from: '00:00', to: '12:00' },
      { from: '12:30', to: '24:00' },
    ];
    // Monday 15 Feb 2027 10:00 local: secured until Thursday 12:00.
    expect(securedAt({ days }, BXL, at('2027-02-15T09:00:00Z'))?.next).toEqual({
      at: new Date('2027-02-18T11:00:00Z'),
      time: '12:00',
      weekday: 3,
      daysAhead: 3,
    });
  });

  describe('across daylight-saving changes', () => {
    it('ends on the wall-clock time when the clocks skip past it (spring forward)', () => {
      // Sunday 28 Mar 2027: Brussels goes 02:00 CET → 03:00 CEST at 01:00 UTC. Secured 00:00–03:00.
      const days = only(6, [{ from: '00:00', to: '03:00' }]);
      // 01:30 CET.
      expect(securedAt({ days }, BXL, at('2027-03-28T00:30:00Z'))).toEqual({
        secured: true,
        next: { at: new Date('2027-03-28T01:00:00Z'), time: '03:00', weekday: 6, daysAhead: 0 },
      });
    });

    it('starts at the wall-clock time after a skipped hour (an hour earlier in UTC)', () => {
      const days = only(6, [{ from: '04:00', to: '08:00' }]);
      // Sunday 00:30 CET → 04:00 CEST is 02:00 UTC (not 03:00 UTC as without the change).
      expect(securedAt({ days }, BXL, at('2027-03-27T23:30:00Z'))?.next).toMatchObject({
        at: new Date('2027-03-28T02:00:00Z'),
        time: '04:00',
      });
    });

    it('keeps a repeated hour secured both times (fall back)', () => {
      // Sunday 31 Oct 2027: 03:00 CEST → 02:00 CET at 01:00 UTC. Secured 00:00–03:00.
      const days = only(6, [{ from: '00:00', to: '03:00' }]);
      // 02:30 CEST (00:30 UTC): through the repeated 02:00–03:00 until 03:00 CET (02:00 UTC).
      expect(securedAt({ days }, BXL, at('2027-10-31T00:30:00Z'))).toEqual({
        secured: true,
        next: { at: new Date('2027-10-31T02:00:00Z'), time: '03:00', weekday: 6, daysAhead: 0 },
      });
    });

    it('takes a crossing night through the change in New York', () => {
      // 14 Mar 2027: New York goes 02:00 EST → 03:00 EDT at 07:00 UTC. Secured nightly 22:00–06:00.
      const days = everyDay('22:00', '06:00');
      // Saturday 23:00 EST (04:00 UTC): until Sunday 06:00 EDT = 10:00 UTC.
      expect(securedAt({ days }, 'America/New_York', at('2027-03-14T04:00:00Z'))).toEqual({
        secured: true,
        next: { at: new Date('2027-03-14T10:00:00Z'), time: '06:00', weekday: 6, daysAhead: 1 },
      });
    });

    it('is secured in a half hour that exists only in summer time per the cells after the jump', () => {
      // Secured only 02:00–03:00 on that Sunday: the hour does not exist, so never secured that day.
      const days = only(6, [{ from: '02:00', to: '03:00' }]);
      const state = securedAt({ days }, BXL, at('2027-03-28T00:30:00Z'));
      expect(state?.secured).toBe(false);
      // The next 02:00 that exists is a week later.
      expect(state?.next).toMatchObject({ at: new Date('2027-04-04T00:00:00Z'), time: '02:00', daysAhead: 7 });
    });
  });

  it('works in zones with quarter-hour offsets', () => {
    // Kathmandu is UTC+05:45: Monday 15 Feb 2027 07:00 local = 01:15 UTC, secured from 08:00 local (02:15 UTC).
    expect(securedAt({ days: office('08:00', '18:00') }, 'Asia/Kathmandu', at('2027-02-15T01:15:00Z'))?.next?.at).toEqual(
      new Date('2027-02-15T02:15:00Z'),
    );
  });

  it('says nothing for an unknown zone or a week that is not valid', () => {
    expect(securedAt({ days: office('08:00', '18:00') }, 'Mars/Olympus_Mons', Date.now())).toBeNull();
    expect(securedAt({ days: [[]] }, BXL, Date.now())).toBeNull();
    expect(securedAt({ days: undefined }, BXL, Date.now())).toBeNull();
  });
});

describe('securedAt reads the week as the schedule editor does', () => {
  it('agrees with the editor cells for every half-hour of a mixed week', () => {
    const days: Interval[][] = [
      [{ from: '08:00', to: '18:00' }],
      [{ from: '22:00', to: '06:00' }],
      [],
      [
        { from: '00:00', to: '02:30' },
        { from: '12:00', to: '24:00' },
      ],
      [{ from: '00:00', to: '24:00' }],
      [],
      [{ from: '23:30', to: '00:30' }],
    ];
    const week = daysToWeek(days);
    // Monday 1 Feb 2027 00:15 UTC, in UTC: every half-hour of the week, in its middle.
    const monday = Date.UTC(2027, 1, 1, 0, 15);
    for (let i = 0; i < 336; i++) {
      const expected = week[Math.floor(i / 48)]![i % 48];
      expect(securedAt({ days }, 'UTC', monday + i * 30 * 60_000)?.secured, `half-hour ${i}`).toBe(expected);
    }
  });
});
