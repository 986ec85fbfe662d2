/** What this browser and page allow (small: the settings load it without the worker's registration code). */
import { apiUrl, pageOrigin } from '../config/config.ts';

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
