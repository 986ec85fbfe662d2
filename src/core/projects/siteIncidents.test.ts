import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import type { Incident } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { dispatchTopics } from '../live/topics.ts';
import { signOut } from '../session/session.ts';
import { $currentUser } from '../session/store.ts';
import { SITE_OPEN_SHOWN, SITE_RECENT_SHOWN, siteIncidents, splitSiteIncidents, watchSiteIncidents } from './siteIncidents.ts';

const incident = (n: number, handled: boolean): Incident => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Incident ${n}`,
  description: '',
  occurred_at: new Date(Date.UTC(2026, 10, 28) - n * 3_600_000).toISOString(),
  severity: 'high',
  site: { uuid: '20000000-0000-4000-8000-000000000005', name: 'Newark Data Hall', timezone: 'America/New_York' },
  system: null,
  media: [],
  handled_by: handled ? 'manager' : null,
});

describe('splitSiteIncidents', () => {
  it('lists the open ones first with their total, then only handled ones of the recent answer', () => {
    const open = [incident(1, false), incident(3, false)];
    const recent = [incident(1, false), incident(2, true), incident(3, false), incident(4, true)];
    const split = splitSiteIncidents(open, 7, recent);
    expect(split.open.map((i) => i.title)).toEqual(['Incident 1', 'Incident 3']);
    expect(split.openTotal).toBe(7);
    expect(split.handled.map((i) => i.title)).toEqual(['Incident 2', 'Incident 4']);
  });

  it('keeps each list short', () => {
    const many = (handled: boolean) => Array.from({ length: 12 }, (_, i) => incident(i + 1, handled));
    const split = splitSiteIncidents(many(false), 12, many(true));
    expect(split.open).toHaveLength(SITE_OPEN_SHOWN);
    expect(split.handled).toHaveLength(SITE_RECENT_SHOWN);
  });
});

describe('watchSiteIncidents', () => {
  const SITE = '20000000-0000-4000-8000-000000000005';
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'tok' });
  });
  afterEach(() => {
    signOut();
  });

  const server = () => mockFetch(() => json({ data: [incident(1, false)], meta: { total: 1 } }));
  /** Loads of the site's incidents so far (each is two requests: the open ones and the recent ones). */
  const loads = (m: ReturnType<typeof server>) => m.callsTo('/api/v2/incidents').length / 2;
  const answered = () => vi.waitFor(() => expect(siteIncidents.$entries.get()[SITE]).toMatchObject({ status: 'ready' }), { timeout: 2000 });

  it('asks once for every element of the page, even one that appears after the answer', async () => {
    const m = server();
    const first = watchSiteIncidents(SITE);
    await answered();
    // A second element of the same site (its own React root) mounts only now.
    const second = watchSiteIncidents(SITE);
    const third = watchSiteIncidents(SITE);
    await Promise.resolve();
    expect(loads(m)).toBe(1);
    expect(m.calls.map((c) => c.url.searchParams.get('filter[site]'))).toEqual([SITE, SITE]);

    // The live channel says incidents changed: one load however many show them.
    dispatchTopics(['incidents']);
    await vi.waitFor(() => expect(loads(m)).toBe(2));
    await siteIncidents.load(SITE); // its answer
    // All gone: nothing more is asked; a page that shows the site again asks afresh.
    first();
    second();
    third();
    third(); // twice is once
    dispatchTopics(['incidents']);
    await Promise.resolve();
    expect(loads(m)).toBe(2);
    const again = watchSiteIncidents(SITE);
    await vi.waitFor(() => expect(loads(m)).toBe(3));
    again();
  });
});
