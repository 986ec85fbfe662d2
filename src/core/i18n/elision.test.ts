import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import evFr from '../../features/evacuation/messages/fr.json';
import usersEn from '../../features/users/messages/en.json';
import usersFr from '../../features/users/messages/fr.json';
import { $apiBase } from '../config/config.ts';
import { json, mockFetch } from '../../../test/unit/fetchMock.ts';
import { named, nameContext } from './elision.ts';
import { applyLanguage, t } from './i18n.ts';
import coreEn from './messages/en.json';
import coreFr from './messages/fr.json';

describe('nameContext', () => {
  it('asks for the elided wording before a vowel, accented ones and lower case included', () => {
    for (const name of ['Atlas Retail', 'Île-de-France', 'École du Nord', 'oak yard', ' Upper Deck']) {
      expect(nameContext(name), name).toEqual({ context: 'vowel' });
    }
  });

  it('keeps the plain wording before a consonant, a digit, or no name', () => {
    for (const name of ['Northwind Logistics', 'Hudson Retail', '3rd Street', '', null, undefined]) {
      expect(nameContext(name), String(name)).toEqual({});
    }
  });
});

describe('sentences with a name', () => {
  beforeAll(() => {
    $apiBase.set('https://api.vigil.test');
    mockFetch((call) => {
      if (call.url.pathname.endsWith('/fr.json')) return json({ core: coreFr, users: usersFr, evacuation: evFr });
      if (call.url.pathname.endsWith('/en.json')) return json({ core: coreEn, users: usersEn });
      return json({}, 404);
    });
  });
  afterAll(async () => {
    await applyLanguage('en');
  });

  it('elide in French: "d’Atlas", but "de Northwind"', async () => {
    await applyLanguage('fr');
    expect(t('users.titleWithProject', { project: 'Atlas', ...nameContext('Atlas') })).toBe('Utilisateurs d’Atlas');
    expect(t('users.titleWithProject', { project: 'Northwind', ...nameContext('Northwind') })).toBe('Utilisateurs de Northwind');
    expect(t('evacuation.dialog.startTitle', named('Atlas'))).toBe('Lancer l’évacuation d’Atlas ?');
  });

  it('change nothing in a language that does not elide', async () => {
    await applyLanguage('en');
    expect(t('users.titleWithProject', { project: 'Atlas', ...nameContext('Atlas') })).toBe('Users of Atlas');
  });
});
