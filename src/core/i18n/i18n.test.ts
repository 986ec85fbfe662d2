import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/store.ts';
import { startLanguage } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { applyLanguage, loadMessages, t } from './i18n.ts';
import { $language, matchLanguage } from './languages.ts';

describe('languages', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set(null);
  });

  it('maps the picker entries and browser languages', () => {
    expect(matchLanguage('fr-BE')).toBe('fr-BE');
    expect(matchLanguage('nl-be')).toBe('nl-BE');
    expect(matchLanguage('de-CH', true)).toBe('de');
    expect(matchLanguage('es-ES', true)).toBeNull(); // browsers may start only in en de fr nl it
    expect(matchLanguage('es')).toBe('es'); // but a saved choice of Spanish is honoured
    expect(matchLanguage('pt', true)).toBeNull();
  });

  it("starts in the user's saved locale, else the browser's if supported, else en", () => {
    const spy = vi.spyOn(navigator, 'languages', 'get');
    spy.mockReturnValue(['nl-NL']);
    expect(startLanguage()).toBe('nl');
    $currentUser.set({ ...SAMPLE_USER, locale: 'it', token: 't' });
    expect(startLanguage()).toBe('it');
    $currentUser.set(null);
    spy.mockReturnValue(['pt-BR']);
    expect(startLanguage()).toBe('en');
  });

  it('loads each catalogue once and applies it', async () => {
    const m = mockFetch((call) =>
      call.url.pathname === '/i18n/messages/fr.json'
        ? json({ core: { errors: { generic: 'Erreur' }, common: { loading: 'Chargement…', cancel: 'Annuler (serveur)' } } })
        : json({}, 404),
    );
    await applyLanguage('fr');
    await applyLanguage('en');
    await applyLanguage('fr-BE');
    expect(m.callsTo('/i18n/messages/fr.json')).toHaveLength(1);
    expect($language.get()).toBe('fr-BE');
    expect(t('core.common.cancel')).toBe('Annuler (serveur)');
    // a key the server's catalogue lacks falls back to the bundled English, never a raw key
    expect(t('core.common.retry')).toBe('Try again');
  });

  it('falls back to en when a catalogue cannot be loaded, and tries again later', async () => {
    const m = mockFetch(() => json({}, 500));
    expect(await applyLanguage('it')).toBe('en');
    expect($language.get()).toBe('en');
    expect(t('core.common.cancel')).toBe('Cancel');
    expect(await loadMessages('it')).toBe(false);
    expect(m.callsTo('/i18n/messages/it.json')).toHaveLength(2);
  });
});

describe('bundled English fallback', () => {
  it('leaves the parts that come with lazily loaded code out of the English every element carries', async () => {
    mockFetch(() => {
      throw new TypeError('offline');
    });
    await applyLanguage('en');
    // Nothing has imported the new-incident alerts, the not-found page, the toasts' view or codes.ts in this file yet.
    expect(t('core.live.open')).toBe('core.live.open');
    expect(t('core.common.retry')).toBe('Try again');
    await import('../inbox/live/alerts.ts');
    expect(t('core.live.open')).toBe('View incident');
    expect(t('core.live.offer.notNow')).toBe('Not now');
    await import('../../features/layout/messages/bundled.ts');
    expect(t('layout.notFound.heading')).toBe('layout.notFound.heading');
    await import('../../features/layout/NotFoundPage.tsx');
    expect(t('layout.notFound.heading')).toBe('We could not find this page');
    // The errors only a toast shows come with the toasts' view.
    expect(t('core.toastErrors.loadProjects')).toBe('core.toastErrors.loadProjects');
    expect(t('core.errors.generic')).toBe('Something went wrong. Please try again or contact our support');
    await import('../../features/common/ToastRegion.tsx');
    expect(t('core.toastErrors.loadProjects')).toBe(
      'Something went wrong. Unable to load projects. Please try again by refreshing the page or contact our support.',
    );
    // The names of permissions and system types come with codes.ts.
    expect(t('core.permissions.manageUsers')).toBe('core.permissions.manageUsers');
    await import('./codes.ts');
    expect(t('core.permissions.manageUsers')).toBe('Manage users');
  });

  it('resolves every key of every namespace once its feature is loaded, with no server at all', async () => {
    mockFetch(() => {
      throw new TypeError('offline');
    });
    const { NAMESPACES } = await import('./namespaces.ts');
    const { flatten, loadCatalogue } = await import('../../../scripts/catalogues.ts');
    const bundles = import.meta.glob('../../features/*/messages/bundled.ts');
    // Parts of catalogues that come with the code showing them (`en.json?<part>.part.json`), not with the rest.
    const parts = import.meta.glob([
      '../../features/*/messages/bundled-*.ts',
      '../inbox/live/alerts.ts',
      '../../features/layout/LanguagePicker.tsx',
      '../../features/common/ToastRegion.tsx',
      '../../features/common/LiveNotice.tsx',
      './codes.ts',
    ]);
    await Promise.all([...Object.values(bundles), ...Object.values(parts)].map((load) => load()));
    expect(Object.keys(bundles)).toHaveLength(Object.keys(NAMESPACES).length - 1);
    await applyLanguage('en');
    const missing = [...flatten(loadCatalogue('en'))].filter(([key, value]) => t(key as never) !== value).map(([k]) => k);
    expect(missing).toEqual([]);
  });
});

describe('applying languages', () => {
  it('lets the latest request win when an earlier one resolves later', async () => {
    let releaseEn!: () => void;
    const enGate = new Promise<void>((r) => (releaseEn = r));
    mockFetch(async (call) => {
      if (call.url.pathname.endsWith('/nl.json')) await enGate;
      return json({ core: { errors: { generic: 'x' }, common: { loading: 'x' } } });
    });
    const slow = applyLanguage('nl');
    const fast = applyLanguage('de');
    expect(await fast).toBe('de');
    releaseEn();
    await slow;
    expect($language.get()).toBe('de');
  });
});
