import { describe, expect, it } from 'vitest';
import { isUnsecured, securityHours, weekdayNames } from './securityHours.ts';

describe('securityHours', () => {
  it('gives seven days, Monday first, intervals sorted, overnight ones marked', () => {
    const days = [[{ from: '18:00', to: '24:00' }, { from: '00:00', to: '08:00' }], [], [{ from: '22:00', to: '06:00' }], [], [], [], []];
    const hours = securityHours({ timezone: 'Europe/Brussels', days });
    expect(hours).toHaveLength(7);
    expect(hours[0]).toEqual({
      day: 0,
      intervals: [
        { from: '00:00', to: '08:00', overnight: false },
        { from: '18:00', to: '24:00', overnight: false },
      ],
    });
    expect(hours[2]!.intervals).toEqual([{ from: '22:00', to: '06:00', overnight: true }]);
    expect(isUnsecured(hours)).toBe(false);
  });

  it('treats a missing schedule as no secured hours', () => {
    const hours = securityHours(undefined);
    expect(hours.every((d) => d.intervals.length === 0)).toBe(true);
    expect(isUnsecured(hours)).toBe(true);
  });

  it('names weekdays in the language, Monday first', () => {
    expect(weekdayNames('en')[0]).toBe('Mon');
    expect(weekdayNames('en')[6]).toBe('Sun');
    expect(weekdayNames('de')[0]).toMatch(/^Mo/);
  });
});
