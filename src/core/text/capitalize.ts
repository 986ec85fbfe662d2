import { $language } from '../i18n/languages.ts';
import { timeZoneName } from '../i18n/names.ts';

/**
 * Capitalises the first letter of a text in the rules of `language` (Turkish "i" → "İ"),
 * leaving the rest as it is: the runtime names French and Spanish time zones in lower
 * case ("heure normale d’Europe centrale"), which reads as a fragment where it starts a
 * line, a label or a sentence; inside a sentence it stays as the language writes it.
 * The first code point, not UTF-16 unit; a combining accent after it stays. Outside
 * core/i18n, so the first load (the base chunk) does not carry it: only the screens that
 * start a line with a zone name do.
 */
export function capitalizeFirst(text: string, language: string): string {
  const [first = ''] = text;
  return first.toLocaleUpperCase(language) + text.slice(first.length);
}

/** A time zone's name with its offset (names.ts: timeZoneName) where it starts a line or a label. */
export const timeZoneLabel = (timeZone: string): string => capitalizeFirst(timeZoneName(timeZone), $language.get());
