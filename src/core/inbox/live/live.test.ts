import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../api/contract.ts';
import { $apiBase } from '../../config/config.ts';
import { $currentUser, $unreadCount } from '../../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../testing/fetchMock.ts';
import { $toasts } from '../../toasts/toasts.ts';
import { incidentList } from '../lists.ts';
import { apply, onIncidentReceived, poll, resetLive, watchLive } from './live.ts';

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
  type: 'result' as const,
  user: SAMPLE_USER.username,
  at: Date.now(),
  incidents: { data, total: 200 + data.length },
  ...(unread === undefined ? {} : { unread: { count: unread, newest: null } }),
});

describe('live updates', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $toasts.set([]);
    incidentList.clear();
    resetLive();
  });
  afterEach(() => {
    resetLive();
    $currentUser.set(null);
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
      type: 'info',
      key: 'core.live.incident',
      params: { site: 'Antwerp Port Warehouse' },
      link: { to: '/inbox/incident/new-1' },
    });

    apply(result([incident('new-1', at(5_000)), incident('old-2', at(-60_000))]), true); // seen: no second alert
    expect(received).toEqual(['new-1']);
  });

  it('sums up many new incidents in one toast linking to the inbox', () => {
    apply(result(['a', 'b', 'c', 'd', 'e'].map((u, i) => incident(u, at(1000 + i)))), true);
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ key: 'core.live.incidents', params: { count: 5 }, link: { to: '/inbox' } });
  });

  it('sets the unread count from a poll', () => {
    $unreadCount.set(2);
    apply({ type: 'result', user: SAMPLE_USER.username, at: Date.now(), unread: { count: 5, newest: null } }, false);
    expect($unreadCount.get()).toBe(5);
  });

  it('waits for the terms: nothing is polled before they are accepted (the server refuses it)', async () => {
    vi.useFakeTimers();
    try {
      const m = mockFetch(() => json({ data: [], meta: { total: 3 } }));
      $currentUser.set({ ...SAMPLE_USER, token: 't', terms_accepted_web_portal: false });
      const stop = watchLive(['unread']);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(m.calls).toEqual([]);
      $currentUser.set({ ...SAMPLE_USER, token: 't', terms_accepted_web_portal: true });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(m.calls.map((c) => c.url.pathname)).toContain('/api/v2/notifications');
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls the unread count, and the first page of incidents only when something shows them', async () => {
    const m = mockFetch((call) =>
      call.url.pathname === '/api/v2/incidents' ? json({ data: [], meta: { total: 0 } }) : json({ data: [], meta: { total: 7 } }),
    );
    const stop = watchLive(['unread']);
    await poll();
    expect(m.calls.map((c) => c.url.pathname)).toEqual(['/api/v2/notifications']);
    expect(m.calls[0]!.url.searchParams.get('filter[unread]')).toBe('true');
    expect($unreadCount.get()).toBe(7);
    const stop2 = watchLive(['unread', 'incidents']);
    await poll();
    expect(
      m.calls
        .map((c) => c.url.pathname)
        .slice(1)
        .sort(),
    ).toEqual(['/api/v2/incidents', '/api/v2/notifications']);
    stop();
    stop2();
  });

  it('a failed poll rejects (the poller backs off) without a toast', async () => {
    mockFetch(() => json({ errors: [{ message: 'down' }] }, 503));
    const stop = watchLive(['unread']);
    await expect(poll()).rejects.toBeDefined();
    expect($toasts.get()).toEqual([]);
    stop();
  });
});

describe('watchLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $apiBase.set('https://api.vigil.test');
    localStorage.setItem('vigil.live.intervalMs', '2000');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    resetLive();
  });
  afterEach(() => {
    resetLive();
    localStorage.removeItem('vigil.live.intervalMs');
    $currentUser.set(null);
    vi.useRealTimers();
  });

  it('one poll per interval however many watchers, none once they are gone or signed out', async () => {
    const m = mockFetch(() => json({ data: [], meta: { total: 1 } }));
    const stops = Array.from({ length: 5 }, () => watchLive(['unread']));
    await vi.advanceTimersByTimeAsync(6000);
    expect(m.calls).toHaveLength(3);
    stops.forEach((s) => s());
    await vi.advanceTimersByTimeAsync(6000);
    expect(m.calls).toHaveLength(3);
    const again = watchLive(['unread']);
    $currentUser.set(null);
    await vi.advanceTimersByTimeAsync(6000);
    expect(m.calls).toHaveLength(3);
    again();
  });
});
