/**
 * Content pages (the Help menu, docs/product.md#routes): the translated list (GET /api/v2/pages?locale=) that
 * decides what the Help menu lists and where it links, and one page
 * (GET /api/v2/pages/{uuid}?locale=). The list follows the language and is cleared on
 * sign-out.
 */
import { atom } from 'nanostores';
import * as Answers from '../api/answer-names.ts';
import type { ContentPage, ContentPageSummary } from '../api/contract.ts';
import { isAborted, isUnauthorized, request } from '../api/client.ts';
import { $language } from '../i18n/languages.ts';
import { isMissing } from '../resources/resources.ts';
import { $currentUser, onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { showError } from '../toasts/toasts.ts';

export interface ContentPageList {
  /** The language the titles are in. */
  locale: string;
  pages: ContentPageSummary[];
}

/** The translated content pages of the signed-in user, or null before they are loaded. */
export const $contentPages = shared('content.list', () => {
  const store = atom<ContentPageList | null>(null);
  onSignOut(() => store.set(null));
  return store;
});

const loading = shared('content.loading', () => new Map<string, Promise<void>>());

/**
 * Loads the list in the applied language (once per language at a time). A failure leaves
 * No pages listed: the menu's pages are an extra, not worth an error toast.
 */
export function fetchContentPages(): Promise<void> {
  const user = $currentUser.get();
  if (!user) return Promise.resolve();
  const locale = $language.get();
  const key = `${user.token}|${locale}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = request('GET', '/api/v2/pages', Answers.pages, { query: { locale } })
      .then(
        ({ data }) => {
          if ($currentUser.get()?.token === user.token && $language.get() === locale) $contentPages.set({ locale, pages: data });
        },
        () => undefined,
      )
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** The first page, or null when there is none. */
export function firstContentPage(list: ContentPageList | null): ContentPageSummary | null {
  return list?.pages[0] ?? null;
}

/**
 * Loads one content page in the applied language. A missing page rejects without a toast
 * (the portal shows its not-found page), nor does a 401 (the client has the session
 * checked, signing out an expired one), other failures show 'Unable to load page'.
 */
export async function loadContentPage(uuid: string, signal?: AbortSignal): Promise<ContentPage> {
  try {
    const { data } = await request('GET', `/api/v2/pages/${encodeURIComponent(uuid)}`, Answers.page, {
      query: { locale: $language.get() },
      ...(signal ? { signal } : {}),
    });
    return data;
  } catch (e) {
    if (!isUnauthorized(e) && !isMissing(e) && !isAborted(e)) showError('core.toastErrors.loadPage');
    throw e;
  }
}
