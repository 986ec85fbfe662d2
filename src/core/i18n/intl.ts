/**
 * The browser's formatters (numbers, units, lists, relative times), made once per language
 * and options and kept for the page's life. Making one costs far more than using it: the
 * first of a kind on a page loads the browser's locale data (about 15 ms on a laptop, four
 * times that on a phone), and every later one still a fraction of a millisecond, while a
 * home page formats a number or a list for every card it renders.
 */

type Formatter<O> = new (locale: string, options?: O) => object;

const made = new WeakMap<Formatter<never>, Map<string, object>>();

/** The formatter `Kind` for `locale` and `options`, the same one every time they are the same. */
export function intl<O, F extends object>(Kind: new (locale: string, options?: O) => F, locale: string, options?: O): F {
  let byKey = made.get(Kind as Formatter<never>);
  if (!byKey) {
    byKey = new Map();
    made.set(Kind as Formatter<never>, byKey);
  }
  const key = options === undefined ? locale : `${locale}|${JSON.stringify(options)}`;
  let formatter = byKey.get(key) as F | undefined;
  if (!formatter) {
    formatter = new Kind(locale, options);
    byKey.set(key, formatter);
  }
  return formatter;
}
