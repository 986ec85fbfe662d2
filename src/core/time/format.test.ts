import { afterEach, describe, expect, it, vi } from 'vitest';
import { $language } from '../i18n/languages.ts';
import { formatAt, formatDateTime, formatRange, formatRelative, formatTime, formatWallClock, formatWeekday } from './format.ts';

// 22 Nov 2026, 05:04 UTC: 06:04 in Brussels (CET), the card's "last confirmed".
const AT = '2026-11-22T05:04:00Z';
const LATER = '2026-11-22T17:30:00Z';
const NEXT_DAY = '2026-11-23T09:00:00Z';
const BXL = { timeZone: 'Europe/Brussels' };
const norm = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

// One pattern per language: a time, a moment, a moment with its zone, wall-clock and moment ranges.
const WANT = {
  en: ['06:04', 'Nov 22, 2026, 06:04', 'Nov 22, 2026, 06:04 GMT+1', '08:00–18:00', 'Nov 22, 2026, 06:04–18:30', 'Mon'],
  de: ['06:04', '22.11.2026, 06:04', '22.11.2026, 06:04 MEZ', '08:00–18:00', '22.11.2026, 06:04–18:30', 'Mo'],
  fr: ['06:04', '22 nov. 2026, 06:04', '22 nov. 2026, 06:04 UTC+1', '08:00–18:00', '22 nov. 2026, 06:04–18:30', 'lun.'],
  nl: ['06:04', '22 nov 2026, 06:04', '22 nov 2026, 06:04 CET', '08:00–18:00', '22 nov 2026, 06:04–18:30', 'ma'],
  it: ['06:04', '22 nov 2026, 06:04', '22 nov 2026, 06:04 CET', '08:00–18:00', '22 nov 2026, 06:04–18:30', 'lun'],
  es: ['06:04', '22 nov 2026, 06:04', '22 nov 2026, 06:04 CET', '08:00–18:00', '22 nov 2026, 06:04–18:30', 'lun'],
} as const;

describe.each(Object.entries(WANT))('the one clock in %s', (locale, [time, moment, zoned, wallRange, momentRange, monday]) => {
  const before = $language.get();
  afterEach(() => $language.set(before));

  it('formats a time, a moment and a zoned moment in one pattern', () => {
    $language.set(locale as keyof typeof WANT);
    expect(norm(formatTime(AT, BXL))).toBe(time);
    expect(norm(formatDateTime(AT, BXL))).toBe(moment);
    expect(norm(formatDateTime(AT, { ...BXL, zoneName: true }))).toBe(zoned);
    expect(norm(formatWeekday(0))).toBe(monday);
  });

  it('reads a schedule’s "HH:MM" exactly like a moment’s time, so a card never shows two clocks', () => {
    $language.set(locale as keyof typeof WANT);
    expect(norm(formatWallClock('06:04'))).toBe(time);
    expect(norm(formatRange('08:00', '18:00'))).toBe(wallRange);
    expect(norm(formatRange(AT, LATER, BXL))).toBe(momentRange);
  });

  it('says how long ago in the language’s own words, never "0"', () => {
    $language.set(locale as keyof typeof WANT);
    const three = norm(formatRelative(200));
    expect(three).toMatch(/3/);
    expect(three).not.toBe(norm(formatRelative(3 * 3600)));
    expect(norm(formatRelative(-5))).toMatch(/0/);
  });
});

describe('the clock rule', () => {
  it('is the 24-hour clock in every language, English and the Belgian variants included', () => {
    for (const locale of ['en', 'de', 'fr', 'nl', 'it', 'es', 'fr-BE', 'nl-BE']) {
      expect(formatTime('2026-11-22T17:30:00Z', { ...BXL, locale })).toBe('18:30');
      expect(formatDateTime('2026-11-22T17:30:00Z', { ...BXL, locale })).not.toMatch(/AM|PM/);
    }
  });

  it('gives two-digit hours, Spanish included', () => {
    for (const locale of ['en', 'de', 'fr', 'nl', 'it', 'es']) expect(formatTime('2026-11-22T08:05:00Z', { ...BXL, locale })).toBe('09:05');
  });

  it('keeps each day’s date on a range over two days, and the full date for a detail', () => {
    expect(norm(formatRange(AT, NEXT_DAY, { ...BXL, locale: 'de' }))).toBe('22.11.2026, 06:04 – 23.11.2026, 10:00');
    expect(norm(formatAt(AT, 'full', { ...BXL, locale: 'en' }))).toBe('Sunday, November 22, 2026 at 06:04');
  });

  it('says nothing for a missing or broken moment, and leaves a non-time as given', () => {
    expect(formatTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatWallClock('later')).toBe('later');
    expect(formatWallClock('25:00')).toBe('25:00');
    expect(formatWallClock('24:00')).toBe('24:00');
    expect(formatWallClock('8:30')).toBe('08:30');
  });
});

describe('formatters made once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('warmClock makes the clock before its first use, and dayIn one formatter per zone', async () => {
    vi.resetModules();
    const fresh = await import('./format.ts'); // no formatter made yet
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    fresh.warmClock();
    expect(made).toHaveBeenCalledTimes(1);
    fresh.formatTime(AT);
    expect(made).toHaveBeenCalledTimes(1);
    expect(fresh.dayIn(new Date(AT), 'Asia/Tokyo')).toBe('2026-11-22');
    expect(fresh.dayIn(new Date(NEXT_DAY), 'Asia/Tokyo')).toBe('2026-11-23');
    expect(made).toHaveBeenCalledTimes(2);
  });
});
