/**
 * The one-time offer of desktop alerts (see {@link offerDesktopAlerts}); the alerts
 * themselves are alerts.ts's, the choices alert-prefs.ts's.
 */
import { SEVERITIES } from '../../api/constants.ts';
import { registerBundledMessages } from '../../i18n/i18n.ts';
import * as core from '../../i18n/messages/en.json?live.part.json';
import { $navigator } from '../../router/navigation.ts';
import { safeStorage } from '../../browser/storage.ts';
import { $currentUser } from '../../session/session.ts';
import { shared } from '../../shared.ts';
import { dismissToast, showToast } from '../../toasts/toasts.ts';
import { $alertPrefs, notificationPermission, prefsKey, setAlertPrefs, setAlertsEnabled } from './alert-prefs.ts';

// The English of the offer and of the incident alerts (alerts.ts imports this module) comes
// with them, not in every element's core English (en.ts).
registerBundledMessages('core', { live: core.live });

/**
 * Whether the offer was considered for an account on this page, the offer waiting for the
 * user's first act (calling it makes the offer now) and the offer's toast on screen.
 */
const offers = shared('inbox.alertOffer', () => {
  const state = { considered: new Set<string>(), pending: null as (() => void) | null, shown: 0, user: $currentUser.get()?.username };
  // Signed out, or another account: the offer made to the last one leaves with it.
  $currentUser.listen((user) => {
    if (user?.username === state.user) return;
    state.user = user?.username;
    if (state.shown) dismissToast(state.shown);
    state.shown = 0;
    state.pending = null;
  });
  return state;
});

/** Makes a waiting offer now: an incident arrived, the moment alerts are about. */
export function offerNowIfWaiting(): void {
  offers.pending?.();
}

const offeredKey = (username: string) => `vigil.alerts.offered.${username}`;

/**
 * Offers desktop alerts once per account on this device: in the portal (whose user menu
 * keeps the setting), to an account that never chose in that menu here, in a browser that
 * can show them and has not blocked them. A calm toast that stays until answered: "Turn on"
 * asks the browser's permission from the click; "Not now" or closing it leaves alerts off.
 * Remembered as soon as it is shown, so it never comes back on this device.
 *
 * Not over the first screen: the offer waits for the user's first act on the page (a click,
 * a tap, a key) or for the first incident that arrives while they are there, whichever comes
 * first. Shown as the page loads, it covered what people opened the portal to see (on a
 * phone it was the largest thing on the screen) before they had looked at anything.
 */
export function offerDesktopAlerts(): void {
  const user = $currentUser.get();
  if (!user || !$navigator.get() || offers.considered.has(user.username)) return;
  offers.considered.add(user.username);
  if (!offerable(user.username)) return;
  const events = ['pointerdown', 'keydown'] as const;
  const make = () => {
    for (const type of events) removeEventListener(type, make, true);
    if (offers.pending !== make) return; // signed out or another account meanwhile
    offers.pending = null;
    if ($currentUser.get()?.username !== user.username || !offerable(user.username)) return;
    try {
      safeStorage()?.setItem(offeredKey(user.username), new Date().toISOString());
    } catch {
      return; // storage blocked: better never offered than offered on every page
    }
    offers.shown = showToast({
      type: 'info',
      sticky: true,
      key: 'core.live.offer.text',
      actions: [
        { key: 'core.live.offer.turnOn', run: () => void turnOnFromOffer() },
        { key: 'core.live.offer.notNow', run: () => {} },
      ],
    });
  };
  offers.pending = make;
  if (typeof addEventListener === 'function') for (const type of events) addEventListener(type, make, { capture: true, passive: true });
}

/** Whether `username` may be offered desktop alerts here (see {@link offerDesktopAlerts}). */
function offerable(username: string): boolean {
  const permission = notificationPermission();
  if (permission === 'unsupported' || permission === 'denied') return false;
  try {
    const storage = safeStorage();
    return !!storage && storage.getItem(offeredKey(username)) === null && storage.getItem(prefsKey(username)) === null;
  } catch {
    return false;
  }
}

/** "Turn on" (from the click: the browser asks for permission only then): critical at least. */
async function turnOnFromOffer(): Promise<void> {
  const prefs = $alertPrefs.get();
  if (!prefs.severities.includes('critical'))
    setAlertPrefs({ ...prefs, severities: SEVERITIES.filter((s) => s === 'critical' || prefs.severities.includes(s)) });
  const permission = await setAlertsEnabled(true);
  if (permission === 'granted') showToast({ type: 'success', key: 'core.live.offer.on' });
  else showToast({ type: 'info', key: permission === 'denied' ? 'core.live.offer.denied' : 'core.live.offer.off' });
}
