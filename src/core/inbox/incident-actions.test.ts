import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../api/contract.ts';
import { json, mockFetch, SAMPLE_USER, type RecordedCall } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';

// The caches, the list and the open count are the page's: each test runs on a fresh page.
let actions: typeof import('./incident-actions.ts');
let incidentCache: typeof import('../resources/resources.ts').incidentCache;
let incidentList: typeof import('./lists.ts').incidentList;
let itemAt: typeof import('./pagedList.ts').itemAt;
let $currentUser: typeof import('../session/session.ts').$currentUser;
let $openIncidents: typeof import('./open.ts').$openIncidents;
let $toasts: typeof import('../toasts/toasts.ts').$toasts;
let watchLive: typeof import('./live/live.ts').watchLive;

const UUID = 'bbbbbbbb-0000-4000-8000-000000000001';
const open: Incident = {
  uuid: UUID,
  title: 'Glass break at gate 3',
  description: '',
  occurred_at: '2026-11-27T10:00:00.000Z',
  severity: 'critical',
  site: null,
  system: null,
  media: [],
  handled_by: null,
  acknowledged_at: null,
  acknowledged_by: null,
  outcome: null,
};
const TIMELINE = [
  { kind: 'occurred', at: open.occurred_at },
  { kind: 'alerted', at: open.occurred_at },
];

async function newPage(): Promise<void> {
  freshPage();
  const { $apiBase } = await import('../config/config.ts');
  actions = await import('./incident-actions.ts');
  ({ incidentCache } = await import('../resources/resources.ts'));
  ({ incidentList } = await import('./lists.ts'));
  ({ itemAt } = await import('./pagedList.ts'));
  ({ $currentUser } = await import('../session/session.ts'));
  ({ $openIncidents } = await import('./open.ts'));
  ({ $toasts } = await import('../toasts/toasts.ts'));
  ({ watchLive } = await import('./live/live.ts'));
  $apiBase.set('https://api.vigil.test');
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
}

const isOpenLoad = (c: RecordedCall) => c.url.pathname === '/api/v2/incidents' && c.url.searchParams.get('filter[open]') === 'true';
const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

/** The API: the incident as `state.incident`, the open count, and `answer` for the actions' POSTs. */
function server(answer: (call: RecordedCall) => Response | Promise<Response>) {
  const state = { open: 5 };
  const m = mockFetch((call) => {
    if (call.url.pathname === '/api/v2/events') return json({ errors: [{ message: 'Not found' }] }, 404);
    if (call.method === 'POST') return answer(call);
    // The session checks the user again after a 401 (still signed in here).
    if (call.url.pathname === '/api/v2/user') return json({ data: SAMPLE_USER });
    if (isOpenLoad(call)) return json({ data: [], meta: { total: state.open, page: 1, per_page: 1 } });
    if (call.url.pathname === '/api/v2/incidents') return json({ data: [open], meta: { total: 1, page: 1, per_page: 50 } });
    return json({ data: { ...open, timeline: TIMELINE } });
  });
  return { state, m, opens: () => m.calls.filter(isOpenLoad) };
}

const listRow = () => itemAt(incidentList.$state.get(), incidentList.perPage, 0);

