import { describe, expect, it } from 'vitest';
import { capitalizeFirst } from './capitalize.ts';

describe('capitalizeFirst', () => {
  it('capitalises the first letter of a French zone name and keeps the rest', () => {
    expect(capitalizeFirst('heure normale d’Europe centrale', 'fr')).toBe('Heure normale d’Europe centrale');
    expect(capitalizeFirst('hora de Europa central', 'es')).toBe('Hora de Europa central');
  });

  it('follows the language’s own rules (Turkish dotted i)', () => {
    expect(capitalizeFirst('istanbul', 'tr')).toBe('İstanbul');
    expect(capitalizeFirst('istanbul', 'en')).toBe('Istanbul');
  });

  it('keeps a first letter with a combining accent whole (one grapheme)', () => {
    const decomposed = 'e\u0301t\u00e9'; // "été" with a combining acute on the first e
    expect(capitalizeFirst(decomposed, 'fr')).toBe('E\u0301t\u00e9');
    expect(capitalizeFirst('éte', 'fr')).toBe('Éte');
  });

  it('leaves text that already starts with a capital, a digit or nothing alone', () => {
    expect(capitalizeFirst('Mitteleuropäische Zeit', 'de')).toBe('Mitteleuropäische Zeit');
    expect(capitalizeFirst('24 h', 'en')).toBe('24 h');
    expect(capitalizeFirst('', 'fr')).toBe('');
  });

  it('does not throw on a language tag the runtime refuses', () => {
    expect(capitalizeFirst('heure', 'not a tag!')).toBe('Heure');
  });
});
