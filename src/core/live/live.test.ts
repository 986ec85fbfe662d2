import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, SAMPLE_USER, type RecordedCall } from '../../../test/unit/fetchMock.ts';
import { freshPage } from '../../../test/unit/fresh-page.ts';
import { tabId } from '../browser/tab.ts';
import { LIVE_CHANNEL, openLiveChannel, parseMessage } from './channel.ts';
import { BACKOFF_MAX_MS, FALLBACK_AFTER_FAILURES, reconnectDelay, topicOf } from './events.ts';
import { PAUSED_AFTER_MS } from './state.ts';
import type { Topic } from './topics.ts';

// The live channel is the page's: each test (and each "other tab" within one) runs on a
// fresh page, its modules loaded afresh (pure helpers above are the same on any page).
let $apiBase: typeof import('../config/config.ts').$apiBase;
let $currentUser: typeof import('../session/session.ts').$currentUser;
let announce: typeof import('./live.ts').announce;
let registerFallbackPoll: typeof import('./live.ts').registerFallbackPoll;
let watchLive: typeof import('./live.ts').watchLive;
let $liveState: typeof import('./state.ts').$liveState;
let onTopic: typeof import('./topics.ts').onTopic;

/** Loads the page's modules afresh, signed in on the tests' API. */
async function newPage(): Promise<void> {
  freshPage();
  ({ $apiBase } = await import('../config/config.ts'));
  ({ $currentUser } = await import('../session/session.ts'));
  ({ announce, registerFallbackPoll, watchLive } = await import('./live.ts'));
  ({ $liveState } = await import('./state.ts'));
  ({ onTopic } = await import('./topics.ts'));
  $apiBase.set('https://api.vigil.test');
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
}

/** A server's event stream the test writes into. */
function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(type: string, id: number, data: unknown) {
      controller.enqueue(encoder.encode(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    comment() {
      controller.enqueue(encoder.encode(': ping\n\n'));
    },
    close() {
      controller.close();
    },
  };
}

type Stream = ReturnType<typeof sseStream>;

function server(other: (call: RecordedCall) => Response = () => json({ data: [], meta: { total: 0 } })) {
  const streams: Stream[] = [];
  const m = mockFetch((call) => {
    if (call.url.pathname === '/api/v2/events') {
      const s = sseStream();
      streams.push(s);
      return s.response;
    }
    return other(call);
  });
  return { m, streams, opens: () => m.callsTo('/api/v2/events') };
}

const heard = () => {
  const topics: Topic[] = [];
  const stops = (['incidents', 'notifications', 'evacuation', 'systems', 'resync'] as const).map((t) => onTopic(t, () => topics.push(t)));
  return { topics, stop: () => stops.forEach((s) => s()) };
};

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { interval: 5 });

