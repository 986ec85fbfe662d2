import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvacuationStatus } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { $evacuationActions, $evacuations, createIntent, startEvacuation } from './evacuation.ts';
import { $liveState, IDLE } from '../live/state.ts';
import { dispatchTopics } from '../live/topics.ts';
import { FAST_FOR_MS, FAST_POLL_MS, POLL_MS, watchStatus, type StatusWatch } from './polling.ts';

// The live channel itself is tested in core/live; here only the state it publishes counts.
vi.mock('../live/live.ts', () => ({ watchLive: () => () => {}, announce: () => {} }));

const PROJECT = '10000000-0000-4000-8000-000000000001';
const SITE = '20000000-0000-4000-8000-000000000001';
const inactive: EvacuationStatus = { status: 'inactive', started_at: null, started_by: null, aborted_at: null };

let visibility: DocumentVisibilityState = 'visible';
function setTab(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('evacuation polling', () => {
  let watches: StatusWatch[] = [];
  const watch = (scope: 'project' | 'site', uuid: string) => {
    const w = watchStatus(scope, uuid);
    watches.push(w);
    return w;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    visibility = 'visible';
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $evacuations.set({});
    $evacuationActions.set({});
  });
  afterEach(() => {
    for (const w of watches) w.stop();
    watches = [];
    vi.useRealTimers();
    $currentUser.set(null);
    for (const t of $toasts.get()) dismissToast(t.id);
  });

  function api() {
    return mockFetch(async (call) =>
      call.method === 'GET' ? json({ data: inactive }) : json({ data: { ...inactive, status: 'active' } }),
    );
  }
  const gets = (m: ReturnType<typeof api>, uuid = PROJECT) =>
    m.calls.filter((c) => c.method === 'GET' && c.url.pathname.includes(uuid)).length;

  it('loads at once, then every 5 s while watched; stops when the last control goes', async () => {
    const m = api();
    const a = watch('project', PROJECT);
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(m)).toBe(1);
    const b = watch('project', PROJECT); // a second control for the same project: no extra load
    await vi.advanceTimersByTimeAsync(POLL_MS - 10);
    expect(gets(m)).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(gets(m)).toBe(2);
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(gets(m)).toBe(5);
    a.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(gets(m)).toBe(6);
    b.stop();
    const calls = m.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(gets(m)).toBe(6);
    expect(m.calls).toHaveLength(calls); // nothing at all is polled any more
  });

  it('pauses while the tab is hidden and loads at once when it is visible again', async () => {
    const m = api();
    watch('project', PROJECT);
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(m)).toBe(1);
    setTab('hidden');
    const calls = m.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(gets(m)).toBe(1);
    expect(m.calls).toHaveLength(calls); // nothing at all is polled while hidden
    setTab('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(m)).toBe(2);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(gets(m)).toBe(3);
  });

  it('pauses while no control of the target is on screen, and refreshes when one scrolls back', async () => {
    const m = api();
    const a = watch('project', PROJECT);
    const b = watch('project', PROJECT);
    await vi.advanceTimersByTimeAsync(0);
    a.setVisible(false);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(gets(m)).toBe(2); // b is still on screen
    b.setVisible(false);
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(gets(m)).toBe(2);
    a.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(m)).toBe(3);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(gets(m)).toBe(4);
  });

  it('polls every second for 10 s after an accepted action, then every 5 s again', async () => {
    const m = api();
    watch('project', PROJECT);
    watch('site', SITE);
    await vi.advanceTimersByTimeAsync(0);
    const base = gets(m);
    await startEvacuation(createIntent('project', PROJECT, 'start'));
    const afterAction = gets(m); // includes the check right after the POST
    expect(afterAction).toBe(base + 1);
    await vi.advanceTimersByTimeAsync(FAST_POLL_MS);
    expect(gets(m)).toBe(afterAction + 1);
    await vi.advanceTimersByTimeAsync(FAST_FOR_MS - FAST_POLL_MS);
    const fastCount = gets(m) - afterAction;
    expect(fastCount).toBeGreaterThanOrEqual(9);
    expect(fastCount).toBeLessThanOrEqual(10);
    const settled = gets(m);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(gets(m) - settled).toBeLessThanOrEqual(2);
    // The other watched status (a project's lists its sites') followed closely too.
    expect(gets(m, SITE)).toBeGreaterThanOrEqual(10);
  });

  it('toasts once for a failing poll streak, not every 5 s', async () => {
    const m = mockFetch(async () => json({ errors: [{ message: 'down' }] }, 503));
    const shown: string[] = [];
    const unlisten = $toasts.listen((list) => {
      for (const t of list) if (!shown.includes(`${t.id}`)) shown.push(`${t.id}`);
    });
    watch('project', PROJECT);
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    unlisten();
    expect(m.calls.filter((c) => c.url.pathname.endsWith('/evacuation/status')).length).toBe(5);
    expect(shown).toHaveLength(1);
  });

  it('while the event stream is up nothing polls: the server says when a status changed', async () => {
    const m = api();
    watch('project', PROJECT);
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(m)).toBe(1);
    $liveState.set({ mode: 'stream', paused: false, confirmedAt: Date.now(), streamSince: Date.now() - 1000, streamUntil: Date.now() });
    await vi.advanceTimersByTimeAsync(POLL_MS * 6);
    expect(gets(m)).toBe(1);
    dispatchTopics(['evacuation'], { uuid: PROJECT });
    await vi.advanceTimersByTimeAsync(0);
    expect(gets(m)).toBe(2);
    // The stream goes down: polling starts again at once on its old timers.
    $liveState.set({ mode: 'polling', paused: false, confirmedAt: Date.now(), streamSince: undefined, streamUntil: undefined });
    await vi.advanceTimersByTimeAsync(FAST_POLL_MS * 10 + POLL_MS);
    expect(gets(m)).toBeGreaterThan(2);
    $liveState.set(IDLE);
  });
});
