import '../../features/schedules/messages/bundled.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Interval } from '../api/contract.ts';
import { $language } from '../i18n/languages.ts';
import { noChanges, siteChanges, type SiteChanges } from './changes.ts';
import { describeSpan } from './describe.ts';
import { daysToWeek } from './convert.ts';
import { presetWeek } from './paint.ts';
import { emptyWeek, fullWeek, slotTime } from './week.ts';

const iv = (from: string, to: string): Interval => ({ from, to });
const week = (...days: Interval[][]) => daysToWeek([...days, ...Array.from({ length: 7 - days.length }, () => [])]);
/** German short day names as this ICU spells them ("Mo" or "Mo."). */
const [mo, di, mi, dO, fr, sa, so] = Array.from({ length: 7 }, (_, i) =>
  new Intl.DateTimeFormat('de', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i)),
);
const words = (c: SiteChanges, language = 'en') => ({
  added: c.added.map((s) => describeSpan(s, language)),
  removed: c.removed.map((s) => describeSpan(s, language)),
});

beforeEach(() => $language.set('en'));

describe('what applying a week does to a site', () => {
  it('lists the hours added and the hours removed, per day, in week order', () => {
    const before = week([iv('08:00', '18:00')], [iv('08:00', '18:00')]);
    const next = week([iv('08:00', '22:00')], [iv('10:00', '18:00')], [], [], [], [iv('09:00', '12:00')]);
    const changes = siteChanges(before, next);
    expect(changes.added).toEqual([
      { day: 0, from: 36, length: 8, lastDay: 0 },
      { day: 5, from: 18, length: 6, lastDay: 5 },
    ]);
    expect(changes.removed).toEqual([{ day: 1, from: 16, length: 4, lastDay: 1 }]);
    expect(words(changes, 'de')).toEqual({ added: [`${mo} 18:00–22:00`, `${sa} 09:00–12:00`], removed: [`${di} 08:00–10:00`] });
  });

  it('keeps a night across midnight as one span, Sunday into Monday too', () => {
    const before = week([iv('00:00', '02:00')], [], [], [], [], [], [iv('22:00', '24:00')]);
    const changes = siteChanges(before, emptyWeek());
    expect(changes).toEqual({ added: [], removed: [{ day: 6, from: 44, length: 8, lastDay: 6 }] });
    expect(words(changes, 'de').removed).toEqual([`${so} 22:00–${mo} 02:00`]);
    expect(words(changes, 'en').removed).toEqual(['Sun 22:00–Mon 02:00']);
  });

  it('names whole days, the weekend across days, and the week around the clock', () => {
    // From office hours to around the clock: four nights, and the weekend from Friday evening to Monday morning.
    const weekend = siteChanges(presetWeek('officeHoursOnly'), fullWeek());
    expect(weekend.added).toHaveLength(2);
    expect(words(weekend).added).toEqual(['Mon–Thu 18:00–08:00 (next day)', 'Fri 18:00–Mon 08:00']);
    expect(words(weekend, 'de').added.at(-1)).toBe(`${fr} 18:00–${mo} 08:00`);
    // The same hours on consecutive days are said once; other days apart.
    const office = siteChanges(
      emptyWeek(),
      week([iv('08:00', '18:00')], [iv('08:00', '18:00')], [iv('08:00', '18:00')], [iv('09:00', '18:00')], [iv('08:00', '18:00')]),
    );
    expect(words(office, 'de').added).toEqual([`${mo}–${mi} 08:00–18:00`, `${dO} 09:00–18:00`, `${fr} 08:00–18:00`]);
    // A night ending at midnight ends at 24:00 of its own day.
    expect(words(siteChanges(emptyWeek(), week([], [], [], [], [], [], [iv('20:00', '24:00')])), 'de').added).toEqual([
      `${so} 20:00–24:00`,
    ]);
    expect(words(siteChanges(emptyWeek(), fullWeek())).added).toEqual(['around the clock, all week']);
    expect(words(siteChanges(emptyWeek(), week([], [], [], [], [], [iv('00:00', '24:00')], [iv('00:00', '24:00')]))).added).toEqual([
      'Sat–Sun',
    ]);
  });

  it('says mornings and evenings repeated on the same days once each', () => {
    const before = week(...Array.from({ length: 5 }, () => [iv('06:00', '07:00'), iv('18:00', '22:00')]));
    expect(words(siteChanges(before, emptyWeek()), 'de').removed).toEqual([`${mo}–${fr} 06:00–07:00`, `${mo}–${fr} 18:00–22:00`]);
  });

  it('says nothing changes when the hours are the same, however they were written', () => {
    const a = week([iv('22:00', '24:00')], [iv('00:00', '06:00')]);
    const b = week([iv('22:00', '06:00')]);
    expect(noChanges(siteChanges(a, b))).toBe(true);
    expect(noChanges(siteChanges(a, emptyWeek()))).toBe(false);
  });

  it('writes times as the 24-hour HH:MM of the grid, ending a day at 24:00', () => {
    expect(slotTime(36)).toBe('18:00');
    expect(slotTime(17)).toBe('08:30');
    expect(slotTime(48)).toBe('24:00');
  });
});
