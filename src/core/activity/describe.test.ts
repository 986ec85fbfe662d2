import { describe, expect, it } from 'vitest';
import { formatDay, permissionDifference, scheduleDifference, zoneChange } from './describe.ts';

const week = (...days: { from: string; to: string }[][]) => [...days, ...Array.from({ length: 7 - days.length }, () => [])];
const iv = (from: string, to: string) => ({ from, to });
const tz = 'Europe/Brussels';

describe('scheduleDifference', () => {
  it('says the hours added and removed per day, not JSON', () => {
    const before = { timezone: tz, days: week([iv('18:00', '24:00')]) };
    const after = { timezone: tz, days: week([iv('20:00', '24:00')], [], [], [], [], [iv('00:00', '24:00')]) };
    expect(scheduleDifference({ before, after }, 'en')).toEqual({
      added: [{ day: 5, text: 'Saturday 00:00–24:00' }],
      removed: [{ day: 0, text: 'Monday 18:00–20:00' }],
    });
  });

  it('splits a night at midnight, reads no schedule as none, and rewriting the same hours as no change', () => {
    const night = { timezone: tz, days: week([], [], [], [], [iv('22:00', '06:00')]) };
    expect(scheduleDifference({ before: { timezone: tz, days: null }, after: night }, 'en')!.added.map((d) => d.text)).toEqual([
      'Friday 22:00–24:00',
      'Saturday 00:00–06:00',
    ]);
    const same = { timezone: tz, days: week([], [], [], [], [iv('22:00', '24:00')], [iv('00:00', '06:00')]) };
    expect(scheduleDifference({ before: night, after: same }, 'en')).toEqual({ added: [], removed: [] });
  });

  it('gives nothing for values it cannot read', () => {
    expect(scheduleDifference({ before: 'x', after: { days: [[{ from: 'x' }]] } })).toBeNull();
    expect(zoneChange({ before: { timezone: tz }, after: { timezone: 'UTC' } })).toEqual({ from: tz, to: 'UTC' });
    expect(zoneChange({ before: { timezone: tz }, after: { timezone: tz } })).toBeNull();
  });
});

describe('permissionDifference', () => {
  it('gives the permissions given and taken', () => {
    expect(permissionDifference({ before: { permissions: ['view'] }, after: { permissions: ['view', 'evacuate'] } })).toEqual({
      added: ['evacuate'],
      removed: [],
    });
    expect(permissionDifference({ before: { permissions: ['view', 'evacuate'] } })).toEqual({ added: [], removed: ['view', 'evacuate'] });
    expect(permissionDifference({ before: 1, after: null })).toBeNull();
  });
});

describe('formatDay', () => {
  it("says a site-local day as a date alone, whatever the viewer's zone", () => {
    expect(formatDay('2027-04-05', 'en')).toBe('Apr 5, 2027');
    expect(formatDay('2027-04-05', 'de')).toBe('05.04.2027');
    expect(formatDay('nonsense', 'en')).toBe('nonsense');
  });
});
