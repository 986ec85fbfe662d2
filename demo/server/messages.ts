/**
 * The demo server's own texts (errors and confirmations) in the portal's six languages,
 * from `messages/<language>.json` (nested keys, `{{name}}` placeholders, like the
 * portal's catalogues). Routes build a {@link Text} (a key and its parameters); the answer
 * is translated into the request's language when it is sent (see `responseLanguage` in
 * http.ts), so a German user reads German errors.
 */
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };

export const LANGUAGES = ['en', 'de', 'fr', 'nl', 'it', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

type Catalogue = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key of the catalogue, e.g. `auth.credentials`. */
export type MessageKey = Leaves<Catalogue>;
/** A parameter: plain text or a number, or a text translated in the same language (a day name). */
export type Param = string | number | Text;
/** A translatable text: a key and its parameters. */
export type Text = { key: MessageKey; params?: Record<string, Param> };
/** One item of an `{ errors }` answer before translation. */
export type ErrorItem = { field?: string; text: Text; code?: string };
/** The resources a 404 can name. */
export type Resource = keyof Catalogue['notFound'];

// Typed as the English catalogue: a language missing a key fails the typecheck.
const CATALOGUES: Record<Language, Catalogue> = { en, de, fr, nl, it, es };

export function text(key: MessageKey, params?: Record<string, Param>): Text {
  return params ? { key, params } : { key };
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The text in `language` (English when a key is missing there), placeholders filled in. */
export function translate(t: Text, language: Language): string {
  const template = lookup(CATALOGUES[language], t.key) ?? lookup(en, t.key) ?? t.key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = t.params?.[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? translate(value, language) : String(value);
  });
}

/** The language of a tag: `de`, `de-CH`, `fr-BE` → de, de, fr; unknown → undefined. */
export function supportedLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return LANGUAGES.find((l) => l === base);
}

/**
 * The best language of an Accept-Language header (`fr-BE, fr;q=0.9, en;q=0.5`): tags by
 * descending q (q=0 never), the first one we speak; undefined when none is.
 */
export function negotiate(acceptLanguage: string): Language | undefined {
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * The `{ errors }` answer in `language`; items keep their `field`, and their `code` (a
 * stable name a client can act on, like `mfa_challenge_invalid`) when they have one.
 */
export function errorAnswer(
  items: readonly ErrorItem[],
  language: Language,
): { errors: { field?: string; message: string; code?: string }[] } {
  return {
    errors: items.map(({ field, text: t, code }) => ({
      ...(field === undefined ? {} : { field }),
      message: translate(t, language),
      ...(code === undefined ? {} : { code }),
    })),
  };
}
