/**
 * "Alerts on this device" (docs/push.md): this browser's Web Push subscription and its
 * choices on the server, and the user's other devices. The browser asks for permission
 * only from {@link enableDeviceAlerts}, which a click calls. The portal registers its
 * service worker (`/sw.js`, scope `/`) through the sanitizer's Trusted Types policy, the
 * one policy that may sign its URL.
 */
import { atom } from 'nanostores';
import { request } from '../api/client.ts';
import { SEVERITIES, type Severity } from '../api/constants.ts';
import type { PushDevice } from '../api/contract.ts';
import { onSignOut } from '../session/session.ts';
import { shared } from '../shared.ts';
import { pushSupported, workerHere } from './support.ts';

export { pushSupported };

/** The registration code (with the sanitizer's policy) loads only when alerts are turned on. */
const registerPortalWorker = () => import('./worker.ts').then((m) => m.registerPortalWorker());

export type DeviceChoices = { severities: Severity[]; sites: string[] | null; systems_offline: boolean };

export type DeviceAlertsState = {
  /** unknown: not read yet; unsupported: no service worker or Push API; denied: notifications blocked. */
  status: 'unknown' | 'unsupported' | 'off' | 'on' | 'denied';
  busy: boolean;
  /** This browser's device while alerts are on. */
  device: PushDevice | undefined;
  /** The user's other devices. */
  others: PushDevice[];
  /** The last action failed (a toast-free message the settings show). */
  failed: boolean;
  /** The sites a device may narrow its incidents to (loaded with the settings while alerts are on). */
  sites: { uuid: string; name: string; project: string }[] | undefined;
};

export const DEFAULT_CHOICES: DeviceChoices = { severities: ['high', 'critical'], sites: null, systems_offline: false };

const initial = (): DeviceAlertsState => ({
  status: 'unknown',
  busy: false,
  device: undefined,
  others: [],
  failed: false,
  sites: undefined,
});

export const $deviceAlerts = shared('push.device', () => atom<DeviceAlertsState>(initial()));

shared('push.device.signOut', () =>
  onSignOut(() => {
    // The session's devices go with it on the server; the browser's subscription is dead then too.
    $deviceAlerts.set(initial());
    void currentSubscription().then((s) => s?.unsubscribe().catch(() => undefined));
  }),
);

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  return (await registration?.pushManager.getSubscription().catch(() => null)) ?? null;
}

const patch = (part: Partial<DeviceAlertsState>) => $deviceAlerts.set({ ...$deviceAlerts.get(), ...part });

function split(devices: readonly PushDevice[], endpoint: string | undefined): Pick<DeviceAlertsState, 'device' | 'others'> {
  const device = endpoint ? devices.find((d) => d.endpoint === endpoint) : undefined;
  return { device, others: devices.filter((d) => d !== device) };
}

/** Reads this device's state and the user's devices. */
export async function loadDeviceAlerts(): Promise<void> {
  if (!pushSupported() || !workerHere()) {
    patch({ status: 'unsupported' });
    return;
  }
  try {
    const [subscription, answer] = await Promise.all([currentSubscription(), request('GET', '/api/v2/push/subscriptions', 'pushDevices')]);
    const parts = split(answer.data, subscription?.endpoint);
    const status = parts.device ? 'on' : Notification.permission === 'denied' ? 'denied' : 'off';
    patch({ ...parts, status, failed: false });
  } catch {
    patch({ failed: true, status: $deviceAlerts.get().status === 'unknown' ? 'off' : $deviceAlerts.get().status });
  }
}

/** The sites of the user's projects, for the device's choice of sites (once per page). */
export async function loadDeviceSites(): Promise<void> {
  if ($deviceAlerts.get().sites) return;
  try {
    const { data: projects } = await request('GET', '/api/v2/projects', 'projects', { query: { per_page: '100' } });
    const full = await Promise.all(projects.map((p) => request('GET', `/api/v2/projects/${p.uuid}`, 'project')));
    patch({ sites: full.flatMap(({ data }) => data.sites.map((site) => ({ uuid: site.uuid, name: site.name, project: data.name }))) });
  } catch {
    // Without the list the device keeps "all sites"; the settings say nothing more.
  }
}

