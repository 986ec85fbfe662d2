import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../api/contract.ts';
import { SAMPLE_USER } from '../../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../../test/unit/fresh-page.ts';
import type { Toast } from '../../toasts/toasts.ts';
import { MAX_INCIDENT_TOASTS_SHOWN } from './alerts.ts';

// What a page has shown and offered is the page's: each test (and each "later page" within
// one) runs on a fresh page, its modules loaded afresh.
let formatDateTime: typeof import('../../time/format.ts').formatDateTime;
let formatTime: typeof import('../../time/format.ts').formatTime;
let tKey: typeof import('../../i18n/i18n.ts').tKey;
let $navigator: typeof import('../../router/navigation.ts').$navigator;
let $currentUser: typeof import('../../session/session.ts').$currentUser;
let $toasts: typeof import('../../toasts/toasts.ts').$toasts;
let dismissToast: typeof import('../../toasts/toasts.ts').dismissToast;
let $alertPrefs: typeof import('./alert-prefs.ts').$alertPrefs;
let announceIncidents: typeof import('./alerts.ts').announceIncidents;
let offerDesktopAlerts: typeof import('./alert-offer.ts').offerDesktopAlerts;

/** Loads the page's modules afresh, signed in. */
async function newPage(): Promise<void> {
  freshPage();
  ({ tKey } = await import('../../i18n/i18n.ts'));
  ({ formatDateTime, formatTime } = await import('../../time/format.ts'));
  ({ $navigator } = await import('../../router/navigation.ts'));
  ({ $currentUser } = await import('../../session/session.ts'));
  ({ $toasts, dismissToast } = await import('../../toasts/toasts.ts'));
  ({ announceIncidents } = await import('./alerts.ts'));
  ({ offerDesktopAlerts } = await import('./alert-offer.ts'));
  ({ $alertPrefs } = await import('./alert-prefs.ts'));
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
}

const OCCURRED = new Date(2026, 10, 25, 14, 32, 5);
let n = 0;
const incident = (severity: Incident['severity'], title = `Incident ${++n}`): Incident => ({
  uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  title,
  description: '',
  occurred_at: OCCURRED.toISOString(),
  severity,
  site: { uuid: 's1', name: 'Antwerp Port Warehouse' },
  system: null,
  media: [],
  handled_by: null,
});
/** What a toast says, as the region shows it. */
const text = (toast: Toast) => tKey(toast.key!, toast.params);
const texts = () => $toasts.get().map(text);
/** A time as the toasts show it: never broken across lines. */
const unbroken = (time: string) => time.replace(/\s/g, '\u00a0');

