import { afterEach, describe, expect, it } from 'vitest';
import { $language } from '../i18n/languages.ts';
import { formatElapsed } from './elapsed.ts';

const MIN = 60_000;
const norm = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('formatElapsed', () => {
  const before = $language.get();
  afterEach(() => $language.set(before));

  it('says minutes, then hours and minutes, then days and hours, never "0 min"', () => {
    $language.set('en');
    expect(norm(formatElapsed(0))).toBe('1 min');
    expect(norm(formatElapsed(59 * 1000))).toBe('1 min');
    expect(norm(formatElapsed(12 * MIN + 59 * 1000))).toBe('12 min');
    expect(norm(formatElapsed(60 * MIN))).toBe('1 hr');
    expect(norm(formatElapsed(65 * MIN))).toBe('1 hr 5 min');
    expect(norm(formatElapsed((2 * 1440 + 3 * 60 + 7) * MIN))).toBe('2 days 3 hr');
  });

  it('uses the applied language’s unit words', () => {
    $language.set('de');
    expect(norm(formatElapsed(65 * MIN))).toBe('1 Std. 5 Min.');
    $language.set('fr');
    expect(norm(formatElapsed(65 * MIN))).toBe('1 h 5 min');
  });
});
