import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../api/contract.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../../test/unit/fresh-page.ts';

// What the page has seen and shown is the page's: each test runs on a fresh page, its
// modules loaded afresh.
let $currentUser: typeof import('../../session/session.ts').$currentUser;
let $unreadCount: typeof import('../../session/session.ts').$unreadCount;
let $toasts: typeof import('../../toasts/toasts.ts').$toasts;
let dispatchTopics: typeof import('../../live/topics.ts').dispatchTopics;
let apply: typeof import('./live.ts').apply;
let onIncidentReceived: typeof import('./live.ts').onIncidentReceived;
let refresh: typeof import('./live.ts').refresh;
let watchLive: typeof import('./live.ts').watchLive;

async function newPage(): Promise<void> {
  freshPage();
  const { $apiBase } = await import('../../config/config.ts');
  ({ $currentUser, $unreadCount } = await import('../../session/session.ts'));
  ({ $toasts } = await import('../../toasts/toasts.ts'));
  ({ dispatchTopics } = await import('../../live/topics.ts'));
  ({ apply, onIncidentReceived, refresh, watchLive } = await import('./live.ts'));
  $apiBase.set('https://api.vigil.test');
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
}

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const incident = (uuid: string, occurred_at: string, severity: Incident['severity'] = 'high'): Incident => ({
  uuid,
  title: `Incident ${uuid}`,
  description: '',
  occurred_at,
  severity,
  site: { uuid: 's1', name: 'Antwerp Port Warehouse' },
  system: null,
  media: [],
  handled_by: null,
});
const result = (data: Incident[], unread?: number) => ({
  incidents: { data, total: 200 + data.length },
  ...(unread === undefined ? {} : { unread: { count: unread, newest: null } }),
});