describe('incident alerts', () => {
  beforeEach(async () => {
    await newPage();
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 25, 14, 32, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
    $currentUser.set(null);
    $toasts.set([]);
  });

  it('names a critical incident (severity, site, title, time), links to it and stays past the 5 s timeout; a low one leaves', () => {
    const critical = incident('critical', 'Glass break at gate 3');
    announceIncidents([critical], true);
    announceIncidents([incident('low', 'Loitering near the fence')], true);
    const [alarm, calm] = $toasts.get();
    expect(alarm).toMatchObject({ type: 'alarm', sticky: true, link: { to: `/inbox/incident/${critical.uuid}`, key: 'core.live.open' } });
    expect(text(alarm!)).toBe(
      `Critical incident at Antwerp Port Warehouse: Glass break at gate 3 · ${unbroken(formatTime(critical.occurred_at))}`,
    );
    expect(text(alarm!)).toMatch(/ · \d{2}:32$/);
    expect(calm).toMatchObject({ type: 'info' });
    expect(calm!.sticky).toBeFalsy();
    expect(text(calm!)).toMatch(/^Low-severity incident at Antwerp Port Warehouse: Loitering near the fence · /);

    vi.advanceTimersByTime(5000);
    expect(texts()).toEqual([text(alarm!)]);
    vi.advanceTimersByTime(60 * 60_000);
    expect($toasts.get()).toEqual([alarm]);
    dismissToast(alarm!.id);
    expect($toasts.get()).toEqual([]);
  });

  it('treats high as an alarm and medium as calm', () => {
    announceIncidents([incident('high'), incident('medium')], true);
    expect($toasts.get().map((t) => [t.type, Boolean(t.sticky)])).toEqual([
      ['alarm', true],
      ['info', false],
    ]);
    expect(texts()[0]).toMatch(/^High-severity incident at Antwerp Port Warehouse: /);
  });

  it('gives an incident of another day its date, and one without a site no place', () => {
    const old = { ...incident('critical', 'Door forced'), site: null, occurred_at: new Date(2026, 10, 24, 23, 50).toISOString() };
    announceIncidents([old], true);
    expect(texts()).toEqual([`Critical incident: Door forced · ${unbroken(formatDateTime(old.occurred_at))}`]);
    expect(texts()[0]).toContain('2026');
  });

  it('never lets three low incidents after a critical one remove it, nor any number of calm ones after that', () => {
    announceIncidents([incident('critical', 'Glass break at gate 3')], true);
    for (let i = 0; i < 3; i++) announceIncidents([incident('low')], true);
    expect($toasts.get()).toHaveLength(4);
    expect(texts()[0]).toMatch(/^Critical incident at .*Glass break at gate 3/);
    // More calm ones: the oldest calm ones make room, the alarm stays.
    announceIncidents([incident('low', 'Fifth')], true);
    announceIncidents([incident('medium', 'Sixth')], true);
    expect($toasts.get()).toHaveLength(MAX_INCIDENT_TOASTS_SHOWN);
    expect(texts()[0]).toMatch(/^Critical incident at .*Glass break at gate 3/);
    expect(texts().at(-1)).toMatch(/Sixth/);
    vi.advanceTimersByTime(5000);
    expect($toasts.get()).toHaveLength(1);
    expect(texts()[0]).toMatch(/Glass break at gate 3/);
  });

  it('does not let a low incident push out a medium one', () => {
    announceIncidents([incident('critical'), incident('critical'), incident('medium', 'Medium one')], true);
    announceIncidents([incident('low', 'Low one')], true);
    announceIncidents([incident('low', 'Another low one')], true);
    // The medium one stays; the newer low one took the older low one's place.
    expect(texts().filter((t) => t.includes('Medium one'))).toHaveLength(1);
    expect(texts().filter((t) => t.includes('Another low one'))).toHaveLength(1);
    expect(texts().filter((t) => t.includes('Low one'))).toHaveLength(0);
  });

  it('collapses a burst into one summary naming the worst severity, which stays until dismissed', () => {
    announceIncidents([incident('low'), incident('medium'), incident('high'), incident('low'), incident('low')], true);
    expect($toasts.get()).toHaveLength(1);
    const [summary] = $toasts.get();
    expect(summary).toMatchObject({ type: 'alarm', sticky: true, params: { count: 5 }, link: { to: '/inbox', key: 'core.live.view' } });
    expect(text(summary!)).toBe('5 new incidents, at least one of high severity');
    expect(tKey(summary!.link!.key)).toBe('View');
    vi.advanceTimersByTime(10_000);
    expect($toasts.get()).toEqual([summary]);

    // Another burst joins it, and a critical one in it raises it.
    announceIncidents([incident('critical'), incident('low'), incident('low'), incident('low')], true);
    expect(texts()).toEqual(['9 new incidents, at least one critical']);
  });

  it('keeps a burst of calm incidents calm: a summary that leaves on its own', () => {
    announceIncidents([incident('low'), incident('low'), incident('medium'), incident('low')], true);
    expect($toasts.get()).toMatchObject([{ type: 'info', key: 'core.live.summary', params: { count: 4 } }]);
    expect(texts()).toEqual(['4 new incidents']);
    vi.advanceTimersByTime(5000);
    expect($toasts.get()).toEqual([]);
  });

  it('sums up what no longer fits rather than pushing out an alarm', () => {
    for (let i = 0; i < MAX_INCIDENT_TOASTS_SHOWN; i++) announceIncidents([incident(i % 2 ? 'high' : 'critical')], true);
    expect($toasts.get().every((t) => t.type === 'alarm')).toBe(true);
    announceIncidents([incident('low')], true);
    expect(texts()).toEqual([`${MAX_INCIDENT_TOASTS_SHOWN + 1} new incidents, at least one critical`]);
  });

  it('takes the alerts off the screen when the account signs out', () => {
    announceIncidents([incident('critical'), incident('low')], true);
    vi.advanceTimersByTime(1000);
    $currentUser.set({ ...SAMPLE_USER, token: 'renewed' }); // the same account: they stay
    expect($toasts.get()).toHaveLength(2);
    $currentUser.set(null);
    expect($toasts.get()).toEqual([]);
  });
});

