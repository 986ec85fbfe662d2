import { useMemo } from 'react';
// The only import of the sanitizer (and so of DOMPurify): bundles that never show
// notification HTML do not carry it.
import { sanitizeNotificationHtml } from '../../core/sanitize/sanitize.ts';

/** A notification's HTML after the sanitizer: b, i, span and safe links only. */
export function NotificationBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeNotificationHtml(html), [html]);
  return <div className="vi-body" part="notification-body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
