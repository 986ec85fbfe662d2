import { describe, expect, it } from 'vitest';
import { intl } from './intl.ts';

describe('intl', () => {
  it('gives the same formatter for the same kind, language and options', () => {
    const a = intl(Intl.NumberFormat, 'de');
    expect(intl(Intl.NumberFormat, 'de')).toBe(a);
    const unit = intl(Intl.NumberFormat, 'de', { style: 'unit', unit: 'minute', unitDisplay: 'short' });
    expect(intl(Intl.NumberFormat, 'de', { style: 'unit', unit: 'minute', unitDisplay: 'short' })).toBe(unit);
    expect(unit).not.toBe(a);
  });

  it('keeps languages, options and kinds apart', () => {
    expect(intl(Intl.NumberFormat, 'de').format(1234.5)).toBe('1.234,5');
    expect(intl(Intl.NumberFormat, 'en').format(1234.5)).toBe('1,234.5');
    expect(intl(Intl.NumberFormat, 'en', { style: 'unit', unit: 'hour', unitDisplay: 'short' }).format(2)).toBe('2 hr');
    expect(intl(Intl.NumberFormat, 'en', { style: 'unit', unit: 'day', unitDisplay: 'short' }).format(2)).toBe('2 days');
    expect(intl(Intl.ListFormat, 'en', { type: 'conjunction' }).format(['a', 'b', 'c'])).toBe('a, b, and c');
    expect(intl(Intl.ListFormat, 'fr', { type: 'conjunction' }).format(['a', 'b', 'c'])).toBe('a, b et c');
    expect(intl(Intl.RelativeTimeFormat, 'en', { style: 'short', numeric: 'always' }).format(-3, 'minute')).toBe('3 min. ago');
  });
});