describe('the desktop-alert offer', () => {
  let asked = 0;
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission() {
      asked++;
      FakeNotification.permission = 'granted';
      return Promise.resolve('granted' as const);
    }
  }
  const portal = { open: () => {}, href: (path: string) => path };
  const offers = () => $toasts.get().filter((t) => t.key === 'core.live.offer.text');
  /** The user's first act on the page (a key; a click or tap does the same). */
  const act = () => dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));

  /** A page of the portal, on this device. */
  async function portalPage(): Promise<void> {
    await newPage();
    $navigator.set(portal);
  }

  beforeEach(async () => {
    asked = 0;
    FakeNotification.permission = 'default';
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.clear();
    await portalPage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    $navigator.set(null);
    $currentUser.set(null);
    $toasts.set([]);
    localStorage.clear();
  });

  it('waits for the first act on the page, not over the first screen', () => {
    offerDesktopAlerts();
    expect(offers()).toHaveLength(0);
    expect(localStorage.getItem('vigil.alerts.offered.manager')).toBeNull();
    dispatchEvent(new Event('pointerdown'));
    expect(offers()).toHaveLength(1);
    act();
    expect(offers()).toHaveLength(1);
  });

  it('is made at once when an incident arrives before the user did anything', () => {
    offerDesktopAlerts();
    announceIncidents([incident('low')], true);
    expect(offers()).toHaveLength(1);
    act();
    expect(offers()).toHaveLength(1);
  });

  it('is not made to an account that signed out before its first act', () => {
    offerDesktopAlerts();
    $currentUser.set(null);
    act();
    expect(offers()).toHaveLength(0);
    expect(localStorage.getItem('vigil.alerts.offered.manager')).toBeNull();
  });

  it('is made once per account on a device: not again on this page, nor on the next one', async () => {
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(1);
    const [offer] = offers();
    expect(offer).toMatchObject({ type: 'info', sticky: true });
    expect(text(offer!)).toBe('Get desktop alerts for critical and high-severity incidents, even while Vigil is in the background?');
    expect(offer!.actions!.map((a) => tKey(a.key))).toEqual(['Turn on', 'Not now']);
    expect(localStorage.getItem('vigil.alerts.offered.manager')).not.toBeNull();

    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(1);
    // "Not now": the toast goes; a later page of the same device does not ask again.
    offer!.actions![1]!.run();
    dismissToast(offer!.id);
    await portalPage();
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(0);
    expect(asked).toBe(0);
    expect($alertPrefs.get().enabled).toBe(false);

    // Another account on the same device gets its own offer.
    $currentUser.set({ ...SAMPLE_USER, username: 'viewer', token: 'v' });
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(1);
  });

  it('"Turn on" asks the browser from the click and alerts at least for critical incidents', async () => {
    localStorage.setItem('vigil.alerts.viewer', '{"enabled":false,"severities":[]}'); // another account's choice
    offerDesktopAlerts();
    act();
    offers()[0]!.actions![0]!.run();
    expect(asked).toBe(1); // before any await: still inside the click
    await vi.waitFor(() => expect($alertPrefs.get().enabled).toBe(true));
    expect($alertPrefs.get().severities).toContain('critical');
    expect(JSON.parse(localStorage.getItem('vigil.alerts.manager')!)).toMatchObject({ enabled: true });
    await vi.waitFor(() => expect(texts()).toContain('Desktop alerts are on. Choose their severities in the menu with your name.'));
  });

  it('is not made outside the portal, to an account that chose already, or where the browser cannot or will not show alerts', async () => {
    $navigator.set(null);
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(0);

    localStorage.setItem('vigil.alerts.manager', '{"enabled":false,"severities":["critical"]}');
    await portalPage();
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(0);

    localStorage.clear();
    await portalPage();
    FakeNotification.permission = 'denied';
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(0);

    await portalPage();
    vi.unstubAllGlobals();
    offerDesktopAlerts();
    act();
    expect(offers()).toHaveLength(0);
    expect(localStorage.getItem('vigil.alerts.offered.manager')).toBeNull();
  });
});
