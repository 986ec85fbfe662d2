import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $language } from '../../core/i18n/languages.ts';
import { formatChecked, formatMoment, formatSince } from './format.ts';

describe('evacuation moments', () => {
  const before = $language.get();
  beforeEach(() => $language.set('en'));
  afterEach(() => $language.set(before));
  const now = new Date(2026, 10, 23, 15, 0, 0);

  it('show the time alone today, and the date too on another day, never seconds', () => {
    const today = new Date(2026, 10, 23, 9, 5, 42);
    const yesterday = new Date(2026, 10, 22, 23, 59, 59);
    expect(formatSince(today.toISOString(), now)).toBe('9:05 AM');
    expect(formatMoment(today.toISOString(), now)).toBe('9:05 AM');
    expect(formatChecked(today.getTime(), now)).toBe('9:05 AM');
    expect(formatMoment(yesterday.toISOString(), now)).toBe('Nov 22, 2026, 11:59 PM');
    expect(formatChecked(yesterday.getTime(), now)).toBe('Nov 22, 2026, 11:59 PM');
  });

  it('say nothing for a missing or broken moment', () => {
    expect(formatMoment(null, now)).toBe('');
    expect(formatSince('not a date', now)).toBe('');
    expect(formatChecked(undefined, now)).toBe('');
  });
});
