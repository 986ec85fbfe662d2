import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANNEL } from '../live/channel.ts';
import { topicOf } from '../live/events.ts';
import { json, mockFetch, SAMPLE_USER, type RecordedCall } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';

// The live channel and the count are the page's: each test runs on a fresh page, its
// modules loaded afresh (topicOf above is the same on any page).
let dispatchTopics: typeof import('../live/topics.ts').dispatchTopics;
let $currentUser: typeof import('../session/session.ts').$currentUser;
let signOut: typeof import('../session/session.ts').signOut;
let watchLive: typeof import('./live/live.ts').watchLive;
let $openIncidents: typeof import('./open.ts').$openIncidents;

async function newPage(): Promise<void> {
  freshPage();
  const { $apiBase } = await import('../config/config.ts');
  ({ dispatchTopics } = await import('../live/topics.ts'));
  ({ $currentUser, signOut } = await import('../session/session.ts'));
  ({ watchLive } = await import('./live/live.ts'));
  ({ $openIncidents } = await import('./open.ts'));
  $apiBase.set('https://api.vigil.test');
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
}

const isOpenLoad = (c: RecordedCall) => c.url.pathname === '/api/v2/incidents' && c.url.searchParams.get('filter[open]') === 'true';

/**
 * The API: no event stream (404), the open count `server.open` (answered at once, or when
 * the test calls `release()` while `held`), empty lists otherwise.
 */
function server(open: number) {
  const state = { open, held: false, waiting: [] as (() => void)[] };
  const m = mockFetch((call) => {
    if (call.url.pathname === '/api/v2/events') return json({ errors: [{ message: 'Not found' }] }, 404);
    if (isOpenLoad(call)) {
      const answer = () => json({ data: [], meta: { total: state.open, page: 1, per_page: 1 } });
      if (!state.held) return answer();
      return new Promise<Response>((resolve) => state.waiting.push(() => resolve(answer())));
    }
    return json({ data: [], meta: { total: 0, page: 1, per_page: 50 } });
  });
  return {
    state,
    opens: () => m.calls.filter(isOpenLoad),
    /** The unread-count loads: a probe that the live module did what it was going to. */
    unreads: () => m.callsTo('/api/v2/notifications'),
    /** The incident list's loads (not the open count's). */
    lists: () => m.callsTo('/api/v2/incidents').filter((c) => !isOpenLoad(c)),
    release: () => state.waiting.splice(0).forEach((answer) => answer()),
  };
}

/**
 * Asks for an unread-count load and waits until it went out: a load of the open count the
 * module started before it would have gone out too (loads leave in the order they are made).
 */
async function probe(s: ReturnType<typeof server>): Promise<void> {
  const before = s.unreads().length;
  dispatchTopics(['notifications']);
  await vi.waitFor(() => expect(s.unreads().length).toBeGreaterThan(before));
}

