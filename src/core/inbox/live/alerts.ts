/**
 * What a newly arrived incident raises: a toast naming it (severity, site, title, time)
 * with a link to it, and — when the user opted in from the user menu, for the severities
 * they chose — a browser notification. The opt-in is remembered per account in
 * localStorage; the portal offers it once per account and device (alert-offer.ts).
 * Their English comes with alert-offer.ts, which this module imports.
 *
 * Critical and high incidents are alarms: danger colours, announced assertively, and on
 * screen until dismissed. Medium and low ones are calm and leave after 5 s. At most
 * `MAX_INCIDENT_TOASTS_SHOWN` incident toasts are on screen: a calm one of no higher
 * severity makes room for a newer one, an alarm never does; what does not fit (or a burst
 * of more than `MAX_INCIDENT_TOASTS`) becomes one summary linking to the inbox, an alarm
 * naming the worst severity when it holds one.
 */
import { SEVERITIES, type Severity } from '../../api/constants.ts';
import type { Incident } from '../../api/contract.ts';
import { tKey } from '../../i18n/i18n.ts';
import { hrefFor, navigate, $navigator } from '../../router/navigation.ts';
import { pathTo } from '../../router/routes.ts';
import { $currentUser } from '../../session/session.ts';
import { formatMoment } from '../../time/moments.ts';
import { shared } from '../../shared.ts';
import { $toasts, dismissToast, showToast, type ToastInput } from '../../toasts/toasts.ts';
import { offerNowIfWaiting } from './alert-offer.ts';
import { $alertPrefs, notificationPermission } from './alert-prefs.ts';

/** More new incidents than this at once make one summary toast instead of one each. */
export const MAX_INCIDENT_TOASTS = 3;
/** Incident toasts on screen at most (the summary counts as one). */
export const MAX_INCIDENT_TOASTS_SHOWN = 4;

function openIncident(uuid: string): void {
  const path = pathTo('incident', { uuid });
  if ($navigator.get()) navigate(path);
  else location.assign(hrefFor(path));
}

/** Critical and high incidents raise alarms; medium and low ones stay calm. */
export const isAlarm = (severity: Severity): boolean => severity === 'critical' || severity === 'high';
const rank = (severity: Severity): number => SEVERITIES.indexOf(severity);
const worst = (severities: readonly Severity[]): Severity => severities.reduce((a, b) => (rank(b) > rank(a) ? b : a));

/** "Critical incident at Antwerp Port Warehouse" (a desktop notification's title). */
function headline(incident: Incident): string {
  return incident.site
    ? tKey(`core.live.headline.${incident.severity}`, { site: incident.site.name })
    : tKey(`core.live.headlineNoSite.${incident.severity}`);
}

/**
 * "I'm on it" from an alarm's toast: acknowledges the incident for the whole project (the
 * actions' code loads with the click), then says so; a failure shows the action's error toast.
 */
function acknowledgeFromToast(incident: Incident): void {
  void import('../incident-actions.ts').then(async ({ acknowledgeIncident }) => {
    const result = await acknowledgeIncident(incident.uuid);
    if (result.ok) showToast({ type: 'success', key: 'core.live.acknowledged', params: { title: incident.title } });
  });
}

/**
 * "Critical incident at Antwerp Port Warehouse: Glass break at gate 3 · 14:32", with its
 * link; an alarm also with "Acknowledge".
 */
function incidentToast(incident: Incident): ToastInput {
  const alarm = isAlarm(incident.severity);
  // Not broken across lines ("4:03 | PM").
  const time = formatMoment(incident.occurred_at).replace(/\s/g, '\u00a0');
  return {
    type: alarm ? 'alarm' : 'info',
    sticky: alarm,
    key: `core.live.${incident.site ? 'incident' : 'incidentNoSite'}.${incident.severity}`,
    params: incident.site ? { site: incident.site.name, title: incident.title, time } : { title: incident.title, time },
    link: { to: pathTo('incident', { uuid: incident.uuid }), key: 'core.live.open' },
    ...(alarm && incident.handled_by === null
      ? { actions: [{ key: 'core.live.acknowledge', run: () => acknowledgeFromToast(incident) }] }
      : {}),
  };
}