describe('the live channel', () => {
  beforeEach(async () => {
    localStorage.clear();
    await newPage();
  });
  afterEach(() => {
    $currentUser.set(null); // signed out: the page lets go of its connection
    vi.useRealTimers();
  });

  it('opens one stream however many watchers, asks from the page start, and turns events into topics', async () => {
    const s = server();
    const t = heard();
    const stops = Array.from({ length: 5 }, () => watchLive());
    await until(() => s.streams.length === 1);
    // From the page's start, not from when the live code loaded (later, on a busy page).
    expect(s.opens()[0]!.url.searchParams.get('since')).toBe(String(Math.floor(performance.timeOrigin)));
    expect(s.opens()[0]!.headers.get('Authorization')).toBe('Bearer t');
    s.streams[0]!.send('ready', 7, { resumed: false, replayed: 0 });
    await until(() => $liveState.get().mode === 'stream');
    s.streams[0]!.send('incident', 8, { uuid: 'i1' });
    s.streams[0]!.send('unread', 9, { count: 3 });
    s.streams[0]!.send('evacuation', 10, { scope: 'site', uuid: 's1', status: 'active' });
    s.streams[0]!.send('system', 11, { uuid: 'y1', online: false });
    await until(() => t.topics.length === 4);
    expect(t.topics).toEqual(['incidents', 'notifications', 'evacuation', 'systems']);
    expect(s.streams).toHaveLength(1);
    stops.forEach((stop) => stop());
    expect($liveState.get().mode).toBe('idle');
    t.stop();
  });

  it('after a broken connection asks for what came after the last event (replay), without a resync', async () => {
    const s = server();
    const t = heard();
    const stop = watchLive();
    await until(() => s.streams.length === 1);
    s.streams[0]!.send('ready', 20, { resumed: false, replayed: 0 });
    s.streams[0]!.send('incident', 21, { uuid: 'i1' });
    await until(() => t.topics.length === 1);
    s.streams[0]!.close(); // the connection breaks
    await until(() => s.streams.length === 2);
    expect(s.opens()[1]!.url.searchParams.get('last_event_id')).toBe('21');
    s.streams[1]!.send('incident', 22, { uuid: 'i2' }); // replayed
    s.streams[1]!.send('ready', 22, { resumed: true, replayed: 1 });
    await until(() => $liveState.get().mode === 'stream' && t.topics.length === 2);
    expect(t.topics).toEqual(['incidents', 'incidents']);
    stop();
    t.stop();
  });

  it('an action here nudges the other tabs only when no stream tells them: one change, one nudge', async () => {
    const s = server();
    const nudges: unknown[] = [];
    const spy = new BroadcastChannel(LIVE_CHANNEL);
    spy.onmessage = (e: MessageEvent) => {
      if ((e.data as { kind: string }).kind === 'nudge') nudges.push((e.data as { topics: unknown }).topics);
    };
    const stop = watchLive();
    await until(() => s.streams.length === 1);
    s.streams[0]!.send('ready', 30, { resumed: false, replayed: 0 });
    await until(() => $liveState.get().mode === 'stream');
    // This tab's start was accepted; the server's event follows (it often comes first).
    announce(['evacuation']);
    s.streams[0]!.send('evacuation', 31, { scope: 'site', uuid: 's1', status: 'active' });
    await until(() => nudges.length > 0);
    // Both from this tab's one channel, in order: an announce would have arrived first.
    expect(nudges).toEqual([['evacuation']]);

    // No stream (it broke): the announce is how the other tabs hear of it at once.
    s.streams[0]!.close();
    await until(() => $liveState.get().mode === 'polling');
    announce(['evacuation']);
    await until(() => nudges.length === 2);
    expect(nudges[1]).toEqual(['evacuation']);
    stop();
    spy.close();
  });

  it('tells a tab that starts listening, and it alone, what changed since its page started', async () => {
    const s = server();
    const heardByTabs: { to?: string; topics?: unknown; kind: string }[] = [];
    const spy = new BroadcastChannel(LIVE_CHANNEL);
    spy.onmessage = (e: MessageEvent) => heardByTabs.push(e.data as { kind: string });
    const stop = watchLive();
    await until(() => s.streams.length === 1);
    s.streams[0]!.send('ready', 50, { resumed: false, replayed: 0 });
    await until(() => $liveState.get().mode === 'stream');
    const before = Date.now() - 1;
    s.streams[0]!.send('evacuation', 51, { scope: 'site', uuid: 's1', status: 'active' });
    await until(() => heardByTabs.some((m) => m.kind === 'nudge'));
    // A tab whose page started before that change says hello: the change, for it alone.
    const other = new BroadcastChannel(LIVE_CHANNEL);
    other.postMessage({ kind: 'hello', from: 'late-tab', user: SAMPLE_USER.username, since: before });
    await until(() => heardByTabs.some((m) => m.to === 'late-tab'));
    expect(heardByTabs.filter((m) => m.to === 'late-tab')).toEqual([
      expect.objectContaining({ kind: 'nudge', topics: ['evacuation'], to: 'late-tab' }),
    ]);
    // One whose page started after it: its own loads saw it; only the status.
    other.postMessage({ kind: 'hello', from: 'new-tab', user: SAMPLE_USER.username, since: Date.now() + 1 });
    await until(() => heardByTabs.filter((m) => m.kind === 'status').length >= 3);
    expect(heardByTabs.some((m) => m.to === 'new-tab')).toBe(false);
    stop();
    spy.close();
    other.close();
  });

  it('a reset (the log did not reach back) makes every topic load again', async () => {
    const s = server();
    const t = heard();
    const stop = watchLive();
    await until(() => s.streams.length === 1);
    s.streams[0]!.send('reset', 90, {});
    s.streams[0]!.send('ready', 90, { resumed: false, replayed: 0 });
    await until(() => t.topics.includes('resync'));
    stop();
    t.stop();
  });

  it('a new leader takes over where the last one stopped: the cursor it left behind', async () => {
    const s = server();
    const stop = watchLive();
    await until(() => s.streams.length === 1);
    s.streams[0]!.send('ready', 40, { resumed: false, replayed: 0 });
    s.streams[0]!.send('unread', 41, { count: 1 });
    await until(() => localStorage.getItem(`vigil.live.cursor.${SAMPLE_USER.username}`)?.includes('"41"') === true);
    stop(); // the leading tab goes away …
    await newPage();
    const next = watchLive(); // … and another one leads
    await until(() => s.streams.length === 2);
    expect(s.opens()[1]!.url.searchParams.get('last_event_id')).toBe('41');
    next();
  });

  it('polls as before when the API has no stream (404), and tells the other tabs only what changed', async () => {
    vi.useFakeTimers();
    localStorage.setItem('vigil.live.intervalMs', '2000');
    const m = mockFetch((call) =>
      call.url.pathname === '/api/v2/events' ? json({ errors: [{ message: 'Not found' }] }, 404) : json({ data: [], meta: { total: 0 } }),
    );
    const polls: number[] = [];
    registerFallbackPoll(async () => {
      polls.push(Date.now());
      return polls.length === 2 ? ['incidents'] : [];
    });
    const posted: unknown[] = [];
    const spy = new BroadcastChannel(LIVE_CHANNEL);
    spy.onmessage = (e: MessageEvent) => posted.push(e.data);
    const stop = watchLive();
    await vi.advanceTimersByTimeAsync(6100);
    expect($liveState.get().mode).toBe('polling');
    expect(polls).toHaveLength(3);
    expect(m.callsTo('/api/v2/events')).toHaveLength(1); // not asked again
    await vi.advanceTimersByTimeAsync(10);
    expect(posted.filter((p) => (p as { kind: string }).kind === 'nudge')).toEqual([
      expect.objectContaining({ kind: 'nudge', topics: ['incidents'] }),
    ]);
    stop();
    spy.close();
  });

  it('falls back to polling after repeated failures, says paused when nothing works, and recovers', async () => {
    vi.useFakeTimers();
    localStorage.setItem('vigil.live.intervalMs', '2000');
    let down = true;
    const streams: Stream[] = [];
    mockFetch((call) => {
      if (down) return Promise.reject(new TypeError('Failed to fetch'));
      if (call.url.pathname === '/api/v2/events') {
        const st = sseStream();
        streams.push(st);
        return st.response;
      }
      return json({ data: [], meta: { total: 0 } });
    });
    registerFallbackPoll(async () => {
      if (down) throw new Error('down');
      return [];
    });
    const stop = watchLive();
    await vi.advanceTimersByTimeAsync(PAUSED_AFTER_MS + 1000);
    expect($liveState.get()).toMatchObject({ mode: 'polling', paused: true });
    down = false;
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS + 1000);
    expect(streams.length).toBeGreaterThan(0);
    streams.at(-1)!.send('ready', 5, { resumed: false, replayed: 0 });
    await vi.advanceTimersByTimeAsync(10);
    expect($liveState.get()).toMatchObject({ mode: 'stream', paused: false });
    stop();
  });

  it('a 429 on the stream is a failure with backoff: never sooner than Retry-After, so no hammering', async () => {
    vi.useFakeTimers();
    let refuse = true;
    const streams: Stream[] = [];
    const m = mockFetch((call) => {
      if (call.url.pathname !== '/api/v2/events') return json({ data: [], meta: { total: 0 } });
      if (refuse) return json({ errors: [{ message: 'Too many attempts. Try again in 40 seconds.' }] }, 429, { 'Retry-After': '40' });
      const st = sseStream();
      streams.push(st);
      return st.response;
    });
    const opens = () => m.callsTo('/api/v2/events').length;
    const stop = watchLive();
    await vi.advanceTimersByTimeAsync(10);
    expect(opens()).toBe(1);
    // Backoff alone would try again within a second: the server asked for 40.
    await vi.advanceTimersByTimeAsync(39_900);
    expect(opens()).toBe(1);
    expect($liveState.get().mode).not.toBe('stream');
    await vi.advanceTimersByTimeAsync(200);
    expect(opens()).toBe(2);
    // Still refused: again at least 40 s, however few the failures; in the meantime no hammering.
    await vi.advanceTimersByTimeAsync(39_000);
    expect(opens()).toBe(2);
    refuse = false;
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_MS + 1000);
    expect(streams).toHaveLength(1);
    streams[0]!.send('ready', 5, { resumed: false, replayed: 0 });
    await vi.advanceTimersByTimeAsync(10);
    expect($liveState.get().mode).toBe('stream');
    stop();
  });

  it('a quiet stream is not a failure: its heartbeat keeps it confirmed', async () => {
    vi.useFakeTimers();
    const s = server();
    const stop = watchLive();
    await vi.advanceTimersByTimeAsync(10);
    s.streams[0]!.send('ready', 1, { resumed: false, replayed: 0 });
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(15_000);
      s.streams[0]!.comment();
    }
    await vi.advanceTimersByTimeAsync(10);
    expect($liveState.get()).toMatchObject({ mode: 'stream', paused: false });
    expect(Date.now() - $liveState.get().confirmedAt!).toBeLessThan(100);
    expect(s.streams).toHaveLength(1);
    stop();
  });

  it('waits for the terms: no stream before they are accepted (the server refuses it)', async () => {
    const s = server();
    $currentUser.set({ ...SAMPLE_USER, token: 't', terms_accepted_web_portal: false });
    vi.useFakeTimers();
    const stop = watchLive();
    await vi.advanceTimersByTimeAsync(5_000); // what a started run does in its first seconds
    expect(s.m.calls).toHaveLength(0);
    vi.useRealTimers();
    $currentUser.set({ ...SAMPLE_USER, token: 't', terms_accepted_web_portal: true });
    await until(() => s.streams.length === 1);
    stop();
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s, draws between half and all of it, never past 30 s', () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(FALLBACK_AFTER_FAILURES + 10, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(reconnectDelay(50, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('messages between tabs', () => {
  it('a forged message carrying data is dropped; a nudge names topics only', () => {
    const forged = { type: 'result', user: 'manager', incidents: { data: [{ uuid: 'fake', title: 'Fake incident' }] } };
    expect(parseMessage(forged)).toBeNull();
    expect(parseMessage({ kind: 'nudge', from: 'x', user: 'manager', topics: ['incidents', 'bogus'] })).toBeNull();
    expect(
      parseMessage({ kind: 'status', from: 'x', user: 'manager', mode: 'stream', paused: 'no', confirmedAt: 1, streamSince: 1 }),
    ).toBeNull();
    const nudge = parseMessage({ kind: 'nudge', from: 'x', user: 'manager', topics: ['incidents'], incidents: [{ uuid: 'fake' }] });
    expect(nudge).toEqual({ kind: 'nudge', from: 'x', user: 'manager', topics: ['incidents'] }); // extra fields are not kept
  });

  it('a nudge for one tab reaches only that tab', () => {
    const got: unknown[] = [];
    let deliver!: (event: MessageEvent) => void;
    const fake = {
      postMessage() {},
      close() {},
      set onmessage(f: (event: MessageEvent) => void) {
        deliver = f;
      },
    };
    openLiveChannel(
      (m) => got.push(m),
      () => fake as never,
    );
    deliver({ data: { kind: 'nudge', from: 'leader', user: 'manager', topics: ['evacuation'], to: 'someone-else' } } as MessageEvent);
    expect(got).toEqual([]);
    deliver({ data: { kind: 'nudge', from: 'leader', user: 'manager', topics: ['evacuation'], to: tabId } } as MessageEvent);
    deliver({ data: { kind: 'nudge', from: 'leader', user: 'manager', topics: ['incidents'] } } as MessageEvent);
    expect(got).toEqual([
      { kind: 'nudge', from: 'leader', user: 'manager', topics: ['evacuation'], to: tabId },
      { kind: 'nudge', from: 'leader', user: 'manager', topics: ['incidents'] },
    ]);
    expect(parseMessage({ kind: 'hello', from: 'x', user: 'manager', since: 'yesterday' })).toBeNull();
    expect(parseMessage({ kind: 'nudge', from: 'x', user: 'manager', topics: [], to: 5 })).toBeNull();
  });

  it('maps stream events to topics, and ignores unknown ones', () => {
    expect(topicOf({ id: '1', type: 'incident', data: { uuid: 'a' } })).toEqual({ topic: 'incidents', hint: { uuid: 'a' } });
    // Handled by the control room: one open incident less, the same topic.
    expect(topicOf({ id: '2', type: 'incident_handled', data: { uuid: 'a', project: 'p' } })).toEqual({
      topic: 'incidents',
      hint: { uuid: 'a' },
    });
    expect(topicOf({ id: '1', type: 'evacuation', data: { uuid: 'p' } })).toEqual({ topic: 'evacuation', hint: { uuid: 'p' } });
    // What the alarm needs of an evacuation: its status, mode and moment.
    expect(
      topicOf({
        id: '3',
        type: 'evacuation',
        data: { scope: 'project', uuid: 'p', status: 'active', mode: 'drill', at: '2026-11-28T10:00:00Z' },
      }),
    ).toEqual({ topic: 'evacuation', hint: { uuid: 'p', evacuation: { status: 'active', mode: 'drill', at: '2026-11-28T10:00:00Z' } } });
    expect(topicOf({ id: '1', type: 'whatever', data: {} })).toBeNull();
  });
});
