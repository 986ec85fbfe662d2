import { useEffect, useRef } from 'react';
import { hostToasts } from '../../core/toasts/toasts.ts';

/** Where the tray replaces the corner stack (layout.css switches at the same width). */
const PHONE = '(max-width: 600px)';

/**
 * On a phone, the page's toasts sit in this tray under the header (and the alarm bar):
 * in the flow, so a toast pushes the page down rather than covering a button, and in the
 * sticky top, so an alarm stays in view while the page scrolls. Wider screens keep the
 * corner stack of the page's toast region. A modal dialog still shows the toasts inside
 * itself while it is open (`hostToasts`).
 */
export function ToastTray() {
  const tray = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = tray.current;
    if (!place || typeof matchMedia !== 'function') return;
    const query = matchMedia(PHONE);
    let release: (() => void) | undefined;
    const follow = () => {
      release?.();
      release = query.matches ? hostToasts(place, { base: true }) : undefined;
    };
    follow();
    query.addEventListener('change', follow);
    return () => {
      query.removeEventListener('change', follow);
      release?.();
    };
  }, []);
  return <div ref={tray} className="v-toast-tray" />;
}
