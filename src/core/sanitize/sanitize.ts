/**
 * Notification bodies (docs/product.md#constants-and-limits): only b, i, span and a survive
 * (docs/product.md#constants-and-limits), with `href` as the only attribute and only http, https and mailto links;
 * every surviving link opens in a new tab without an opener or referrer. The answer is a
 * TrustedHTML for `dangerouslySetInnerHTML` (a string where the browser has no Trusted
 * Types); see html.ts for the sanitizer and its policy.
 *
 * Import this module only from the component that renders notification HTML: DOMPurify
 * (11 KB gzip) then stays out of every bundle that does not need it.
 */
import { sanitizeHtml } from './html.ts';

export { ALLOWED_LINK } from './html.ts';

/** Sanitizes a notification's `body_html` for `dangerouslySetInnerHTML`. */
export function sanitizeNotificationHtml(html: string): TrustedHTML | string {
  return sanitizeHtml(html, 'notification');
}
