/** The language a person chooses stays theirs: across a sign-in, a reload and every tab. */
import { beforeEach, describe, expect, it } from 'vitest';
import { freshPage } from '../../../test/unit/fresh-page.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { LANGUAGE_STORAGE_KEY, readChosen } from './language.ts';
import { USER_STORAGE_KEY } from './store.ts';

const catalogue = { core: { errors: { generic: 'x' }, common: { loading: 'x' } } };

/** A fresh page whose account is saved in English; `locale` records each PUT of the account's language. */
async function page() {
  freshPage();
  const saved: string[] = [];
  mockFetch((call) => {
    const route = `${call.method} ${call.url.pathname}`;
    if (route === 'POST /api/v2/user/login') return json({ data: { ...SAMPLE_USER, locale: 'en', token: 'tok-new' } });
    if (route === 'GET /api/v2/user') return json({ data: { ...SAMPLE_USER, locale: saved.at(-1) ?? 'en' } });
    if (route === 'PUT /api/v2/user/locale') saved.push((call.body as { locale: string }).locale);
    if (call.url.pathname.startsWith('/i18n/')) return json(catalogue);
    if (route === 'GET /api/v2/notifications') return json({ data: [], meta: { total: 0 } });
    return json({ data: { token: 'jwt' } });
  });
  const { $apiBase } = await import('../config/config.ts');
  $apiBase.set('https://api.vigil.test');
  const session = await import('./session.ts');
  const { setLocale } = await import('./locale.ts');
  const { login } = await import('./sign-in.ts');
  const { $language } = await import('../i18n/languages.ts');
  return { ...session, setLocale, login, $language, saved };
}

describe('the chosen language', () => {
  beforeEach(() => localStorage.clear());

  it('chosen on the sign-in page, it wins over the account’s at sign-in and is saved to the account', async () => {
    const p = await page();
    await p.startSession();
    await p.setLocale('de');
    expect(p.saved).toEqual([]); // signed out: nothing to save yet
    expect(readChosen(localStorage.getItem(LANGUAGE_STORAGE_KEY))).toEqual({ tag: 'de', pending: true });
    await p.login('manager@vigil.test', 'pw');
    expect(p.$language.get()).toBe('de');
    expect(p.saved).toEqual(['de']);
    expect(p.$currentUser.get()?.locale).toBe('de');
    expect(readChosen(localStorage.getItem(LANGUAGE_STORAGE_KEY))).toEqual({ tag: 'de', pending: false });
  });

  it('without a choice since the last sign-in, the account’s language applies', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, JSON.stringify({ tag: 'fr', pending: false }));
    const p = await page();
    await p.startSession();
    expect(p.$language.get()).toBe('fr'); // the sign-in page opens in the browser's last language
    await p.login('manager@vigil.test', 'pw');
    expect(p.$language.get()).toBe('en');
    expect(p.saved).toEqual([]);
  });

  it('follows another tab’s choice at once, signed out or in', async () => {
    const p = await page();
    await p.startSession();
    const value = JSON.stringify({ tag: 'nl', pending: true });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY, newValue: value, storageArea: localStorage }));
    await expect.poll(() => p.$language.get()).toBe('nl');
    // Signed in: the account's language changed in another tab reaches this one through the stored user.
    await p.login('manager@vigil.test', 'pw');
    const user = JSON.stringify({ ...p.$currentUser.get(), locale: 'it' });
    localStorage.setItem(USER_STORAGE_KEY, user);
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY, newValue: user, storageArea: localStorage }));
    await expect.poll(() => p.$language.get()).toBe('it');
  });
});
