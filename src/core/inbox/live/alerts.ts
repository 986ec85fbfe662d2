/**
 * What a newly arrived incident raises: a toast naming its severity and site with a link
 * to it, and — when the user opted in from the user menu, for the severities they chose —
 * a browser notification. The opt-in is remembered per account in localStorage.
 */
import { atom } from 'nanostores';
import { SEVERITIES, type Severity } from '../../api/constants.ts';
import type { Incident } from '../../api/contract.ts';
import { registerBundledMessages, tKey } from '../../i18n/i18n.ts';
import * as core from '../../i18n/messages/en.json?live.part.json';
import { hrefFor, navigate, $navigator } from '../../router/navigation.ts';
import { pathTo } from '../../router/routes.ts';
import { $currentUser } from '../../session/session.ts';
import { shared } from '../../shared.ts';
import { showToast } from '../../toasts/toasts.ts';

// The English of these alerts comes with them (not in every element's core English: en.ts).
registerBundledMessages('core', { live: core.live });

export interface AlertPrefs {
  /** Browser notifications wanted (the browser's permission is asked when turned on). */
  enabled: boolean;
  severities: Severity[];
}

export const DEFAULT_ALERT_PREFS: AlertPrefs = { enabled: false, severities: ['high', 'critical'] };
/** More new incidents than this at once make one summary toast instead of one each. */
export const MAX_INCIDENT_TOASTS = 3;

const prefsKey = (username: string) => `vigil.alerts.${username}`;

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

function openIncident(uuid: string): void {
  const path = pathTo('incident', { uuid });
  if ($navigator.get()) navigate(path);
  else location.assign(hrefFor(path));
}

function incidentText(incident: Incident): { key: string; params: Record<string, string> } {
  const severity = tKey(`core.live.severity.${incident.severity}`);
  return incident.site
    ? { key: 'core.live.incident', params: { severity, site: incident.site.name } }
    : { key: 'core.live.incidentNoSite', params: { severity } };
}

/**
 * Raises the alerts for incidents that just arrived (oldest first). `notify`: this tab also
 * shows the browser notifications (one tab of the browser does).
 */
export function announceIncidents(incidents: readonly Incident[], notify: boolean): void {
  if (incidents.length === 0) return;
  if (incidents.length > MAX_INCIDENT_TOASTS) {
    showToast({
      type: 'info',
      key: 'core.live.incidents',
      params: { count: incidents.length },
      link: { to: pathTo('inbox'), key: 'core.live.openInbox' },
    });
  } else {
    for (const incident of incidents) {
      showToast({
        type: 'info',
        ...incidentText(incident),
        link: { to: pathTo('incident', { uuid: incident.uuid }), key: 'core.live.open' },
      });
    }
  }
  const prefs = $alertPrefs.get();
  if (!notify || !prefs.enabled || notificationPermission() !== 'granted') return;
  for (const incident of incidents) {
    if (!prefs.severities.includes(incident.severity)) continue;
    const { key, params } = incidentText(incident);
    try {
      const note = new Notification(tKey(key, params), { body: incident.title, tag: `vigil-incident-${incident.uuid}` });
      note.onclick = () => {
        focus();
        openIncident(incident.uuid);
        note.close();
      };
    } catch {
      // some browsers only allow notifications from a service worker: the toast is enough
    }
  }
}