/**
 * The incident toasts this page shows (by toast id, oldest first) and their summary. Toasts that left (their
 * time was up, or the user dismissed them) are forgotten as they are found gone.
 */
const board = shared('inbox.alertToasts', () => {
  const state = {
    shown: new Map<number, Severity>(),
    summary: null as { id: number; count: number; worst: Severity } | null,
    user: $currentUser.get()?.username,
  };
  // Signed out, or another account: what the last one was told leaves the screen with it.
  $currentUser.listen((user) => {
    if (user?.username === state.user) return;
    state.user = user?.username;
    for (const id of [...state.shown.keys(), state.summary?.id ?? 0]) if (id) dismissToast(id);
    state.shown.clear();
    state.summary = null;
  });
  return state;
});

function forgetGone(): void {
  const onScreen = new Set($toasts.get().map((t) => t.id));
  for (const id of board.shown.keys()) if (!onScreen.has(id)) board.shown.delete(id);
  if (board.summary && !onScreen.has(board.summary.id)) board.summary = null;
}

/** One summary of `count` more incidents, merged with the one on screen (replaced, so it is announced again). */
function summarize(count: number, severities: readonly Severity[]): void {
  const before = board.summary;
  const total = count + (before?.count ?? 0);
  const top = worst(before ? [...severities, before.worst] : severities);
  if (before) dismissToast(before.id);
  const alarm = isAlarm(top);
  const id = showToast({
    type: alarm ? 'alarm' : 'info',
    sticky: alarm,
    key: alarm ? `core.live.summaryAlarm.${top}` : 'core.live.summary',
    params: { count: total },
    link: { to: pathTo('inbox'), key: 'core.live.view' },
  });
  board.summary = { id, count: total, worst: top };
}

/** Shows each incident's toast, making room as the rules above say, or sums them up. */
function toastIncidents(incidents: readonly Incident[]): void {
  forgetGone();
  const severities = incidents.map((i) => i.severity);
  const burst = incidents.length > MAX_INCIDENT_TOASTS;
  // A burst takes one place (none when a summary is there already to join), others one each.
  const needed = burst ? (board.summary ? 0 : 1) : incidents.length;
  let over = board.shown.size + (board.summary ? 1 : 0) + needed - MAX_INCIDENT_TOASTS_SHOWN;
  // Calm toasts of no higher severity than the newcomers leave early, oldest first.
  const top = rank(worst(severities));
  for (const [id, severity] of board.shown) {
    if (over <= 0) break;
    if (isAlarm(severity) || rank(severity) > top) continue;
    dismissToast(id);
    board.shown.delete(id);
    over--;
  }
  if (over <= 0 && !burst) {
    for (const incident of incidents) board.shown.set(showToast(incidentToast(incident)), incident.severity);
    return;
  }
  // Still no room without pushing out an alarm: what is on screen joins the summary too.
  const absorbed = over > 0 ? [...board.shown] : [];
  for (const [id] of absorbed) {
    dismissToast(id);
    board.shown.delete(id);
  }
  summarize(incidents.length + absorbed.length, [...severities, ...absorbed.map(([, severity]) => severity)]);
}

/**
 * Raises the alerts for incidents that just arrived (oldest first). `notify`: this tab also
 * shows the browser notifications (one tab of the browser does).
 */
export function announceIncidents(incidents: readonly Incident[], notify: boolean): void {
  if (incidents.length === 0) return;
  toastIncidents(incidents);
  offerNowIfWaiting(); // the moment alerts are about: offer them now
  const prefs = $alertPrefs.get();
  if (!notify || !prefs.enabled || notificationPermission() !== 'granted') return;
  for (const incident of incidents) {
    if (!prefs.severities.includes(incident.severity)) continue;
    try {
      const note = new Notification(headline(incident), { body: incident.title, tag: `vigil-incident-${incident.uuid}` });
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
