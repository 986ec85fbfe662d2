/**
 * Capitalises the first letter of a text in the rules of `language` (its first grapheme,
 * so a letter with a combining accent stays whole), leaving the rest as it is: the
 * runtime names French and Spanish time zones in lower case ("heure normale d’Europe
 * centrale"), which reads as a fragment when it starts a line or a label.
 */
let graphemes: Intl.Segmenter | null | undefined;

function firstGrapheme(text: string): string {
  // Where a grapheme ends does not depend on the language: one segmenter for all.
  graphemes ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  const first = graphemes?.segment(text)[Symbol.iterator]().next().value?.segment;
  return first ?? String.fromCodePoint(text.codePointAt(0)!);
}

export function capitalizeFirst(text: string, language: string): string {
  if (!text) return text;
  const first = firstGrapheme(text);
  let upper: string;
  try {
    upper = first.toLocaleUpperCase(language);
  } catch {
    upper = first.toUpperCase(); // a language tag the runtime does not accept
  }
  return upper + text.slice(first.length);
}
