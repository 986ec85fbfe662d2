/**
 * The signed-in user's desktop-alert choices on this device: on or off, and for which
 * severities. Kept per account in localStorage and followed across tabs; turning them on
 * asks the browser's permission.
 */
import { atom } from 'nanostores';
import { SEVERITIES, type Severity } from '../../api/constants.ts';
import { $currentUser } from '../../session/session.ts';
import { shared } from '../../shared.ts';

export interface AlertPrefs {
  /** Browser notifications wanted (the browser's permission is asked when turned on). */
  enabled: boolean;
  severities: Severity[];
}

export const DEFAULT_ALERT_PREFS: AlertPrefs = { enabled: false, severities: ['high', 'critical'] };

export const prefsKey = (username: string) => `vigil.alerts.${username}`;

function readPrefs(username: string | undefined): AlertPrefs {
  if (!username) return DEFAULT_ALERT_PREFS;
  try {
    const raw = JSON.parse(localStorage.getItem(prefsKey(username)) ?? 'null') as Partial<AlertPrefs> | null;
    if (!raw) return DEFAULT_ALERT_PREFS;
    return { enabled: raw.enabled === true, severities: (raw.severities ?? []).filter((s): s is Severity => SEVERITIES.includes(s)) };
  } catch {
    return DEFAULT_ALERT_PREFS;
  }
}

/** The signed-in user's alert choices (follows sign-in, sign-out and other tabs). */
export const $alertPrefs = shared('inbox.alertPrefs', () => {
  const $prefs = atom<AlertPrefs>(readPrefs($currentUser.get()?.username));
  $currentUser.listen((user) => $prefs.set(readPrefs(user?.username)));
  if (typeof addEventListener === 'function') {
    addEventListener('storage', (e) => {
      const user = $currentUser.get();
      if (user && e.key === prefsKey(user.username)) $prefs.set(readPrefs(user.username));
    });
  }
  return $prefs;
});

export const notificationsSupported = (): boolean => typeof Notification !== 'undefined';

/** 'granted', 'denied', 'default', or 'unsupported' when the browser has no Notification API. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

export function setAlertPrefs(prefs: AlertPrefs): void {
  const user = $currentUser.get();
  if (!user) return;
  try {
    localStorage.setItem(prefsKey(user.username), JSON.stringify(prefs));
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
  $alertPrefs.set(prefs);
}

/**
 * Turns browser notifications on or off. Turning on asks the browser's permission (call it
 * from the user's click); resolves to the permission, and stays off unless granted.
 */
export async function setAlertsEnabled(enabled: boolean): Promise<NotificationPermission | 'unsupported'> {
  if (!enabled) {
    setAlertPrefs({ ...$alertPrefs.get(), enabled: false });
    return notificationPermission();
  }
  if (!notificationsSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  setAlertPrefs({ ...$alertPrefs.get(), enabled: permission === 'granted' });
  return permission;
}

export function toggleAlertSeverity(severity: Severity, on: boolean): void {
  const prefs = $alertPrefs.get();
  const severities = SEVERITIES.filter((s) => (s === severity ? on : prefs.severities.includes(s)));
  setAlertPrefs({ ...prefs, severities });
}
