import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import evDe from '../../features/evacuation/messages/de.json';
import evEn from '../../features/evacuation/messages/en.json';
import evEs from '../../features/evacuation/messages/es.json';
import evFr from '../../features/evacuation/messages/fr.json';
import evIt from '../../features/evacuation/messages/it.json';
import evNl from '../../features/evacuation/messages/nl.json';
import { $apiBase } from '../config/config.ts';
import { applyLanguage, t } from '../i18n/i18n.ts';
import de from '../i18n/messages/de.json';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import fr from '../i18n/messages/fr.json';
import it_ from '../i18n/messages/it.json';
import nl from '../i18n/messages/nl.json';
import { json, mockFetch } from '../../../test/unit/fetchMock.ts';
import { formatMoment, momentParams } from './moments.ts';

const CATALOGUES: Record<string, { core: object; evacuation: object }> = {
  en: { core: en, evacuation: evEn },
  de: { core: de, evacuation: evDe },
  fr: { core: fr, evacuation: evFr },
  nl: { core: nl, evacuation: evNl },
  it: { core: it_, evacuation: evIt },
  es: { core: es, evacuation: evEs },
};

const now = new Date(2026, 10, 23, 15, 0, 0);
const today = new Date(2026, 10, 23, 9, 5, 42);
const yesterday = new Date(2026, 10, 22, 23, 59, 59);
const norm = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

beforeAll(() => {
  $apiBase.set('https://api.vigil.test');
  mockFetch((call) => {
    const locale = /\/i18n\/messages\/([a-z]+)\.json$/.exec(call.url.pathname)?.[1] ?? '';
    const catalogue = CATALOGUES[locale];
    return catalogue ? json(catalogue) : json({}, 404);
  });
});
afterAll(async () => {
  await applyLanguage('en');
});

describe('moments', () => {
  beforeAll(async () => {
    await applyLanguage('en');
  });

  it('show the time alone today, and the date too on another day, never seconds', () => {
    expect(norm(formatMoment(today.toISOString(), now))).toBe('09:05');
    expect(norm(formatMoment(today.getTime(), now))).toBe('09:05');
    expect(norm(formatMoment(yesterday.toISOString(), now))).toBe('Nov 22, 2026, 23:59');
  });

  it('say nothing for a missing or broken moment', () => {
    expect(formatMoment(null, now)).toBe('');
    expect(formatMoment('not a date', now)).toBe('');
    expect(formatMoment(undefined, now)).toBe('');
    expect(momentParams('not a date', now)).toEqual({ time: '' });
  });

  it('pick the wording of a sentence: a time today, a date on another day', () => {
    expect(momentParams(today.getTime(), now)).toEqual({ time: formatMoment(today.getTime(), now) });
    expect(momentParams(yesterday.getTime(), now)).toEqual({ time: formatMoment(yesterday.getTime(), now), context: 'day' });
  });
});

// Each sentence that names a moment, today and on another day, in every language: no
// "ended on 2:11 PM", no "depuis le 14:11", no "Confirmed" beside "Unconfirmed".
const SENTENCES = {
  en: ['The last evacuation ended today at 09:05.', 'The last evacuation ended on Nov 22, 2026, 23:59.', 'Last confirmed at 09:05'],
  de: [
    'Die letzte Evakuierung endete heute um 09:05.',
    'Die letzte Evakuierung endete am 22.11.2026, 23:59.',
    'Zuletzt bestätigt um 09:05',
  ],
  fr: [
    'La dernière évacuation s’est terminée aujourd’hui à 09:05.',
    'La dernière évacuation s’est terminée le 22 nov. 2026, 23:59.',
    'Dernière confirmation à 09:05',
  ],
  nl: [
    'De laatste evacuatie eindigde vandaag om 09:05.',
    'De laatste evacuatie eindigde op 22 nov 2026, 23:59.',
    'Laatst bevestigd om 09:05',
  ],
  it: [
    'L’ultima evacuazione è terminata oggi alle 09:05.',
    'L’ultima evacuazione è terminata il 22 nov 2026, 23:59.',
    'Ultima conferma alle 09:05',
  ],
  es: [
    'La última evacuación terminó hoy a las 09:05.',
    'La última evacuación terminó el 22 nov 2026, 23:59.',
    'Última confirmación a las 09:05',
  ],
} as const;

describe.each(Object.entries(SENTENCES))('sentences with a moment in %s', (language, [endedToday, endedBefore, confirmed]) => {
  beforeAll(async () => {
    expect(await applyLanguage(language as keyof typeof SENTENCES)).toBe(language);
  });

  it('word a moment today and one on another day each their own way', () => {
    expect(norm(t('evacuation.control.lastEnded', momentParams(today.getTime(), now)))).toBe(endedToday);
    expect(norm(t('evacuation.control.lastEnded', momentParams(yesterday.getTime(), now)))).toBe(endedBefore);
    expect(norm(t('evacuation.control.confirmedAt', momentParams(today.getTime(), now)))).toBe(confirmed);
  });
});