describe('acting on an incident', () => {
  beforeEach(async () => {
    localStorage.clear();
    await newPage();
  });
  afterEach(() => {
    $currentUser.set(null);
  });

  it('acknowledges once for a double click, and shows the answer on the page and in the list at once', async () => {
    const acked = { ...open, acknowledged_at: '2026-11-27T10:05:00.000Z', acknowledged_by: 'Morgan Manager' };
    const s = server(() =>
      json({ data: { ...acked, timeline: [...TIMELINE, { kind: 'acknowledged', at: acked.acknowledged_at, by: 'Morgan Manager' }] } }),
    );
    incidentList.start();
    await vi.waitFor(() => expect(listRow()?.uuid).toBe(UUID));
    await incidentCache.load(UUID);

    const [a, b] = await Promise.all([actions.acknowledgeIncident(UUID), actions.acknowledgeIncident(UUID)]);
    expect(posts(s.m.calls).map((c) => c.url.pathname)).toEqual([`/api/v2/incidents/${UUID}/acknowledge`]);
    expect(a).toEqual(b);
    expect(a.ok).toBe(true);
    expect(incidentCache.peek(UUID)).toMatchObject({
      acknowledged_by: 'Morgan Manager',
      timeline: expect.arrayContaining([expect.objectContaining({ kind: 'acknowledged' })]),
    });
    expect(listRow()).toMatchObject({ acknowledged_by: 'Morgan Manager', acknowledged_at: acked.acknowledged_at });
  });

  it('sends a comment as plain JSON text and answers the fresh timeline', async () => {
    const s = server((call) =>
      json(
        {
          data: {
            ...open,
            timeline: [
              ...TIMELINE,
              { kind: 'comment', at: '2026-11-27T10:06:00.000Z', by: 'Vic', text: (call.body as { text: string }).text },
            ],
          },
        },
        201,
      ),
    );
    const result = await actions.commentOnIncident(UUID, '<b>That was our cleaner</b>');
    expect(posts(s.m.calls)[0]!.body).toEqual({ text: '<b>That was our cleaner</b>' });
    expect(result.ok && result.incident.timeline?.at(-1)).toMatchObject({ kind: 'comment', text: '<b>That was our cleaner</b>' });
    expect(incidentCache.peek(UUID)?.timeline).toHaveLength(3);
  });

  it('handling renews the open-incidents count through its one loader; an empty note is left out', async () => {
    const s = server(() => json({ data: { ...open, handled_by: 'manager', outcome: 'false_alarm' } }));
    const stop = watchLive(['open']);
    await vi.waitFor(() => expect($openIncidents.get()).toBe(5));
    const loads = s.opens().length;
    s.state.open = 4;

    const result = await actions.handleIncident(UUID, 'false_alarm', '   ');
    expect(result.ok).toBe(true);
    expect(posts(s.m.calls)[0]!.body).toEqual({ outcome: 'false_alarm' });
    await vi.waitFor(() => expect($openIncidents.get()).toBe(4));
    expect(s.opens().length).toBe(loads + 1);
    expect(incidentCache.peek(UUID)).toMatchObject({ handled_by: 'manager', outcome: 'false_alarm' });
    stop();
  });

  it('a refused comment gives the server’s field message back to the form, without a toast', async () => {
    server(() => json({ errors: [{ field: 'text', message: 'A comment can be at most 1000 characters long.' }] }, 422));
    const result = await actions.commentOnIncident(UUID, 'x'.repeat(1001));
    expect(result).toEqual({ ok: false, fieldErrors: { text: 'A comment can be at most 1000 characters long.' } });
    expect($toasts.get()).toEqual([]);
    expect(incidentCache.peek(UUID)).toBeUndefined();
  });

  it('a failure shows the action’s error toast and changes nothing; a 401 shows none', async () => {
    let status = 500;
    server(() => json({ errors: [{ message: 'boom' }] }, status));
    incidentCache.set(UUID, open);
    expect((await actions.handleIncident(UUID, 'other', 'note')).ok).toBe(false);
    expect($toasts.get().map((t) => [t.type, t.key])).toEqual([['error', 'core.toastErrors.handleIncident']]);
    expect(incidentCache.peek(UUID)).toEqual(open);

    status = 401;
    expect((await actions.acknowledgeIncident(UUID)).ok).toBe(false);
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.handleIncident']);
  });

  it('handling one handled meanwhile says so and shows who handled it', async () => {
    const s = server(() =>
      json({ errors: [{ message: 'This incident has been handled already.', code: 'incident_already_handled' }] }, 409),
    );
    incidentCache.set(UUID, open);
    s.m.fn.mockClear();
    const result = await actions.handleIncident(UUID, 'intervention');
    expect(result).toEqual({ ok: false, fieldErrors: {}, handledAlready: true });
    expect($toasts.get().map((t) => [t.type, t.key])).toEqual([['info', 'core.toastErrors.incidentHandledAlready']]);
    await vi.waitFor(() => expect(s.m.calls.some((c) => c.method === 'GET' && c.url.pathname === `/api/v2/incidents/${UUID}`)).toBe(true));
  });
});
