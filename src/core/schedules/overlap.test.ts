import { describe, expect, it } from 'vitest';
import { overlappingDays } from './overlap.ts';

const week = (...days: [number, number][][]) => [...days, ...Array.from({ length: 7 - days.length }, () => [])];

describe('overlappingDays', () => {
  it('allows touching intervals and finds overlaps within a day', () => {
    expect(
      overlappingDays(
        week([
          [0, 8],
          [8, 12],
        ]),
        48,
      ),
    ).toEqual([]);
    expect(
      overlappingDays(
        week(
          [],
          [
            [16, 24],
            [23, 30],
          ],
        ),
        48,
      ),
    ).toEqual([1]);
  });

  it('counts what crosses midnight into the next day, Sunday into Monday', () => {
    expect(overlappingDays(week([[44, 12]], [[10, 14]]), 48)).toEqual([1]);
    expect(overlappingDays(week([[44, 12]], [[12, 14]]), 48)).toEqual([]);
    const sunday = [[], [], [], [], [], [], [[40, 6]]] as [number, number][][];
    expect(overlappingDays([[[2, 4]], ...sunday.slice(1)], 48)).toEqual([0]);
    expect(overlappingDays([[[6, 8]], ...sunday.slice(1)], 48)).toEqual([]);
  });

  it('works in minutes too, and a crossing interval ending at 00:00 spills nothing', () => {
    expect(overlappingDays(week([[1320, 0]], [[0, 60]]), 1440)).toEqual([]);
    expect(overlappingDays(week([[1320, 360]], [[330, 420]]), 1440)).toEqual([1]);
  });
});
