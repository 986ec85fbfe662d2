/**
 * The installable portal's service worker (`/sw.js`, scope `/`; docs/push.md): registered
 * once per page, after the portal's first paint, through the sanitizer's Trusted Types
 * policy (the one policy of the page's CSP, which signs this URL and no other script URL).
 */
import { serviceWorkerScriptUrl } from '../sanitize/html.ts';
import { shared } from '../shared.ts';
import { workerHere } from './support.ts';

export { pushSupported, workerHere } from './support.ts';

/** Registers the portal's service worker (once per page); undefined where it cannot be. */
export function registerPortalWorker(): Promise<ServiceWorkerRegistration | undefined> {
  return shared('push.worker', () => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !workerHere()) return Promise.resolve(undefined);
    return navigator.serviceWorker.register(serviceWorkerScriptUrl(), { scope: '/' }).catch(() => undefined);
  });
}
