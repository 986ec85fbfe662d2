/**
 * Content pages (the Help menu, `/page/{uuid}`): the server's `body_html` keeps a small set of
 * text tags (p, h2, h3, ul, ol, li, b, i, strong, em, a, br), `href` as its only
 * attribute, and only http, https, mailto and tel (digits only) links, which get `rel="noopener noreferrer"`
 * (and open in a new tab when they are web links). The answer is a TrustedHTML for
 * `dangerouslySetInnerHTML` (a string where the browser has no Trusted Types); see
 * core/sanitize/html.ts for the sanitizer and its policy.
 */
import { sanitizeHtml } from '../sanitize/html.ts';

export { PAGE_LINK, PAGE_TAGS } from '../sanitize/html.ts';

/** Cleans a content page's `body_html` (see the module comment). */
export function sanitizePageHtml(html: string): TrustedHTML | string {
  return sanitizeHtml(html, 'page');
}