/** The device's sites with one turned on or off; null (every site) when none is left out. */
export function withSite(current: readonly string[] | null, all: readonly string[], site: string, on: boolean): string[] | null {
  const chosen = new Set(current ?? all);
  if (on) chosen.add(site);
  else chosen.delete(site);
  const list = all.filter((uuid) => chosen.has(uuid));
  return list.length === all.length ? null : list;
}

/** The VAPID key as `applicationServerKey` takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** "Chrome on Android": how the device list names this browser. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

async function run(action: () => Promise<Partial<DeviceAlertsState> | void>): Promise<boolean> {
  patch({ busy: true, failed: false });
  try {
    patch({ ...(await action()), busy: false });
    return true;
  } catch {
    patch({ busy: false, failed: true });
    return false;
  }
}

/** Turns alerts on for this device (asks for permission: call it from a click). */
export async function enableDeviceAlerts(choices: DeviceChoices = DEFAULT_CHOICES): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    patch({ status: permission === 'denied' ? 'denied' : 'off' });
    return false;
  }
  return run(async () => {
    const registration = (await registerPortalWorker()) ?? (await navigator.serviceWorker.ready);
    const { data } = await request('GET', '/api/v2/push/key', 'pushKey');
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.public_key) }));
    const created = await request('POST', '/api/v2/push/subscriptions', 'pushDevice', {
      body: { ...subscription.toJSON(), ...choices, evacuations: true, device_name: deviceName(navigator.userAgent) },
    });
    // Registered again in the same browser (a new sign-in): its earlier device is gone.
    const others = $deviceAlerts.get().others.filter((d) => d.endpoint !== created.data.endpoint);
    return { status: 'on', device: created.data, others };
  });
}

/** Saves this device's choices. */
export function saveDeviceChoices(choices: Partial<DeviceChoices>): Promise<boolean> {
  const device = $deviceAlerts.get().device;
  if (!device) return Promise.resolve(false);
  // Shown at once; the server's answer confirms (or a failure puts the saved choices back).
  patch({ device: { ...device, ...choices } });
  return run(async () => {
    const { data } = await request('PATCH', `/api/v2/push/subscriptions/${device.uuid}`, 'pushDevice', { body: choices });
    return { device: data };
  }).then((ok) => {
    if (!ok) patch({ device });
    return ok;
  });
}

/** Turns alerts off for this device. */
export function disableDeviceAlerts(): Promise<boolean> {
  const device = $deviceAlerts.get().device;
  return run(async () => {
    if (device) await request('DELETE', `/api/v2/push/subscriptions/${device.uuid}`, 'empty');
    await (await currentSubscription())?.unsubscribe();
    return { status: 'off', device: undefined };
  });
}

/** Removes another device of the user. */
export function removeDevice(uuid: string): Promise<boolean> {
  return run(async () => {
    await request('DELETE', `/api/v2/push/subscriptions/${uuid}`, 'empty');
    return { others: $deviceAlerts.get().others.filter((d) => d.uuid !== uuid) };
  });
}

/** Asks the server to push a test message to this device. */
export function sendTestNotification(): Promise<boolean> {
  const device = $deviceAlerts.get().device;
  if (!device) return Promise.resolve(false);
  return run(async () => {
    await request('POST', `/api/v2/push/subscriptions/${device.uuid}/test`, 'empty');
  });
}

/** The severities in their fixed order, with one turned on or off. */
export function withSeverity(list: readonly Severity[], severity: Severity, on: boolean): Severity[] {
  return SEVERITIES.filter((s) => (s === severity ? on : list.includes(s)));
}
