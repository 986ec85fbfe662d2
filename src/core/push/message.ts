/**
 * A push message as the service worker reads it (docs/push.md): the server's JSON payload,
 * checked by hand (the worker carries no validation library), and the notification it
 * becomes. Framework-free and DOM-free, so the worker and the unit tests share it.
 */

export type PushMessage = {
  kind: 'incident' | 'evacuation' | 'system' | 'test';
  title: string;
  body: string;
  /** A path of the portal (or a URL on the portal's origin). */
  url: string;
  tag: string;
  severity?: 'low' | 'medium' | 'high' | 'critical';
  incident?: string;
  renotify?: boolean;
  open?: number;
  action_token?: string;
  /** The buttons' words in the user's language. */
  labels?: { open?: string; acknowledge?: string };
};

const KINDS = ['incident', 'evacuation', 'system', 'test'] as const;
const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

const str = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length <= max ? value : undefined);

/** The message in a push's data, or undefined when it is not one of ours. */
export function readPushMessage(data: unknown): PushMessage | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  const kind = KINDS.find((k) => k === d.kind);
  const title = str(d.title, 500);
  const body = str(d.body, 2000) ?? '';
  const url = str(d.url, 2000);
  const tag = str(d.tag, 200);
  if (!kind || !title || !url || !tag) return undefined;
  const labels = d.labels && typeof d.labels === 'object' ? (d.labels as Record<string, unknown>) : {};
  return {
    kind,
    title,
    body,
    url,
    tag,
    severity: SEVERITIES.find((s) => s === d.severity),
    incident: str(d.incident, 100),
    renotify: d.renotify === true,
    open: typeof d.open === 'number' && Number.isInteger(d.open) && d.open >= 0 ? d.open : undefined,
    action_token: str(d.action_token, 500),
    labels: { open: str(labels.open, 60), acknowledge: str(labels.acknowledge, 60) },
  };
}

/** Where a click leads: the message's URL on the worker's own origin, never anywhere else. */
export function targetUrl(message: Pick<PushMessage, 'url'>, origin: string): string {
  try {
    const url = new URL(message.url, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export type NotificationPlan = {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    badge: string;
    renotify: boolean;
    requireInteraction: boolean;
    data: { url: string; incident?: string; token?: string };
    actions: { action: 'open' | 'acknowledge'; title: string }[];
  };
};

/** The notification a message becomes: actions Open (and Acknowledge for incidents), alerting again for criticals. */
export function notificationFor(message: PushMessage, origin: string): NotificationPlan {
  const urgent = message.kind === 'evacuation' || message.severity === 'critical';
  const actions: NotificationPlan['options']['actions'] = [{ action: 'open', title: message.labels?.open ?? 'Open' }];
  if (message.kind === 'incident' && message.incident && message.action_token) {
    actions.push({ action: 'acknowledge', title: message.labels?.acknowledge ?? 'Acknowledge' });
  }
  return {
    title: message.title,
    options: {
      body: message.body,
      tag: message.tag,
      icon: '/demo/icons/icon-192.png',
      badge: '/demo/icons/badge-96.png',
      // A repeat replaces the earlier notification silently, except for what must alert again.
      renotify: urgent && message.renotify !== false,
      requireInteraction: urgent,
      data: {
        url: targetUrl(message, origin),
        ...(message.incident ? { incident: message.incident } : {}),
        ...(message.action_token ? { token: message.action_token } : {}),
      },
      actions,
    },
  };
}

/**
 * Whether an open portal already tells the user: a focused window of ours shows the same
 * incident as an in-page toast from the live stream, so the device does not alert twice.
 * Evacuations and tests always show (the bar in the page is no system alert).
 */
export function shownByOpenTab(message: PushMessage, clients: readonly { focused: boolean; visibilityState: string }[]): boolean {
  if (message.kind === 'evacuation' || message.kind === 'test') return false;
  return clients.some((c) => c.focused && c.visibilityState === 'visible');
}
