import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Incident, Notification } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { $language } from '../i18n/languages.ts';
import { $currentUser, signOut } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER, type RecordedCall } from '../../../test/unit/fetchMock.ts';
import { dayEnd, dayStart } from './filters.ts';
import { deliver } from './live/hub.ts';
import { incidentList, notificationList, setIncidentFilters, setSeverityFilter, setUnreadOnly } from './lists.ts';
import { itemAt } from './pagedList.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

const incident = (n: number): Incident => ({
  uuid: `i-${n}`,
  title: `Incident ${n}`,
  description: '',
  occurred_at: '2025-01-01T00:00:00.000Z',
  severity: 'high',
  site: null,
  system: null,
  media: [],
  handled_by: null,
});
const notification = (n: number): Notification => ({
  uuid: `n-${n}`,
  title: `N ${n}`,
  body_html: '',
  created_at: '2025-01-01T00:00:00.000Z',
  read_at: null,
});

function answer(call: RecordedCall) {
  const page = Number(call.url.searchParams.get('page'));
  if (call.url.pathname === '/api/v2/incidents') return json({ data: [incident(page)], meta: { total: 1000 } });
  return json({ data: [notification(page)], meta: { total: 1000 } });
}

describe('inbox lists', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $language.set('en');
    incidentList.clear();
    notificationList.clear();
  });
  afterEach(() => {
    $currentUser.set(null);
  });

  it('asks for incidents page by page, filtered by severity', async () => {
    const m = mockFetch(answer);
    incidentList.start();
    await settle();
    expect(m.calls[0]!.url.searchParams.get('page')).toBe('1');
    expect(m.calls[0]!.url.searchParams.get('per_page')).toBe(String(incidentList.perPage));
    expect(m.calls[0]!.url.searchParams.has('filter[severity]')).toBe(false);
    expect(m.calls[0]!.url.searchParams.get('sort')).toBe('attention');

    setSeverityFilter('critical');
    await settle();
    expect(m.calls[1]!.url.searchParams.get('filter[severity]')).toBe('critical');
    expect(incidentList.$state.get().filters).toEqual({ severity: 'critical' });

    setSeverityFilter('critical'); // same filter: no reload
    expect(m.calls).toHaveLength(2);
    setSeverityFilter(undefined);
    await settle();
    expect(m.calls[2]!.url.searchParams.has('filter[severity]')).toBe(false);
  });

  it('asks for incidents with every triage filter, as the API names them', async () => {
    const m = mockFetch(answer);
    setIncidentFilters({ project: 'p-1', site: 'site-1', system: 'sys-1', from: '2026-03-01', to: '2026-03-02', open: true });
    await settle();
    const q = m.calls[0]!.url.searchParams;
    expect(q.get('filter[project]')).toBe('p-1');
    expect(q.get('filter[site]')).toBe('site-1');
    expect(q.get('filter[system]')).toBe('sys-1');
    expect(q.get('filter[open]')).toBe('true');
    expect(q.get('filter[from]')).toBe(dayStart('2026-03-01'));
    expect(q.get('filter[to]')).toBe(dayEnd('2026-03-02'));
    setIncidentFilters({ open: true, to: '2026-03-02', from: '2026-03-01', system: 'sys-1', site: 'site-1', project: 'p-1' }); // the same: no reload
    expect(m.calls).toHaveLength(1);
    setSeverityFilter('high'); // keeps the others
    await settle();
    expect(incidentList.$state.get().filters).toEqual({
      project: 'p-1',
      site: 'site-1',
      system: 'sys-1',
      from: '2026-03-01',
      to: '2026-03-02',
      open: true,
      severity: 'high',
    });
  });

  it('marks a loaded row handled when the live poll brings it handled', async () => {
    mockFetch(answer);
    incidentList.start();
    await settle();
    expect(itemAt(incidentList.$state.get(), incidentList.perPage, 0)?.handled_by).toBeNull();
    deliver({ incidents: { data: [{ ...incident(1), handled_by: 'jane' }], total: 1000 } });
    await settle();
    expect(itemAt(incidentList.$state.get(), incidentList.perPage, 0)?.handled_by).toBe('jane');
  });

  it('fetches its first page again only for a live incident that lands on it in the attention order', async () => {
    // A full first page of open high incidents, newest first.
    const page = Array.from({ length: incidentList.perPage }, (_, i) => ({
      ...incident(i),
      occurred_at: new Date(Date.UTC(2025, 0, 1, 12) - i * 60_000).toISOString(),
    }));
    const m = mockFetch(() => json({ data: page, meta: { total: 500 } }));
    incidentList.start();
    await settle();
    expect(m.calls).toHaveLength(1);
    // Newer, but handled, and an older open low one: both sort below the last row.
    deliver({
      incidents: {
        data: [
          { ...incident(900), occurred_at: '2025-06-01T00:00:00.000Z', handled_by: 'jane' },
          { ...incident(901), severity: 'low', occurred_at: '2025-06-01T00:00:00.000Z' },
        ],
        total: 502,
      },
    });
    await settle();
    expect(m.calls).toHaveLength(1);
    // An open critical one, however old, goes on top.
    deliver({ incidents: { data: [{ ...incident(902), severity: 'critical', occurred_at: '2024-01-01T00:00:00.000Z' }], total: 503 } });
    await settle();
    expect(m.calls).toHaveLength(2);
    expect(m.calls[1]!.url.searchParams.get('page')).toBe('1');
    expect(m.calls[1]!.url.searchParams.get('sort')).toBe('attention');
  });

  it('asks for notifications in the current language, unread only on demand', async () => {
    const m = mockFetch(answer);
    $language.set('nl-BE');
    notificationList.start();
    await settle();
    expect(m.calls[0]!.url.searchParams.get('locale')).toBe('nl-BE');
    expect(m.calls[0]!.url.searchParams.has('filter[unread]')).toBe(false);
    setUnreadOnly(true);
    await settle();
    expect(m.calls[1]!.url.searchParams.get('filter[unread]')).toBe('true');
  });

  it('reloads notifications when the language changes (server-translated texts)', async () => {
    const m = mockFetch(answer);
    notificationList.start();
    await settle();
    $language.set('de');
    await settle();
    expect(m.calls).toHaveLength(2);
    expect(m.calls[1]!.url.searchParams.get('locale')).toBe('de');
  });

  it('reloads incidents in the new language when the language changes (server-translated texts)', async () => {
    const m = mockFetch(answer);
    incidentList.start();
    await settle();
    expect(m.calls[0]!.url.searchParams.get('locale')).toBe('en');
    $language.set('nl');
    await settle();
    expect(m.calls).toHaveLength(2);
    expect(m.calls[1]!.url.pathname).toBe('/api/v2/incidents');
    expect(m.calls[1]!.url.searchParams.get('locale')).toBe('nl');
  });

  it('forgets both lists and their filters on sign-out', async () => {
    mockFetch(answer);
    setSeverityFilter('low');
    setUnreadOnly(true);
    await settle();
    signOut();
    expect(incidentList.$state.get().status).toBe('idle');
    expect(incidentList.$state.get().filters).toEqual({});
    expect(notificationList.$state.get().filters).toEqual({ unreadOnly: false });
    expect(notificationList.$state.get().total).toBeNull();
  });
});
