import { describe, expect, it, vi } from 'vitest';
import { formatSiteMoment, siteMomentParams } from './siteMoment.ts';

// 21 Nov 2026, 15:31 UTC: 10:31 in New York (EST), 16:31 in Brussels (CET).
const AT = '2026-11-21T15:31:00Z';
const SAME_DAY = Date.parse('2026-11-21T20:00:00Z');
const norm = (s: string | undefined) => s?.replace(/[\u202f\u00a0]/g, ' ');

describe('formatSiteMoment', () => {
  it('tells a Newark incident in New York time, zone named, and the Brussels viewer their own clock', () => {
    const m = formatSiteMoment(AT, 'America/New_York', { locale: 'nl', viewerZone: 'Europe/Brussels', now: SAME_DAY });
    expect(norm(m?.text)).toBe('10:31');
    expect(m?.zone).toBe('EST');
    expect(norm(m?.label)).toBe('10:31 EST');
    expect(norm(m?.viewerText)).toBe('16:31 CET');
  });

  it('reads 24 hours in every language, each with its own zone names', () => {
    const en = formatSiteMoment(AT, 'America/New_York', { locale: 'en', viewerZone: 'Europe/Brussels', now: SAME_DAY });
    expect(norm(en?.label)).toBe('10:31 EST');
    expect(norm(en?.viewerText)).toBe('16:31 GMT+1');
    const de = formatSiteMoment(AT, 'America/New_York', { locale: 'de', viewerZone: 'Europe/Brussels', now: SAME_DAY });
    expect(norm(de?.label)).toBe('10:31 GMT-5');
    expect(norm(de?.viewerText)).toBe('16:31 MEZ');
  });

  it('has no second clock in the same zone, nor in another zone that reads the same', () => {
    const same = formatSiteMoment(AT, 'Europe/Brussels', { locale: 'en', viewerZone: 'Europe/Brussels', now: SAME_DAY });
    expect(norm(same?.label)).toBe('16:31 GMT+1');
    expect(same?.viewerText).toBeUndefined();
    const paris = formatSiteMoment(AT, 'Europe/Paris', { locale: 'nl', viewerZone: 'Europe/Brussels', now: SAME_DAY });
    expect(paris?.viewerText).toBeUndefined();
  });

  it('adds the date when it is not today at the site, and to the viewer clock when its day differs', () => {
    const later = Date.parse('2026-11-23T12:00:00Z');
    const m = formatSiteMoment(AT, 'America/New_York', { locale: 'en', viewerZone: 'Europe/Brussels', now: later });
    expect(norm(m?.label)).toBe('Nov 21, 2026, 10:31 EST');
    expect(norm(m?.viewerText)).toBe('Nov 21, 2026, 16:31 GMT+1');
    // 23:30 in New York is already the next day in Brussels.
    const late = formatSiteMoment('2026-11-22T04:30:00Z', 'America/New_York', {
      locale: 'nl',
      viewerZone: 'Europe/Brussels',
      now: SAME_DAY,
    });
    expect(norm(late?.label)).toBe('23:30 EST');
    expect(norm(late?.viewerText)).toBe('22 nov 2026, 05:30 CET');
  });

  it('writes the full date for a detail page', () => {
    const m = formatSiteMoment(AT, 'America/New_York', { locale: 'en', viewerZone: 'America/New_York', date: 'full', now: SAME_DAY });
    expect(norm(m?.label)).toBe('Saturday, November 21, 2026 at 10:31 EST');
  });

  it('falls back to the viewer zone, named, for an unknown zone; nothing for a missing time', () => {
    const m = formatSiteMoment(AT, 'Mars/Olympus', { locale: 'nl', viewerZone: 'Europe/Brussels', now: SAME_DAY });
    expect(norm(m?.label)).toBe('16:31 CET');
    expect(m?.viewerText).toBeUndefined();
    expect(formatSiteMoment(null, 'Europe/Brussels')).toBeNull();
    expect(formatSiteMoment('not a date', 'Europe/Brussels')).toBeNull();
  });
});

describe('siteMomentParams', () => {
  it('gives the label with its zone, and the day context for another day', () => {
    const p = siteMomentParams(AT, 'America/New_York', SAME_DAY);
    expect(p.time).toContain('EST');
    expect(p.context).toBeUndefined();
    expect(siteMomentParams(AT, 'America/New_York', Date.parse('2026-11-25T12:00:00Z')).context).toBe('day');
  });
});

describe('formatSiteMoment, many rows', () => {
  it('makes no new formatter per row once each zone and style has one', () => {
    // A list of 50 incidents formats each row's moment on every render: making a formatter
    // (to read the browser's zone, or to check a site's) costs more than the whole row.
    formatSiteMoment(AT, 'America/New_York', { locale: 'en', now: SAME_DAY });
    formatSiteMoment(AT, 'Europe/Brussels', { locale: 'en', now: SAME_DAY });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let row = 0; row < 50; row++) {
        formatSiteMoment(AT, row % 2 ? 'America/New_York' : 'Europe/Brussels', { locale: 'en', now: SAME_DAY });
        siteMomentParams(AT, 'America/New_York', SAME_DAY);
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it("reads each row in two clocks, the site's and the viewer's, no more", () => {
    // A clock is two formatToParts (the time, the zone's name); a row of a list whose site
    // reads like the viewer, or differs on the same day, needs two.
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      const paris = formatSiteMoment(AT, 'Europe/Paris', { locale: 'en', viewerZone: 'Europe/Brussels', now: SAME_DAY });
      expect(paris?.viewerText).toBeUndefined();
      expect(parts).toHaveBeenCalledTimes(4);
      parts.mockClear();
      const newYork = formatSiteMoment(AT, 'America/New_York', { locale: 'en', viewerZone: 'Europe/Brussels', now: SAME_DAY });
      expect(norm(newYork?.viewerText)).toBe('16:31 GMT+1');
      expect(parts).toHaveBeenCalledTimes(4);
    } finally {
      parts.mockRestore();
    }
  });
});
