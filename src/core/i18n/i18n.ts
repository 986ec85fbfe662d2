/**
 * Languages (docs/product.md#session): i18next with catalogues loaded from `/i18n/messages/{locale}.json`
 * on the page's settled API base (never the page's own origin unless it is the API), without
 * the token (they are public), once each and remembered. A failed load falls back to en;
 * English is also bundled, so nothing ever shows raw keys.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { atom } from 'nanostores';
import * as Answers from '../api/answer-names.ts';
import { request } from '../api/client.ts';
import { shared } from '../shared.ts';
import { bundledEn, type Messages } from './en.ts';
import { intl } from './intl.ts';
import { $language, messagesFor, type LanguageTag } from './languages.ts';
import type { MessageLocale } from './namespaces.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

function createInstance(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: bundledEn } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const i18n = shared('i18n.instance', createInstance);
const loads = shared('i18n.loads', () => new Map<MessageLocale, Promise<boolean>>());
const requests = shared('i18n.requests', () => ({ latest: 0 }));

/** Bumped whenever texts may have changed (language applied, catalogue loaded). */
export const $i18nVersion = shared('i18n.version', () => atom(0));

/** Translates a typed key of the merged catalogue, e.g. `t('core.errors.loadSite')`. */
export const t: TFunction = ((...args: unknown[]) => (i18n.t as unknown as (...a: unknown[]) => string)(...args)) as unknown as TFunction;

/** Translates a key that is only known at run time (toasts keep keys as strings). */
export function tKey(key: string, params?: Record<string, unknown>): string {
  return (i18n.t as unknown as (k: string, p?: Record<string, unknown>) => string)(key, params);
}

/**
 * Adds bundled English as fallback texts: a feature's namespace, or a part of one (merged
 * into what is there). Never overwrites texts already loaded from the server.
 */
export function registerBundledMessages(namespace: keyof Messages, messages: object): void {
  i18n.addResourceBundle('en', 'translation', { [namespace]: messages }, true, false);
  $i18nVersion.set($i18nVersion.get() + 1);
}

/** Loads a catalogue once; resolves false when it could not be loaded. */
export function loadMessages(locale: MessageLocale): Promise<boolean> {
  let pending = loads.get(locale);
  if (!pending) {
    pending = request('GET', `/i18n/messages/${locale}.json`, Answers.messages, { anonymous: true }).then(
      (messages) => {
        i18n.addResourceBundle(locale, 'translation', messages, true, true);
        return true;
      },
      () => {
        loads.delete(locale); // a later attempt may succeed
        return false;
      },
    );
    loads.set(locale, pending);
  }
  return pending;
}

/**
 * Applies a language: loads its catalogue (falling back to en when that fails), then
 * switches every text, the Accept-Language header and `lang` (via `$language`).
 * Resolves to the language actually applied.
 */
export async function applyLanguage(tag: LanguageTag): Promise<LanguageTag> {
  // The latest request wins: a slow start-up language must not override the user's pick.
  const ticket = ++requests.latest;
  const locale = messagesFor(tag);
  const ok = await loadMessages(locale);
  if (ticket !== requests.latest) return $language.get();
  const applied: LanguageTag = ok || locale === 'en' ? tag : 'en';
  await i18n.changeLanguage(messagesFor(applied));
  $language.set(applied);
  $i18nVersion.set($i18nVersion.get() + 1);
  return applied;
}

export function formatNumber(n: number): string {
  return intl(Intl.NumberFormat, $language.get()).format(n);
}
