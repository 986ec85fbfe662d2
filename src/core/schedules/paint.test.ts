import { describe, expect, it } from 'vitest';
import { extendFrom, paintRange, setCell, shiftWeek } from './paint.ts';
import { emptyWeek, weeksEqual, type Week } from './week.ts';
import { securedCount } from '../../../test/unit/weeks.ts';

const on = (week: Week, day: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => week[day]![from + i]);

describe('the keyboard painting rule (extendFrom)', () => {
  it('Space then Shift+arrows: the range takes the start cell’s new value (secured)', () => {
    const spaced = setCell(emptyWeek(), { day: 0, slot: 16 }, true); // Space on Mon 08:00
    const next = extendFrom(spaced, { day: 0, slot: 16 }, { day: 0, slot: 19 }); // Shift+ArrowRight ×3
    expect(on(next, 0, 16, 19)).toEqual([true, true, true, true]);
    expect(securedCount(next)).toBe(4);
  });

  it('a range started on a secured cell secures the open cells it covers', () => {
    const base = setCell(setCell(emptyWeek(), { day: 1, slot: 10 }, true), { day: 2, slot: 12 }, false);
    const next = extendFrom(base, { day: 1, slot: 10 }, { day: 2, slot: 12 });
    expect(securedCount(next)).toBe(6);
    expect(on(next, 2, 10, 12)).toEqual([true, true, true]);
  });

  it('a range started on an open cell clears what it covers', () => {
    const base = extendFrom(setCell(emptyWeek(), { day: 3, slot: 0 }, true), { day: 3, slot: 0 }, { day: 3, slot: 47 });
    expect(securedCount(base)).toBe(48);
    const cleared = extendFrom(setCell(base, { day: 3, slot: 20 }, false), { day: 3, slot: 20 }, { day: 3, slot: 23 });
    expect(on(cleared, 3, 19, 24)).toEqual([true, false, false, false, false, true]);
  });

  it('reads the anchor from the week before the range, and returns the same week when nothing changes', () => {
    const base = emptyWeek();
    expect(extendFrom(base, { day: 0, slot: 0 }, { day: 6, slot: 47 })).toBe(base);
  });
});

describe('the week from noon to noon (the narrow grid)', () => {
  it('puts a night across midnight in one row, and shifts back to the same week', () => {
    const night = paintRange(
      paintRange(emptyWeek(), { day: 0, slot: 44 }, { day: 0, slot: 47 }, true),
      { day: 1, slot: 0 },
      { day: 1, slot: 11 },
      true,
    );
    const view = shiftWeek(night, 24);
    // Row 0 = Monday 12:00 to Tuesday 12:00: 22:00 is its 20th half-hour, 06:00 its 36th.
    expect(view[0]!.map((v, s) => (v ? s : -1)).filter((s) => s >= 0)).toEqual(Array.from({ length: 16 }, (_, i) => 20 + i));
    expect(securedCount(view)).toBe(16);
    expect(weeksEqual(shiftWeek(view, -24), night)).toBe(true);
  });

  it('wraps Sunday’s night into Monday morning', () => {
    const sundayNight = paintRange(emptyWeek(), { day: 0, slot: 0 }, { day: 0, slot: 3 }, true); // Mon 00:00–02:00
    expect(shiftWeek(sundayNight, 24)[6]!.slice(24, 28)).toEqual([true, true, true, true]);
  });
});
