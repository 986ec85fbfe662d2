/**
 * The installable portal's service worker (`/sw.js`, scope `/`; docs/push.md): registered
 * once per page, after the portal's first paint, through the sanitizer's Trusted Types
 * policy (the one policy of the page's CSP, which signs this URL and no other script URL).
 */
import { apiUrl, pageOrigin } from '../config/config.ts';
import { serviceWorkerScriptUrl } from '../sanitize/html.ts';
import { shared } from '../shared.ts';

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

/** Whether the portal's worker lives here: the page is served by the API's own origin (the demo server's `/sw.js`). */
export function workerHere(): boolean {
  try {
    return new URL(apiUrl('/')).origin === pageOrigin();
  } catch {
    return false;
  }
}

/** Registers the portal's service worker (once per page); undefined where it cannot be. */
export function registerPortalWorker(): Promise<ServiceWorkerRegistration | undefined> {
  return shared('push.worker', () => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !workerHere()) return Promise.resolve(undefined);
    return navigator.serviceWorker.register(serviceWorkerScriptUrl(), { scope: '/' }).catch(() => undefined);
  });
}
