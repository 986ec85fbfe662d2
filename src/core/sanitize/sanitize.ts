/**
 * The one way server HTML reaches the page (DESIGN.md "Rules that hold everywhere"):
 * notification bodies go through a private DOMPurify instance that keeps only
 * b, i, span and a (SPEC §3, §9), with `href` as the only attribute and only http, https
 * and mailto links. Every surviving link opens in a new tab without an opener or referrer.
 *
 * The answer is a TrustedHTML (from DOMPurify's own `dompurify` Trusted Types policy, one
 * of the two names the page CSP allows) for `dangerouslySetInnerHTML`, so the page works
 * with Trusted Types enforced; where the browser has no Trusted Types it is a string.
 *
 * Import this module only from the component that renders notification HTML: DOMPurify
 * (11 KB gzip) then stays out of every bundle that does not need it.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { CONFIG as APP_CONFIG } from '../config/config.ts';
import { shared } from '../shared.ts';

/** Absolute http(s) and mailto URLs only: no relative, javascript:, data:, vbscript:, … */
export const ALLOWED_LINK = /^(?:https?|mailto):/i;

export const NOTIFICATION_CONFIG = {
  ALLOWED_TAGS: [...APP_CONFIG.allowedNotificationTags],
  // `href` on links; nothing else anywhere (span carries no class or style: the server's
  // markup must not restyle or overlay our UI).
  ALLOWED_ATTR: ['href'],
  // Without these two, DOMPurify lets every data-* and aria-* attribute through.
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: ALLOWED_LINK,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Text of removed wrappers (e.g. <p>, <div>) stays readable; script/style/template
  // contents are dropped by DOMPurify's FORBID_CONTENTS defaults.
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: true as const,
} satisfies Config;

/** Marks a link as opened in a new tab without opener or referrer (after DOMPurify has filtered it). */
function hardenLink(node: Element): void {
  if (node.nodeName !== 'A') return;
  if (node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
}

function createPurifier(): Purifier {
  // A private instance: our hook and settings never touch another library's DOMPurify.
  const purifier = DOMPurify(window);
  // Registered exactly once (shared() keeps one instance per page, whatever bundle asks).
  // It only sets two attributes on the already-sanitized node: no re-sanitizing, no IN_PLACE.
  purifier.addHook('afterSanitizeAttributes', hardenLink);
  return purifier;
}

function purifier(): Purifier {
  return shared('sanitize.notificationPurifier', createPurifier);
}

/**
 * Sanitizes a notification's `body_html` for `dangerouslySetInnerHTML`: only b, i, span
 * and a survive, links only with http/https/mailto and `target="_blank"
 * rel="noopener noreferrer"`.
 */
export function sanitizeNotificationHtml(html: string): TrustedHTML | string {
  const p = purifier();
  if (!p.isSupported) return ''; // no DOM to sanitize with: show nothing rather than raw HTML
  return p.sanitize(html, NOTIFICATION_CONFIG);
}
