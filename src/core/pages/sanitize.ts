/**
 * Sanitizer of content pages ('More', `/page/{uuid}`): the server's `body_html` keeps a
 * small set of text tags (p, h2, h3, ul, ol, li, b, i, strong, em, a, br), `href` as its
 * only attribute, and only http, https and mailto links, which get
 * `rel="noopener noreferrer"` (and open in a new tab when they are web links).
 *
 * The answer is a TrustedHTML for `dangerouslySetInnerHTML` (a string where the browser
 * has no Trusted Types). It is signed by the page's `vigil` policy, one of the two names
 * the CSP allows: the notification sanitizer's private DOMPurify already owns the
 * `dompurify` name, and a policy name can only be created once per page.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { shared } from '../shared.ts';

export const PAGE_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'b', 'i', 'strong', 'em', 'a', 'br'] as const;

/** Absolute http(s) and mailto URLs only. */
export const PAGE_LINK = /^(?:https?|mailto):/i;

/** DOMPurify's own view of a Trusted Types policy (the DOM lib has no such type). */
type Policy = NonNullable<Config['TRUSTED_TYPES_POLICY']>;
interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML(s: string): string; createScriptURL(s: string): string }): Policy;
}

/**
 * The page-wide `vigil` Trusted Types policy (created once, whatever bundle asks), or
 * undefined where Trusted Types do not exist. Its callbacks pass text through: it is only
 * ever handed to DOMPurify, which parses and cleans what it signs.
 */
export function vigilPolicy(): Policy | undefined {
  return shared('trustedTypes.vigil', () => {
    const tt = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
    if (!tt) return undefined;
    try {
      return tt.createPolicy('vigil', { createHTML: (s: string) => s, createScriptURL: (s: string) => s });
    } catch {
      return undefined;
    }
  });
}

function config(): Config & { RETURN_TRUSTED_TYPE: true } {
  const policy = vigilPolicy();
  return {
    ALLOWED_TAGS: [...PAGE_TAGS],
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: PAGE_LINK,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: true,
    ...(policy ? { TRUSTED_TYPES_POLICY: policy } : {}),
  };
}

function hardenLink(node: Element): void {
  if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
  node.setAttribute('rel', 'noopener noreferrer');
  if (/^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
}

function purifier(): Purifier {
  return shared('sanitize.pagePurifier', () => {
    // A private instance: its hook never touches another DOMPurify of the page.
    const p = DOMPurify(window);
    p.addHook('afterSanitizeAttributes', hardenLink);
    return p;
  });
}

/** Cleans a content page's `body_html` (see the module comment). */
export function sanitizePageHtml(html: string): TrustedHTML | string {
  const p = purifier();
  if (!p.isSupported) return '';
  return p.sanitize(html, config());
}