describe('the open-incidents count', () => {
  beforeEach(async () => {
    localStorage.clear();
    await newPage();
  });
  afterEach(() => {
    $currentUser.set(null); // signed out: the page lets go of its connection
    vi.useRealTimers();
  });

  it('is loaded once for every element that shows it, with per_page=1, and not at all while none does', async () => {
    const s = server(3);
    s.state.held = true;
    const idle = watchLive(['unread', 'incidents']);
    dispatchTopics(['incidents']);
    await vi.waitFor(() => expect(s.lists()).toHaveLength(1));
    expect(s.opens()).toEqual([]);
    expect($openIncidents.get()).toBeUndefined();

    const stops = [watchLive(['open']), watchLive(['open']), watchLive(['unread', 'open'])];
    await vi.waitFor(() => expect(s.opens()).toHaveLength(1));
    expect(Object.fromEntries(s.opens()[0]!.url.searchParams)).toEqual({ 'filter[open]': 'true', per_page: '1' });
    s.release();
    await vi.waitFor(() => expect($openIncidents.get()).toBe(3));
    // One more element later finds it loaded.
    stops.push(watchLive(['open']));
    await probe(s);
    expect(s.opens()).toHaveLength(1);
    [idle, ...stops].forEach((stop) => stop());
  });

  it('loads again when an incident arrives or is handled, and on resync; not for notifications', async () => {
    const s = server(3);
    const stop = watchLive(['open', 'unread']);
    await vi.waitFor(() => expect($openIncidents.get()).toBe(3));

    s.state.open = 2;
    dispatchTopics([topicOf({ id: '7', type: 'incident_handled', data: { uuid: 'i1', project: 'p1' } })!.topic]);
    await vi.waitFor(() => expect($openIncidents.get()).toBe(2));
    s.state.open = 4;
    dispatchTopics([topicOf({ id: '8', type: 'incident', data: { uuid: 'i2', project: 'p1' } })!.topic]);
    await vi.waitFor(() => expect($openIncidents.get()).toBe(4));
    expect(s.opens()).toHaveLength(3);

    await probe(s); // a notification: the unread count loads, the open count does not
    expect(s.opens()).toHaveLength(3);
    s.state.open = 1;
    dispatchTopics(['resync']);
    await vi.waitFor(() => expect($openIncidents.get()).toBe(1));
    stop();
  });

  it('is forgotten on sign-out, here or in another tab, and a late answer for the signed-out user is dropped', async () => {
    const s = server(3);
    const stop = watchLive(['open']);
    await vi.waitFor(() => expect($openIncidents.get()).toBe(3));
    signOut();
    expect($openIncidents.get()).toBeUndefined();

    // Signed in again: loaded for this user. Another tab signs out (the stored user goes).
    $currentUser.set({ ...SAMPLE_USER, token: 't2' });
    await vi.waitFor(() => expect($openIncidents.get()).toBe(3));
    $currentUser.set(null);
    expect($openIncidents.get()).toBeUndefined();

    // Another user signs in while the first one's count is still on its way: not theirs.
    $currentUser.set({ ...SAMPLE_USER, token: 't3' });
    s.state.held = true;
    s.state.open = 9;
    dispatchTopics(['incidents']);
    await vi.waitFor(() => expect(s.state.waiting.length).toBeGreaterThan(0));
    $currentUser.set({ ...SAMPLE_USER, username: 'viewer', token: 'v' });
    s.state.open = 5;
    s.release();
    await vi.waitFor(() => expect(s.state.waiting.length).toBeGreaterThan(0));
    expect($openIncidents.get()).toBeUndefined();
    s.release();
    await vi.waitFor(() => expect($openIncidents.get()).toBe(5));
    stop();
  });

  it('waits for the terms: nothing is asked before they are accepted', async () => {
    const s = server(2);
    $currentUser.set({ ...SAMPLE_USER, terms_accepted_web_portal: false, token: 't' });
    const stop = watchLive(['open', 'unread']);
    await probe(s);
    expect(s.opens()).toEqual([]);
    $currentUser.set({ ...SAMPLE_USER, terms_accepted_web_portal: true, token: 't' });
    await vi.waitFor(() => expect($openIncidents.get()).toBe(2));
    stop();
  });

  it('without a stream, the polling tab that shows it tells the others when only the open count changed', async () => {
    vi.useFakeTimers();
    localStorage.setItem('vigil.live.intervalMs', '2000');
    const s = server(3);
    const posted: { kind: string; topics?: string[] }[] = [];
    const spy = new BroadcastChannel(LIVE_CHANNEL);
    spy.onmessage = (e: MessageEvent) => posted.push(e.data as never);
    const stop = watchLive(['open']);
    await vi.advanceTimersByTimeAsync(6100);
    expect($openIncidents.get()).toBe(3);
    expect(posted.filter((p) => p.kind === 'nudge')).toEqual([]);
    s.state.open = 2; // handled: no new incident, the newest one is the same
    await vi.advanceTimersByTimeAsync(2100);
    expect($openIncidents.get()).toBe(2);
    expect(posted.filter((p) => p.kind === 'nudge')).toEqual([expect.objectContaining({ topics: ['incidents'] })]);
    stop();
    spy.close();
  });
});
