import { describe, expect, it } from 'vitest';
import { addDays, holidaysAhead, monthStart, monthWeeks, nextOccurrence, weekdayOfDate } from './exceptions.ts';

describe('exception dates', () => {
  it('walks days and months across New Year and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(monthStart('2026-11-25', 2)).toBe('2027-01-01');
    expect(monthStart('2027-01-10', -1)).toBe('2026-12-01');
    expect(weekdayOfDate('2026-11-23')).toBe(0); // a Monday
  });

  it('lays out a month Monday first', () => {
    const weeks = monthWeeks('2026-11-01'); // 1 Nov 2026 is a Sunday
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('finds the next occurrence: once, every year (across New Year), and 29 February only in leap years', () => {
    expect(nextOccurrence({ from: '2026-12-24', to: '2026-12-26', yearly: false }, '2026-12-25')).toEqual({
      from: '2026-12-24',
      to: '2026-12-26',
    });
    expect(nextOccurrence({ from: '2026-12-24', to: '2026-12-26', yearly: false }, '2026-12-27')).toBeNull();
    expect(nextOccurrence({ from: '2025-12-31', to: '2026-01-02', yearly: true }, '2026-06-01')).toEqual({
      from: '2026-12-31',
      to: '2027-01-02',
    });
    expect(nextOccurrence({ from: '2025-12-31', to: '2026-01-02', yearly: true }, '2027-01-01')).toEqual({
      from: '2026-12-31',
      to: '2027-01-02',
    });
    expect(nextOccurrence({ from: '2024-02-29', to: '2024-02-29', yearly: true }, '2026-11-25')).toEqual({
      from: '2028-02-29',
      to: '2028-02-29',
    });
    // Not before its first year.
    expect(nextOccurrence({ from: '2027-12-25', to: '2027-12-25', yearly: true }, '2026-11-25')).toEqual({
      from: '2027-12-25',
      to: '2027-12-25',
    });
  });
});

describe('public holidays ahead', () => {
  it('offers the rest of this year first, then next year, and nothing before today', () => {
    const y2026 = [
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-11-11', name: 'Armistice Day' },
      { date: '2026-11-28', name: 'Today' },
      { date: '2026-12-25', name: 'Christmas Day' },
    ];
    const y2027 = [
      { date: '2027-12-25', name: 'Christmas Day' },
      { date: '2027-01-01', name: "New Year's Day" },
    ];
    expect(holidaysAhead([y2026, y2027], '2026-11-28').map((d) => d.date)).toEqual([
      '2026-11-28',
      '2026-12-25',
      '2027-01-01',
      '2027-12-25',
    ]);
    expect(holidaysAhead([y2026, y2027], '2026-12-26').map((d) => d.date)).toEqual(['2027-01-01', '2027-12-25']);
  });
});
