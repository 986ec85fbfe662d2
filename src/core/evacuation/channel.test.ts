import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvacuationStatus } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../testing/fetchMock.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { CHANNEL_NAME, openEvacuationChannel, STORAGE_KEY, type ChannelEnvironment, type ChannelMessage } from './channel.ts';
import { $evacuationActions, $evacuations, createIntent, getEntry, startEvacuation } from './evacuation.ts';
import { watchStatus, type StatusWatch } from './polling.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const SITE = '20000000-0000-4000-8000-000000000001';

/** An in-memory BroadcastChannel: what one tab posts, the others get (asynchronously). */
function bus() {
  const members = new Set<{ name: string; listeners: ((e: MessageEvent) => void)[] }>();
  const make = (name: string) => {
    const me = { name, listeners: [] as ((e: MessageEvent) => void)[] };
    members.add(me);
    return {
      postMessage(data: unknown) {
        for (const m of members)
          if (m !== me && m.name === name) setTimeout(() => m.listeners.forEach((l) => l({ data } as MessageEvent)), 0);
      },
      addEventListener(_: 'message', l: (e: MessageEvent) => void) {
        me.listeners.push(l);
      },
      close() {
        members.delete(me);
      },
    };
  };
  return make;
}

/** Two windows sharing one localStorage: a write in one fires `storage` in the other. */
function sharedStorage() {
  const a = new EventTarget();
  const b = new EventTarget();
  const storageFor = (other: EventTarget) => ({
    setItem(key: string, value: string) {
      setTimeout(() => other.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value })), 0);
    },
  });
  return { a: { events: a, storage: storageFor(b) }, b: { events: b, storage: storageFor(a) } };
}

describe('evacuation channel between tabs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells the other tabs (BroadcastChannel), never itself', async () => {
    const broadcast = bus();
    const heardA: ChannelMessage[] = [];
    const heardB: ChannelMessage[] = [];
    const a = openEvacuationChannel((m) => heardA.push(m), { broadcast });
    const b = openEvacuationChannel((m) => heardB.push(m), { broadcast });
    a.announce('site', SITE, 'start');
    await vi.advanceTimersByTimeAsync(0);
    expect(heardB).toMatchObject([{ scope: 'site', uuid: SITE, action: 'start' }]);
    expect(heardA).toEqual([]);
    a.close();
    b.close();
    expect(CHANNEL_NAME).toBe('vigil.evacuation');
  });

  it('falls back to a localStorage key and its storage event where there is no BroadcastChannel', async () => {
    const { a: envA, b: envB } = sharedStorage();
    const heard: ChannelMessage[] = [];
    const a = openEvacuationChannel(() => undefined, envA as ChannelEnvironment);
    const b = openEvacuationChannel((m) => heard.push(m), envB as ChannelEnvironment);
    a.announce('project', PROJECT, 'abort');
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toMatchObject([{ scope: 'project', uuid: PROJECT, action: 'abort' }]);
    // Other keys, and garbage under ours, are ignored.
    envB.events.dispatchEvent(Object.assign(new Event('storage'), { key: 'other', newValue: '{}' }));
    envB.events.dispatchEvent(Object.assign(new Event('storage'), { key: STORAGE_KEY, newValue: 'not json' }));
    expect(heard).toHaveLength(1);
    b.close();
    envB.events.dispatchEvent(
      Object.assign(new Event('storage'), { key: STORAGE_KEY, newValue: JSON.stringify({ ...heard[0], from: 'x' }) }),
    );
    expect(heard).toHaveLength(1);
    a.close();
  });
});

describe('evacuation statuses follow an action in another tab', () => {
  let watches: StatusWatch[] = [];
  const inactive: EvacuationStatus = { status: 'inactive', started_at: null, started_by: null, aborted_at: null };
  let original: typeof globalThis.BroadcastChannel | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $evacuations.set({});
    $evacuationActions.set({});
    original = globalThis.BroadcastChannel;
  });
  afterEach(() => {
    for (const w of watches) w.stop();
    watches = [];
    vi.useRealTimers();
    $currentUser.set(null);
    for (const t of $toasts.get()) dismissToast(t.id);
    globalThis.BroadcastChannel = original!;
  });

  it('announces an accepted action on the page’s channel, and re-fetches every status (not the message) on one from elsewhere', async () => {
    let server: EvacuationStatus = inactive;
    const m = mockFetch(async (call) => {
      if (call.method === 'POST') {
        server = { ...inactive, status: 'active', started_by: 'Here' };
        return json({ data: server });
      }
      return json({ data: server });
    });
    watches.push(watchStatus('project', PROJECT), watchStatus('site', SITE));
    await vi.advanceTimersByTimeAsync(0);
    const gets = () => m.calls.filter((c) => c.method === 'GET').length;
    expect(gets()).toBe(2);

    // The page's channel is the real BroadcastChannel of this environment: another "tab" listens.
    const other = new BroadcastChannel(CHANNEL_NAME);
    const received: ChannelMessage[] = [];
    other.onmessage = (e: MessageEvent) => received.push(e.data as ChannelMessage);
    await startEvacuation(createIntent('project', PROJECT, 'start'));
    await vi.advanceTimersByTimeAsync(10);
    expect(received).toMatchObject([{ scope: 'project', uuid: PROJECT, action: 'start' }]);

    // Another tab's action: a nudge whose content is never taken as the status.
    server = { ...inactive, status: 'active', started_by: 'Elsewhere' };
    const before = gets();
    other.postMessage({ scope: 'site', uuid: SITE, action: 'start', from: 'other-tab', at: Date.now(), status: 'lies' });
    await vi.advanceTimersByTimeAsync(10);
    expect(gets() - before).toBe(2); // both statuses shown, loaded again at once (well within 1 s)
    expect(getEntry('site', SITE)!.status!.started_by).toBe('Elsewhere');
    other.close();
  });
});
