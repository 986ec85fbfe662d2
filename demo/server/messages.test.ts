import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { flatten } from '../../scripts/catalogues.ts';
import { LANGUAGES, negotiate, supportedLanguage, text, translate } from './messages.ts';
import { PROJECTS, SITES, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

const catalogue = (language: string) =>
  flatten(JSON.parse(readFileSync(join(import.meta.dirname, 'messages', `${language}.json`), 'utf8')));
const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('server catalogues', () => {
  it('have the same keys, no empty texts and the same placeholders in all six languages', () => {
    const en = catalogue('en');
    expect(en.size).toBeGreaterThan(40);
    for (const language of LANGUAGES) {
      const other = catalogue(language);
      expect([...other.keys()].sort(), language).toEqual([...en.keys()].sort());
      for (const [key, value] of other) {
        expect(typeof value === 'string' && value.trim(), `${language} ${key}`).toBeTruthy();
        expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(en.get(key)));
      }
    }
  });

  it('are translations, not copies of English (apart from a few words that are the same)', () => {
    const en = catalogue('en');
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const same = [...catalogue(language)].filter(([key, value]) => value === en.get(key)).map(([key]) => key);
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('fill in placeholders, translating nested texts in the same language', () => {
    const overlap = text('schedule.overlap', { day: text('days.2') });
    expect(translate(overlap, 'en')).toBe('Wednesday: the intervals overlap.');
    expect(translate(overlap, 'de')).toBe('Mittwoch: Die Zeiträume überschneiden sich.');
    expect(translate(text('validation.passwordTooShort', { min: 8 }), 'fr')).toBe('Le mot de passe doit comporter au moins 8 caractères.');
  });

  it('pick the language: regions to their language, q-values, unknown to nothing', () => {
    expect(supportedLanguage('fr-BE')).toBe('fr');
    expect(supportedLanguage('nl-BE')).toBe('nl');
    expect(supportedLanguage('DE-ch')).toBe('de');
    expect(supportedLanguage('pt-BR')).toBeUndefined();
    expect(negotiate('nl-BE,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(negotiate('pt-BR, it;q=0.7, es;q=0.9')).toBe('es');
    expect(negotiate('de;q=0, fr;q=0.2')).toBe('fr');
    expect(negotiate('xx, *')).toBeUndefined();
  });
});

const LOGIN_FAILED = {
  en: 'These credentials do not match our records.',
  de: 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.',
  fr: 'Ces identifiants ne correspondent pas à nos enregistrements.',
};
const ALREADY_MEMBER = {
  en: 'This user is already a member of the project.',
  de: 'Dieser Benutzer ist bereits Mitglied des Projekts.',
  fr: 'Cet utilisateur est déjà membre du projet.',
};

describe('server answers in the request language', () => {
  let app: TestApp;
  let manager: string;
  const users = `/api/v2/projects/${PROJECTS.northwind}/users`;
  const lang = (value: string) => ({ 'Accept-Language': value });
  beforeAll(async () => {
    // Many failed sign-ins in a row: the attempt limit is not what these tests are about.
    app = testApp({ limits: { perAccount: 100, perAddress: 100 } });
    manager = await login(app, 'manager@vigil.test');
  });

  it('a failed sign-in: German, French (also fr-BE), English for an unknown language or none', async () => {
    const body = { email: 'manager@vigil.test', password: 'wrong-password' };
    for (const [header, language] of [
      ['de-DE', 'de'],
      ['fr', 'fr'],
      ['fr-BE', 'fr'],
      ['xx', 'en'],
      ['', 'en'],
    ] as const) {
      const res = await call(app, 'POST', '/api/v2/user/login', { body, headers: header ? lang(header) : {} });
      expect(res.status, header).toBe(422);
      expect(res.body, header).toEqual({ errors: [{ field: 'email', message: LOGIN_FAILED[language] }] });
      expect(res.headers.get('Content-Language'), header).toBe(language);
    }
    // ?locale= (sent by the sign-in form) wins over the header.
    const query = await call(app, 'POST', '/api/v2/user/login?locale=de', { body, headers: lang('fr') });
    expect(query.body.errors[0].message).toBe(LOGIN_FAILED.de);
  });

  it('body validation errors from the contract schemas, on the same fields', async () => {
    const bad = { email: 'nope', name: '', permissions: ['fly'] };
    const de = await call(app, 'POST', users, { token: manager, body: bad, headers: lang('de') });
    expect(de.status).toBe(422);
    expect(de.body.errors).toEqual([
      { field: 'email', message: 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.' },
      { field: 'name', message: 'Geben Sie einen Namen ein.' },
      { field: 'permissions.0', message: 'Wählen Sie Berechtigungen aus der Liste.' },
    ]);
    const fr = await call(app, 'POST', users, { token: manager, body: bad, headers: lang('fr-BE') });
    expect(fr.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Saisissez une adresse e-mail valide, par exemple nom@example.com.',
      'Saisissez un nom.',
      'Choisissez des autorisations dans la liste.',
    ]);
    const unknown = await call(app, 'POST', users, { token: manager, body: bad, headers: lang('xx') });
    expect(unknown.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Enter a valid e-mail address, like name@example.com.',
      'Enter a name.',
      'Choose permissions from the list.',
    ]);

    const reset = { token: 'abc', email: 'manager@vigil.test', password: 'short', password_confirmation: 'other' };
    const resetDe = await call(app, 'POST', '/api/v2/user/reset-password', { body: reset, headers: lang('de') });
    expect(resetDe.body.errors).toEqual([
      { field: 'token', message: 'Dieser Token zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.' },
      { field: 'password', message: 'Das Passwort muss mindestens 8 Zeichen lang sein.' },
      { field: 'password_confirmation', message: 'Die Passwörter stimmen nicht überein.' },
    ]);
    const notObject = await call(app, 'POST', '/api/v2/user/login', { rawBody: '"manager@vigil.test"', headers: lang('fr') });
    expect(notObject.body).toEqual({ errors: [{ message: 'Le corps de la requête doit être un objet JSON.' }] });
    const missing = await call(app, 'POST', '/api/v2/user/login', { body: {}, headers: lang('it') });
    expect(missing.body.errors).toEqual([
      { field: 'email', message: 'Inserisci un indirizzo e-mail.' },
      { field: 'password', message: 'Inserisci una password.' },
    ]);
  });

  it('project user errors: already a member, the last manager', async () => {
    const dup = { email: 'viewer@vigil.test', name: 'Vic', permissions: ['view'] };
    for (const [header, language] of [
      ['de', 'de'],
      ['fr', 'fr'],
      ['pt-BR', 'en'],
    ] as const) {
      const res = await call(app, 'POST', users, { token: manager, body: dup, headers: lang(header) });
      expect(res.status, header).toBe(422);
      expect(res.body.errors, header).toEqual([{ field: 'email', message: ALREADY_MEMBER[language] }]);
    }
    const demote = await call(app, 'PATCH', `${users}/${USERS.manager}`, {
      token: manager,
      body: { permissions: ['view'] },
      headers: lang('nl-BE'),
    });
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual([
      { field: 'permissions', message: 'Een project heeft minstens één gebruiker nodig die gebruikers kan beheren.' },
    ]);
    const remove = await call(app, 'DELETE', `${users}/${USERS.manager}`, { token: manager, headers: lang('es') });
    expect(remove.body.errors).toEqual([
      { field: 'user', message: 'Un proyecto necesita al menos un usuario que pueda gestionar usuarios.' },
    ]);
  });

  it('confirmations, 401, 403 and 404 too', async () => {
    const forgot = await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'nobody@vigil.test' }, headers: lang('de') });
    expect(forgot.body.data.message).toBe(
      'Falls diese E-Mail-Adresse bekannt ist, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
    );
    const anonymous = await call(app, 'GET', '/api/v2/user', { headers: lang('fr') });
    expect([anonymous.status, anonymous.body]).toEqual([401, { errors: [{ message: 'Non authentifié.' }] }]);
    const viewer = await login(app, 'viewer@vigil.test');
    const forbidden = await call(app, 'GET', users, { token: viewer, headers: lang('it') });
    expect([forbidden.status, forbidden.body]).toEqual([403, { errors: [{ message: 'Questa azione non è autorizzata.' }] }]);
    const missing = await call(app, 'GET', `/api/v2/projects/${PROJECTS.hudson}/users`, { token: manager, headers: lang('de') });
    expect([missing.status, missing.body]).toEqual([404, { errors: [{ message: 'Projekt nicht gefunden.' }] }]);
  });

  it('schedule rule errors name the day in the language', async () => {
    const days = [
      [],
      [],
      [
        { from: '08:00', to: '12:00' },
        { from: '11:00', to: '13:00' },
      ],
      [{ from: '10:15', to: '11:00' }],
      [],
      [],
      [],
    ];
    const res = await call(app, 'POST', `/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`, {
      token: manager,
      body: { siteUuids: [SITES.brusselsOffice], schedule: { days } },
      headers: lang('fr'),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        field: 'schedule.days.3.0.from',
        message: 'Jeudi, plage 1 : les heures doivent tomber sur une heure pile ou une demi-heure (HH:00 ou HH:30).',
      },
    ]);
    const overlap = await call(app, 'POST', `/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`, {
      token: manager,
      body: { siteUuids: [SITES.brusselsOffice], schedule: { days: days.map((d, i) => (i === 3 ? [] : d)) }, timezone: 'Mars/Base' },
      headers: lang('de'),
    });
    expect(overlap.body.errors).toEqual([
      { field: 'schedule.days.2', message: 'Mittwoch: Die Zeiträume überschneiden sich.' },
      { field: 'timezone', message: 'Wählen Sie eine gültige Zeitzone, z. B. Europe/Brussels.' },
    ]);
  });

  it("without Accept-Language, the user's saved locale", async () => {
    const token = await login(app, 'viewer@vigil.test');
    expect((await call(app, 'PUT', '/api/v2/user/locale', { token, body: { locale: 'nl-BE' } })).status).toBe(200);
    const res = await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/users`, { token });
    expect(res.body).toEqual({ errors: [{ message: 'Deze actie is niet toegestaan.' }] });
    // The header still wins when it is sent.
    expect(
      (await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/users`, { token, headers: lang('en') })).body.errors[0].message,
    ).toBe('This action is unauthorized.');
  });
});
