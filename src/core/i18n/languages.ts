import { atom } from 'nanostores';
import { shared } from '../shared.ts';
import type { MessageLocale } from './namespaces.ts';

/**
 * The language picker's eight entries (docs/product.md#routes) and the catalogue each one uses
 * (docs/product.md#routes): Belgian French and Flemish use the fr and nl messages with Belgian formats.
 */
export const LANGUAGES = [
  { tag: 'en', messages: 'en' },
  { tag: 'de', messages: 'de' },
  { tag: 'fr', messages: 'fr' },
  { tag: 'nl', messages: 'nl' },
  { tag: 'es', messages: 'es' },
  { tag: 'it', messages: 'it' },
  { tag: 'fr-BE', messages: 'fr' },
  { tag: 'nl-BE', messages: 'nl' },
] as const satisfies readonly { tag: string; messages: MessageLocale }[];

export type LanguageTag = (typeof LANGUAGES)[number]['tag'];

/** Languages a browser may start in (docs/product.md#session: en, de, fr, nl or it). */
const BROWSER_START = ['en', 'de', 'fr', 'nl', 'it'];

export function isLanguageTag(value: unknown): value is LanguageTag {
  return LANGUAGES.some((l) => l.tag === value);
}

export function messagesFor(tag: LanguageTag): MessageLocale {
  return LANGUAGES.find((l) => l.tag === tag)?.messages ?? 'en';
}

/** Maps a saved locale or browser language to a picker entry, or null. */
export function matchLanguage(value: string | null | undefined, browser = false): LanguageTag | null {
  if (!value) return null;
  const exact = LANGUAGES.find((l) => l.tag.toLowerCase() === value.toLowerCase());
  if (exact && (!browser || BROWSER_START.includes(exact.messages))) return exact.tag;
  const base = value.toLowerCase().split('-')[0] ?? '';
  if (browser && !BROWSER_START.includes(base)) return null;
  return isLanguageTag(base) ? base : null;
}

/** The applied language (drives Accept-Language, `lang` and every translated text). */
export const $language = shared('i18n.language', () => atom<LanguageTag>('en'));
