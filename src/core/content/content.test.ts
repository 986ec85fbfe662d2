import { beforeEach, describe, expect, it } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $language } from '../i18n/languages.ts';
import { $currentUser, signOut } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts } from '../toasts/toasts.ts';
import { $contentPages, fetchContentPages, firstContentPage, loadContentPage } from './content.ts';

const PAGES = [
  { uuid: 'p1', title: 'Contact' },
  { uuid: 'p2', title: 'Service levels' },
];

describe('content pages', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'tok' });
    $language.set('en');
    $contentPages.set(null);
    $toasts.set([]);
  });

  it('loads the translated list with the locale and links More to the first page', async () => {
    const m = mockFetch(() => json({ data: PAGES }));
    $language.set('de');
    await fetchContentPages();
    expect(m.calls[0]!.url.pathname).toBe('/api/v2/pages');
    expect(m.calls[0]!.url.searchParams.get('locale')).toBe('de');
    expect($contentPages.get()).toEqual({ locale: 'de', pages: PAGES });
    expect(firstContentPage($contentPages.get())?.uuid).toBe('p1');
  });

  it('an empty list hides More', async () => {
    mockFetch(() => json({ data: [] }));
    await fetchContentPages();
    expect(firstContentPage($contentPages.get())).toBeNull();
    expect(firstContentPage(null)).toBeNull();
  });

  it('asks once for concurrent callers, and not at all when signed out', async () => {
    const m = mockFetch(() => json({ data: PAGES }));
    await Promise.all([fetchContentPages(), fetchContentPages()]);
    expect(m.calls).toHaveLength(1);
    $currentUser.set(null);
    await fetchContentPages();
    expect(m.calls).toHaveLength(1);
  });

  it('a failed list leaves More hidden without a toast', async () => {
    mockFetch(() => json({ errors: [{ message: 'boom' }] }, 500));
    await fetchContentPages();
    expect($contentPages.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
  });

  it('is cleared on sign-out', async () => {
    mockFetch(() => json({ data: PAGES }));
    await fetchContentPages();
    signOut();
    expect($contentPages.get()).toBeNull();
  });

  it('loads one page with the locale', async () => {
    const m = mockFetch(() => json({ data: { uuid: 'p1', title: 'Contact', body_html: '<p>Hi</p>' } }));
    expect((await loadContentPage('p1')).title).toBe('Contact');
    expect(m.calls[0]!.url.pathname).toBe('/api/v2/pages/p1');
    expect(m.calls[0]!.url.searchParams.get('locale')).toBe('en');
  });

  it("a missing page rejects without a toast; other failures toast 'Unable to load page'", async () => {
    mockFetch(() => json({ errors: [{ message: 'Not found.' }] }, 404));
    await expect(loadContentPage('nope')).rejects.toMatchObject({ status: 404 });
    expect($toasts.get()).toEqual([]);
    mockFetch(() => json({ errors: [{ message: 'boom' }] }, 500));
    await expect(loadContentPage('p1')).rejects.toMatchObject({ status: 500 });
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.loadPage']);
  });
});
