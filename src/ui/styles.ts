/**
 * Constructable style sheets: one CSSStyleSheet per CSS text, shared by every shadow root
 * that adopts it. Works under a CSP without 'unsafe-inline' (no <style> elements).
 */
import tokensCss from './tokens.css?inline';
import baseCss from './base.css?inline';

const sheets = new Map<string, CSSStyleSheet>();

export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** Adopts `css` into `root` once (no-op when already adopted). */
export function adoptCss(root: ShadowRoot | Document, ...css: string[]): void {
  const wanted = css.map(sheetFor).filter((s) => !root.adoptedStyleSheets.includes(s));
  if (wanted.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...wanted];
}

/** The suite's base sheets (tokens, primitives), adopted by every element. */
export const BASE_CSS = [tokensCss, baseCss];
