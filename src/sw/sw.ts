/**
 * The portal's service worker (`/sw.js`, scope `/`), built on its own by vite.sw.config.ts.
 * One job: Web Push (docs/push.md). A push becomes a notification (src/core/push/message.ts);
 * a click focuses an open portal tab or opens one at the message's URL; Acknowledge acknowledges
 * the incident with the token the message carried (never the session's bearer token, which
 * the worker does not have); the app badge follows the open-incidents count. It caches
 * nothing and answers no fetch: the portal works as without it.
 */
import { notificationFor, readPushMessage, shownByOpenTab, targetUrl } from '../core/push/message.ts';

/* The parts of the service worker's global scope used here (the project's types are the DOM's, not the worker's). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly action: string;
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly navigator: Navigator;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: WorkerScope;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** How long a push waits for a hint (the open tabs, the badge) before going on without it. */
const HINT_WAIT_MS = 2_000;

/** `work`'s result, or `fallback` when it takes longer than `ms` (or fails). */
function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

type Badging = { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

async function setBadge(open: number | undefined): Promise<void> {
  const nav = self.navigator as unknown as Badging;
  if (open === undefined || !nav.setAppBadge) return;
  try {
    await (open > 0 ? nav.setAppBadge(open) : nav.clearAppBadge?.());
  } catch {
    // Badging is a hint: a platform that refuses it shows the notification all the same.
  }
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let data: unknown;
      try {
        data = event.data?.json();
      } catch {
        data = undefined;
      }
      const message = readPushMessage(data);
      if (!message) return;
      // The alert comes first: nothing of less weight (the badge) waits in front of it, and a
      // browser slow to say which tabs are open makes it show rather than wait.
      const windows = await within(self.clients.matchAll({ type: 'window' }), HINT_WAIT_MS, []);
      if (!shownByOpenTab(message, windows)) {
        const plan = notificationFor(message, self.location.origin);
        await self.registration.showNotification(plan.title, plan.options as NotificationOptions);
      }
      await within(setBadge(message.open), HINT_WAIT_MS, undefined);
    })(),
  );
});

/** Focuses a portal window (moved to `url` when it is ours to move), else opens one. */
async function openPortal(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (existing) {
    // A browser may refuse the focus (the click's permission to raise a window has lapsed):
    // the tab still moves to the message's page, to be found there.
    const focused = await existing.focus().catch(() => existing);
    if (focused.url === url) return;
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url).catch(() => null);
}

async function acknowledge(incident: string, token: string): Promise<boolean> {
  try {
    const res = await fetch(`/api/v2/incidents/${encodeURIComponent(incident)}/acknowledge`, {
      method: 'POST',
      headers: { Authorization: `Push ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
      credentials: 'omit',
    });
    return res.ok;
  } catch {
    return false;
  }
}

self.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  const data = (notification.data ?? {}) as { url?: string; incident?: string; token?: string };
  const url = targetUrl({ url: data.url ?? '/' }, self.location.origin);
  notification.close();
  event.waitUntil(
    (async () => {
      if (event.action === 'acknowledge' && data.incident && data.token) {
        // Acknowledged without opening anything; when that fails, the incident opens instead.
        if (await acknowledge(data.incident, data.token)) return;
      }
      await openPortal(url);
    })(),
  );
});