describe('live updates', () => {
  beforeEach(async () => {
    await newPage();
  });
  afterEach(() => {
    $currentUser.set(null); // signed out: the page lets go of its connection
  });

  it('does not alert for the incidents there at first load, only for those that arrive after', () => {
    const received: string[] = [];
    onIncidentReceived((i) => received.push(i.uuid));
    apply(result([incident('old-2', at(-60_000)), incident('old-1', at(-3_600_000))]), true);
    expect(received).toEqual([]);
    expect($toasts.get()).toEqual([]);

    apply(result([incident('new-1', at(5_000), 'critical'), incident('old-2', at(-60_000))]), true);
    expect(received).toEqual(['new-1']);
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({
      type: 'alarm',
      key: 'core.live.incident.critical',
      params: { site: 'Antwerp Port Warehouse', title: 'Incident new-1' },
      link: { to: '/inbox/incident/new-1' },
    });

    apply(result([incident('new-1', at(5_000)), incident('old-2', at(-60_000))]), true); // seen: no second alert
    expect(received).toEqual(['new-1']);
  });

  it('an incident that arrived after the page started, before this code loaded, is new: it is alerted', async () => {
    // The page started 30 s ago; the live code came only now (a late chunk on a busy machine).
    const started = Date.now() - 30_000;
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(started);
    try {
      await newPage();
      const received: string[] = [];
      onIncidentReceived((i) => received.push(i.uuid));
      apply(result([incident('while-loading', at(-20_000)), incident('before-the-page', new Date(started - 5_000).toISOString())]), true);
      expect(received).toEqual(['while-loading']);
      expect($toasts.get()).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('an incident in the first answer of a portal page brings the desktop-alert offer with it, before any act', async () => {
    const { $navigator } = await import('../../router/navigation.ts');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: () => Promise.resolve('default') });
    localStorage.clear();
    $navigator.set({ open: () => {}, href: (path: string) => path });
    try {
      apply(result([incident('new-1', at(5_000))]), true);
      expect($toasts.get().map((t) => t.key)).toContain('core.live.offer.text');
    } finally {
      $navigator.set(null);
      vi.unstubAllGlobals();
      localStorage.clear();
    }
  });

  it('sums up many new incidents in one toast linking to the inbox', () => {
    apply(result(['a', 'b', 'c', 'd', 'e'].map((u, i) => incident(u, at(1000 + i)))), true);
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ key: 'core.live.summaryAlarm.high', params: { count: 5 }, link: { to: '/inbox' } });
  });

  it('sets the unread count from a poll', () => {
    $unreadCount.set(2);
    apply({ unread: { count: 5, newest: null } }, false);
    expect($unreadCount.get()).toBe(5);
  });

  it('loads the unread count, and the first page of incidents only when something shows them', async () => {
    const m = mockFetch((call) =>
      call.url.pathname === '/api/v2/events'
        ? json({ errors: [] }, 404)
        : call.url.pathname === '/api/v2/incidents'
          ? json({ data: [], meta: { total: 0 } })
          : json({ data: [], meta: { total: 7 } }),
    );
    const loads = () => m.calls.filter((c) => c.url.pathname !== '/api/v2/events');
    const stop = watchLive(['unread']);
    await refresh(['unread', 'incidents']);
    expect(loads().map((c) => c.url.pathname)).toEqual(['/api/v2/notifications']);
    expect(loads()[0]!.url.searchParams.get('filter[unread]')).toBe('true');
    expect($unreadCount.get()).toBe(7);
    const stop2 = watchLive(['unread', 'incidents']);
    await refresh(['incidents']);
    expect(
      loads()
        .map((c) => c.url.pathname)
        .slice(1),
    ).toEqual(['/api/v2/incidents']);
    stop();
    stop2();
  });

  it('a topic from the live channel loads what it names; a burst costs two loads, not one each', async () => {
    let answer: (() => void) | undefined;
    const m = mockFetch((call) =>
      call.url.pathname === '/api/v2/events'
        ? json({ errors: [] }, 404)
        : new Promise<Response>((resolve) => {
            answer = () => resolve(json({ data: [], meta: { total: 2 } }));
          }),
    );
    const loads = () => m.callsTo('/api/v2/notifications');
    const stop = watchLive(['unread']);
    for (let i = 0; i < 5; i++) dispatchTopics(['notifications']);
    await vi.waitFor(() => expect(loads()).toHaveLength(1));
    answer!();
    await vi.waitFor(() => expect(loads()).toHaveLength(2));
    answer!();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(2));
    expect(loads()).toHaveLength(2);
    stop();
  });

  it('a change told before anyone here watched it is loaded by the first watcher; one told after a load is not loaded twice', async () => {
    const m = mockFetch((call) =>
      call.url.pathname === '/api/v2/events' ? json({ errors: [] }, 404) : json({ data: [], meta: { total: 3 } }),
    );
    const loads = (path: string) => m.calls.filter((c) => c.url.pathname === path && c.url.searchParams.get('page') === '1');
    // Told while this code was still on its way (another module had opened the channel).
    dispatchTopics(['incidents']);
    const { onLiveResult } = await import('./hub.ts');
    const applied = new Promise<void>((resolve) => onLiveResult(() => resolve()));
    const stop = watchLive(['incidents']);
    await applied;
    expect(loads('/api/v2/incidents')).toHaveLength(1);
    // A second watcher of the same need: already loaded since, nothing more.
    const stop2 = watchLive(['incidents']);
    // No change told of the unread count: the session's own load stands.
    const stop3 = watchLive(['unread']);
    await refresh([]);
    expect(loads('/api/v2/incidents')).toHaveLength(1);
    expect(m.callsTo('/api/v2/notifications')).toHaveLength(0);
    stop();
    stop2();
    stop3();
  });

  it('a failed load shows no toast (the client and the session deal with it)', async () => {
    mockFetch(() => json({ errors: [{ message: 'down' }] }, 503));
    const stop = watchLive(['unread']);
    await refresh(['unread']);
    expect($toasts.get()).toEqual([]);
    stop();
  });

  it('a forged message on the channel between tabs puts nothing on screen', async () => {
    const m = mockFetch(() => json({ data: [], meta: { total: 0 } }));
    const stop = watchLive(['unread', 'incidents']);
    const forger = new BroadcastChannel('vigil.live');
    const fake = incident('forged', at(5_000), 'critical');
    forger.postMessage({
      type: 'result',
      user: SAMPLE_USER.username,
      at: Date.now(),
      incidents: { data: [fake], total: 1 },
      unread: { count: 99, newest: null },
    });
    forger.postMessage({ kind: 'nudge', from: 'evil', user: SAMPLE_USER.username, topics: ['incidents'], incidents: [fake] });
    // The nudge makes this tab ask the server, which knows no such incident.
    await vi.waitFor(() => expect(m.callsTo('/api/v2/incidents')).toHaveLength(1));
    await refresh(['incidents']); // the load under way has answered and been applied
    expect($toasts.get()).toEqual([]);
    expect($unreadCount.get()).not.toBe(99);
    forger.close();
    stop();
  });
});
