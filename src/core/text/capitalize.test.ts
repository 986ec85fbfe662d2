import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { json, mockFetch } from '../../../test/unit/fetchMock.ts';
import { capitalizeFirst, timeZoneLabel } from './capitalize.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import de from '../i18n/messages/de.json';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import fr from '../i18n/messages/fr.json';
import { timeZoneName } from '../i18n/names.ts';

const CATALOGUES: Record<string, object> = { en, de, fr, es };

beforeAll(() => {
  $apiBase.set('https://api.vigil.test');
  mockFetch((call) => {
    const locale = /\/i18n\/messages\/([a-z]+)\.json$/.exec(call.url.pathname)?.[1] ?? '';
    const core = CATALOGUES[locale];
    return core ? json({ core }) : json({}, 404);
  });
});

describe('capitalizeFirst', () => {
  it('capitalises the first letter of a French zone name and keeps the rest', () => {
    expect(capitalizeFirst('heure normale d’Europe centrale', 'fr')).toBe('Heure normale d’Europe centrale');
    expect(capitalizeFirst('hora de Europa central', 'es')).toBe('Hora de Europa central');
  });

  it('follows the language’s own rules (Turkish dotted i)', () => {
    expect(capitalizeFirst('istanbul', 'tr')).toBe('İstanbul');
    expect(capitalizeFirst('istanbul', 'en')).toBe('Istanbul');
  });

  it('keeps a combining accent on the capitalised first letter', () => {
    const decomposed = 'e\u0301t\u00e9'; // "été" with a combining acute on the first e
    expect(capitalizeFirst(decomposed, 'fr')).toBe('E\u0301t\u00e9');
    expect(capitalizeFirst('éte', 'fr')).toBe('Éte');
  });

  it('leaves text that already starts with a capital, a digit or nothing alone', () => {
    expect(capitalizeFirst('Mitteleuropäische Zeit', 'de')).toBe('Mitteleuropäische Zeit');
    expect(capitalizeFirst('24 h', 'en')).toBe('24 h');
    expect(capitalizeFirst('', 'fr')).toBe('');
  });

  it('takes a letter outside the BMP whole (not half a surrogate pair)', () => {
    expect(capitalizeFirst('𐐨x', 'en')).toBe('𐐀x'); // Deseret small long i → capital
  });
});

describe('timeZoneLabel', () => {
  afterEach(() => void applyLanguage('en'));

  it('starts a French or Spanish zone name with a capital, and leaves English and German as they are', async () => {
    const at = new Date('2027-01-15T12:00:00Z');
    await applyLanguage('fr');
    expect(timeZoneName('Europe/Brussels', at)).toMatch(/^heure /); // the runtime's own lower case
    expect(timeZoneLabel('Europe/Brussels').replace(/[\u202f\u00a0]/g, ' ')).toMatch(/^Heure .*Europe centrale \(UTC\+[12]\)$/);
    await applyLanguage('es');
    expect(timeZoneLabel('Europe/Madrid')).toMatch(/^Hora /);
    await applyLanguage('de');
    expect(timeZoneLabel('Europe/Berlin')).toMatch(/^Mitteleuropäische Zeit/);
    await applyLanguage('en');
    expect(timeZoneLabel('America/New_York')).toMatch(/^Eastern Time/);
  });
});
