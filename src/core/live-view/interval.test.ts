import { describe, expect, it } from 'vitest';
import { parseInterval } from './interval.ts';

describe('parseInterval', () => {
  it('accepts whole milliseconds from 20 to 60000', () => {
    expect(parseInterval(undefined)).toBeNull();
    expect(parseInterval('1000')).toBe(1000);
    expect(parseInterval('20')).toBe(20);
    expect(parseInterval('19')).toBeNull();
    expect(parseInterval('60001')).toBeNull();
    expect(parseInterval('1.5')).toBeNull();
    expect(parseInterval('fast')).toBeNull();
  });
});
