import '../../features/schedules/messages/bundled.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { $language } from '../i18n/languages.ts';
import { describeDstChange, formatOffset, isTimeZone, nextDstChange, timeZoneNames, utcOffset } from './dst.ts';

beforeEach(() => $language.set('en'));

describe('UTC offsets', () => {
  it('reads the offset of a zone at an instant', () => {
    expect(utcOffset('Europe/Brussels', Date.UTC(2027, 0, 15))).toBe(60);
    expect(utcOffset('Europe/Brussels', Date.UTC(2027, 6, 15))).toBe(120);
    expect(utcOffset('America/New_York', Date.UTC(2027, 0, 15))).toBe(-300);
    expect(utcOffset('Asia/Kolkata', Date.UTC(2027, 0, 15))).toBe(330);
    expect(utcOffset('UTC', Date.UTC(2027, 0, 15))).toBe(0);
  });

  it('formats offsets', () => {
    expect(formatOffset(60)).toBe('UTC+01:00');
    expect(formatOffset(-240)).toBe('UTC−04:00');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(0)).toBe('UTC+00:00');
  });

  it('knows which zones exist', () => {
    expect(isTimeZone('Europe/Brussels')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(timeZoneNames()).toContain('America/New_York');
  });
});

describe('next daylight-saving change', () => {
  it('finds spring forward in Brussels to the minute, with the local wall-clock times', () => {
    const change = nextDstChange('Europe/Brussels', Date.UTC(2027, 0, 1));
    expect(change).toEqual({
      at: new Date(Date.UTC(2027, 2, 28, 1, 0)),
      direction: 'forward',
      offsetBefore: 60,
      offsetAfter: 120,
      localDate: '2027-03-28',
      localTime: '02:00',
      localTimeAfter: '03:00',
    });
    expect(describeDstChange('Europe/Brussels', change)).toBe(
      'Clocks go forward on Mar 28, 2027 02:00 (Central European Time): 02:00 becomes 03:00.',
    );
  });

  it('finds fall back in New York', () => {
    const change = nextDstChange('America/New_York', Date.UTC(2026, 6, 1))!;
    expect(change.at).toEqual(new Date(Date.UTC(2026, 10, 1, 6, 0)));
    expect([change.direction, change.localDate, change.localTime, change.localTimeAfter]).toEqual(['back', '2026-11-01', '02:00', '01:00']);
    $language.set('de');
    expect(describeDstChange('America/New_York', change)).toContain('01.11.2026');
  });

  it('starts searching at the given instant (the change right after it)', () => {
    const justBefore = Date.UTC(2027, 2, 28, 0, 59);
    expect(nextDstChange('Europe/Brussels', justBefore)!.at).toEqual(new Date(Date.UTC(2027, 2, 28, 1, 0)));
    const justAfter = Date.UTC(2027, 2, 28, 1, 1);
    expect(nextDstChange('Europe/Brussels', justAfter)!.direction).toBe('back');
  });

  it('finds a half-hour change (Lord Howe Island)', () => {
    const change = nextDstChange('Australia/Lord_Howe', Date.UTC(2027, 0, 1))!;
    expect(Math.abs(change.offsetAfter - change.offsetBefore)).toBe(30);
  });

  it('has none for zones without daylight saving, or unknown zones', () => {
    expect(nextDstChange('Asia/Tokyo', Date.UTC(2027, 0, 1))).toBeNull();
    expect(nextDstChange('UTC')).toBeNull();
    expect(nextDstChange('Nowhere/Nothing')).toBeNull();
    expect(describeDstChange('Asia/Tokyo', null)).toBe('Japan Standard Time has no daylight-saving change in the coming year.');
  });
});
