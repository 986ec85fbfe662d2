import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvacuationStatus } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER, type RecordedCall } from '../../../test/unit/fetchMock.ts';
import type { LiveState } from '../live/state.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import {
  vouchedAt,
  $evacuationActions,
  $evacuations,
  abortEvacuation,
  createIntent,
  fetchStatus,
  getEntry,
  newIdempotencyKey,
  startEvacuation,
} from './evacuation.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const STATUS_PATH = `/api/public/v2/projects/${PROJECT}/evacuation/status`;
const START_PATH = `/api/public/v1/projects/${PROJECT}/evacuation/start`;
const ABORT_PATH = `/api/public/v1/projects/${PROJECT}/evacuation/abort`;

const inactive: EvacuationStatus = { status: 'inactive', started_at: null, started_by: null, aborted_at: null, active_sites: [] };
const active: EvacuationStatus = {
  status: 'active',
  started_at: '2025-03-01T09:00:00.000Z',
  started_by: 'Morgan Manager',
  aborted_at: null,
  active_sites: [],
};

const settle = () => new Promise((r) => setTimeout(r, 0));
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
const toastKeys = () => $toasts.get().map((t) => t.key);
function clearToasts() {
  for (const t of $toasts.get()) dismissToast(t.id);
}

/** A tiny server: the status it holds, and how it answers POSTs. */
function server(options: { post?: (call: RecordedCall) => Response | Promise<Response> } = {}) {
  let current = inactive;
  const m = mockFetch(async (call) => {
    if (call.method === 'GET' && call.url.pathname === STATUS_PATH) return json({ data: current });
    if (call.method === 'POST') {
      const answer = options.post ? await options.post(call) : undefined;
      if (answer && !answer.ok) return answer;
      current = call.url.pathname.endsWith('/start') ? active : { ...inactive, aborted_at: '2025-03-01T09:05:00.000Z' };
      return answer ?? json({ data: current });
    }
    return json({ errors: [{ message: 'unexpected' }] }, 404);
  });
  return { ...m, set: (s: EvacuationStatus) => (current = s), posts: () => m.calls.filter((c) => c.method === 'POST') };
}

/** The first status check answers "inactive", every later one fails (503); a start or abort answers "active". */
function checksFailAfterTheFirst() {
  let statusCalls = 0;
  mockFetch(async (call) => {
    if (call.method === 'GET') return statusCalls++ === 0 ? json({ data: inactive }) : json({ errors: [] }, 503);
    return json({ data: active });
  });
}

describe('evacuation: status and actions', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $evacuations.set({});
    $evacuationActions.set({});
    clearToasts();
  });
  afterEach(() => {
    $currentUser.set(null);
    clearToasts();
  });

  it('loads the status into the page-wide store, keyed by scope and uuid, with the time it was checked', async () => {
    const s = server();
    s.set(active);
    const before = Date.now();
    expect(await fetchStatus('project', PROJECT)).toEqual(active);
    const entry = getEntry('project', PROJECT)!;
    expect(entry.status).toEqual(active);
    expect(entry.loading).toBe(false);
    expect(entry.checkedAt).toBeGreaterThanOrEqual(before);
    expect(getEntry('site', PROJECT)).toBeUndefined();
    expect(s.callsTo(STATUS_PATH)).toHaveLength(1);
    expect(s.calls[0]!.headers.get('Authorization')).toBe('Bearer t');
  });

  it('shares one status request between two controls asking at once', async () => {
    const s = server();
    const [a, b] = await Promise.all([fetchStatus('project', PROJECT), fetchStatus('project', PROJECT)]);
    expect(a).toEqual(inactive);
    expect(b).toEqual(inactive);
    expect(s.callsTo(STATUS_PATH)).toHaveLength(1);
  });

  it('keeps the last known status when a load fails, with one toast per failure streak', async () => {
    const s = server();
    await fetchStatus('project', PROJECT);
    s.fn.mockImplementation(async () => json({ errors: [{ message: 'boom' }] }, 500));
    expect(await fetchStatus('project', PROJECT)).toBeUndefined();
    expect(getEntry('project', PROJECT)!.status).toEqual(inactive);
    expect(getEntry('project', PROJECT)!.error?.status).toBe(500);
    expect(toastKeys()).toEqual(['evacuation.errors.loadStatus']);
    clearToasts();
    await fetchStatus('project', PROJECT); // still failing (polling): no new toast
    expect(toastKeys()).toEqual([]);
  });

  it('keeps the failure while the status loads again: it stays unconfirmed until an answer comes', async () => {
    const s = server();
    await fetchStatus('project', PROJECT);
    s.fn.mockImplementation(async () => json({ errors: [] }, 503));
    await fetchStatus('project', PROJECT);
    const gate = deferred<void>();
    s.fn.mockImplementation(async () => (await gate.promise, json({ data: active })));
    const reload = fetchStatus('project', PROJECT);
    await settle();
    expect(getEntry('project', PROJECT)).toMatchObject({ status: inactive, error: { status: 503 } });
    gate.resolve();
    expect(await reload).toEqual(active);
    expect(getEntry('project', PROJECT)!.status).toEqual(active);
    expect(getEntry('project', PROJECT)!.error).toBeUndefined();
  });

  it('a 404 or 403 on the status is a failure like another: last status kept, one toast, asked again', async () => {
    const s = server();
    await fetchStatus('project', PROJECT);
    s.fn.mockImplementation(async () => json({ errors: [{ message: 'Not found' }] }, 404));
    expect(await fetchStatus('project', PROJECT)).toBeUndefined();
    expect(getEntry('project', PROJECT)).toMatchObject({ status: inactive, error: { status: 404 } });
    expect(toastKeys()).toEqual(['evacuation.errors.loadStatus']);
    s.fn.mockImplementation(async () => json({ errors: [{ message: 'Forbidden' }] }, 403));
    expect(await fetchStatus('project', PROJECT)).toBeUndefined();
    expect(s.fn).toHaveBeenCalledTimes(3);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: inactive, error: { status: 403 } });
    expect(toastKeys()).toEqual(['evacuation.errors.loadStatus']);
    // Never loaded: nothing is claimed, the failure is there (the screen says "could not be loaded").
    const SITE = '20000000-0000-4000-8000-000000000001';
    await fetchStatus('site', SITE);
    expect(getEntry('site', SITE)).toMatchObject({ status: undefined, loading: false, error: { status: 403 } });
  });

  it('toasts nothing for a quiet load nor an aborted one', async () => {
    mockFetch(async () => json({ errors: [] }, 500));
    expect(await fetchStatus('project', PROJECT, { quiet: true })).toBeUndefined();
    expect(getEntry('project', PROJECT)!.error?.status).toBe(500);
    const SITE = '20000000-0000-4000-8000-000000000001';
    mockFetch(async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    });
    expect(await fetchStatus('site', SITE)).toBeUndefined();
    expect(getEntry('site', SITE)!.error?.kind).toBe('aborted');
    expect(toastKeys()).toEqual([]);
  });

  it('start: one POST with the idempotency key, then the status fetched again (not assumed), and the event', async () => {
    const s = server();
    await fetchStatus('project', PROJECT);
    const intent = createIntent('project', PROJECT, 'start');
    const host = new EventTarget();
    const events: CustomEvent[] = [];
    host.addEventListener('vigil-evacuation-started', (e) => events.push(e as CustomEvent));

    expect(await startEvacuation(intent, host)).toBe(true);

    const posts = s.posts();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe(START_PATH);
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe(intent.key);
    expect(intent.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The status GET comes after the POST.
    const order = s.calls.map((c) => `${c.method} ${c.url.pathname}`);
    expect(order).toEqual([`GET ${STATUS_PATH}`, `POST ${START_PATH}`, `GET ${STATUS_PATH}`]);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: active, pending: undefined, failed: undefined });
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ scope: 'project', uuid: PROJECT, status: active });
    expect(events[0]!.bubbles && events[0]!.composed).toBe(true);
  });

  it('start sends the choice made in the dialog (drill or real, the trimmed reason); no choice is a real one; an end sends none', async () => {
    const s = server();
    const drill = createIntent('site', PROJECT, 'start');
    drill.mode = 'drill';
    drill.message = '  Fire alarm in hall B ';
    expect(await startEvacuation(drill)).toBe(true);
    expect(s.posts()[0]!.body).toEqual({ mode: 'drill', message: 'Fire alarm in hall B' });
    expect(await abortEvacuation(createIntent('site', PROJECT, 'abort'))).toBe(true);
    expect(s.posts()[1]!.body ?? null).toBeNull();
    const plain = createIntent('site', PROJECT, 'start');
    plain.message = '   ';
    expect(await startEvacuation(plain)).toBe(true);
    expect(s.posts()[2]!.body).toEqual({ mode: 'real' });
  });

  it('shows nothing optimistic: while the POST is under way the status stays what the server said', async () => {
    const gate = deferred<void>();
    server({ post: async () => (await gate.promise, undefined as unknown as Response) });
    await fetchStatus('project', PROJECT);
    const done = startEvacuation(createIntent('project', PROJECT, 'start'));
    await settle();
    expect(getEntry('project', PROJECT)).toMatchObject({ status: inactive, pending: 'start' });
    gate.resolve();
    expect(await done).toBe(true);
    expect(getEntry('project', PROJECT)!.status).toEqual(active);
  });

  it('after an accepted action the check is a request sent after it, not a poll sent before it', async () => {
    const s = server();
    await fetchStatus('project', PROJECT);
    // A poll leaves before the POST and answers after it, with the status from before.
    const early = deferred<void>();
    let held = false;
    const handler = s.fn.getMockImplementation()!;
    s.fn.mockImplementation(async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (!held && path === STATUS_PATH && (init?.method ?? 'GET') === 'GET') {
        held = true;
        const before = await handler(input, init);
        await early.promise;
        return before;
      }
      return handler(input, init);
    });
    const poll = fetchStatus('project', PROJECT, { quiet: true });
    await settle();
    expect(await startEvacuation(createIntent('project', PROJECT, 'start'))).toBe(true);
    expect(getEntry('project', PROJECT)!.status).toEqual(active);
    early.resolve();
    await poll;
    await settle();
    // The late answer from before the start does not say "no evacuation".
    expect(getEntry('project', PROJECT)!.status).toEqual(active);
    expect(s.callsTo(STATUS_PATH)).toHaveLength(3);
  });

  it('two confirms while one is pending send one request and share its outcome', async () => {
    const gate = deferred<void>();
    const s = server({ post: async () => (await gate.promise, undefined as unknown as Response) });
    const intent = createIntent('project', PROJECT, 'start');
    const first = startEvacuation(intent);
    const second = startEvacuation(intent);
    // Another control's own dialog for the same project, confirmed at the same moment.
    const other = startEvacuation(createIntent('project', PROJECT, 'start'));
    // An abort while the start is under way is refused, not sent.
    const abort = abortEvacuation(createIntent('project', PROJECT, 'abort'));
    await settle();
    expect(s.posts()).toHaveLength(1);
    gate.resolve();
    expect(await Promise.all([first, second, other, abort])).toEqual([true, true, true, false]);
    expect(s.posts()).toHaveLength(1);
    // Confirming the accepted intent again sends nothing either.
    expect(await startEvacuation(intent)).toBe(true);
    expect(s.posts()).toHaveLength(1);
  });

  it('a failed start leaves the status as the server says, toasts, and the retry reuses the same key until it succeeds', async () => {
    let fail = 2;
    const s = server({
      post: async () => (fail-- > 0 ? json({ errors: [{ message: 'Internal error' }] }, 500) : (undefined as unknown as Response)),
    });
    await fetchStatus('project', PROJECT);
    const intent = createIntent('project', PROJECT, 'start');
    const events: Event[] = [];
    const host = new EventTarget();
    host.addEventListener('vigil-evacuation-started', (e) => events.push(e));

    expect(await startEvacuation(intent, host)).toBe(false);
    await settle();
    expect(getEntry('project', PROJECT)).toMatchObject({ status: inactive, pending: undefined, failed: 'start' });
    expect(toastKeys()).toEqual(['evacuation.errors.start']);
    expect(events).toHaveLength(0);

    expect(await startEvacuation(intent, host)).toBe(false);
    expect(await startEvacuation(intent, host)).toBe(true);
    const keys = s.posts().map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toEqual([intent.key, intent.key, intent.key]);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: active, failed: undefined });
    expect(events).toHaveLength(1);

    // A new dialog is a new confirmation: a new key.
    const next = createIntent('project', PROJECT, 'abort');
    expect(next.key).not.toBe(intent.key);
    expect(await abortEvacuation(next)).toBe(true);
    expect(s.posts().at(-1)!.url.pathname).toBe(ABORT_PATH);
    expect(s.posts().at(-1)!.headers.get('Idempotency-Key')).toBe(next.key);
    expect(getEntry('project', PROJECT)!.status!.status).toBe('inactive');
  });

  it('a failed start is re-checked: if the server did start, the screen says so', async () => {
    const s = server({ post: async () => json({ errors: [] }, 502) });
    await fetchStatus('project', PROJECT);
    s.set(active); // the server started it but the answer was lost
    expect(await startEvacuation(createIntent('project', PROJECT, 'start'))).toBe(false);
    await settle();
    expect(getEntry('project', PROJECT)!.status).toEqual(active);
  });

  it('uses the POST answer when the check after it fails, and marks an accepted action it cannot confirm', async () => {
    checksFailAfterTheFirst();
    await fetchStatus('project', PROJECT);
    expect(await startEvacuation(createIntent('project', PROJECT, 'start'))).toBe(true);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: active, unconfirmed: undefined });
    expect(toastKeys()).toEqual([]);

    // An accepted abort whose answer has no status, and whose check fails.
    mockFetch(async (call) => (call.method === 'GET' ? json({ errors: [] }, 503) : json({})));
    expect(await abortEvacuation(createIntent('project', PROJECT, 'abort'))).toBe(true);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: active, unconfirmed: 'abort' });
  });

  it('keeps the failed check on the status shown from the POST answer: the failing polls after it do not toast', async () => {
    checksFailAfterTheFirst();
    await fetchStatus('project', PROJECT);
    const before = Date.now();
    expect(await startEvacuation(createIntent('project', PROJECT, 'start'))).toBe(true);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: active, error: { status: 503 } });
    expect(getEntry('project', PROJECT)!.checkedAt).toBeGreaterThanOrEqual(before);
    expect(await fetchStatus('project', PROJECT)).toBeUndefined();
    expect(getEntry('project', PROJECT)!.status).toEqual(active);
    expect(toastKeys()).toEqual([]);
  });

  it('an accepted action it could not confirm is confirmed by the next status that loads', async () => {
    mockFetch(async () => json({ data: active }));
    await fetchStatus('project', PROJECT);
    mockFetch(async (call) => (call.method === 'GET' ? json({ errors: [] }, 503) : json({})));
    expect(await abortEvacuation(createIntent('project', PROJECT, 'abort'))).toBe(true);
    expect(getEntry('project', PROJECT)!.unconfirmed).toBe('abort');
    mockFetch(async () => json({ data: inactive }));
    expect(await fetchStatus('project', PROJECT)).toEqual(inactive);
    expect(getEntry('project', PROJECT)).toMatchObject({ status: inactive, unconfirmed: undefined, pending: undefined });
    expect(getEntry('project', PROJECT)!.error).toBeUndefined();
  });

  it('after an accepted action, checks the other statuses on the page again (a project lists its sites)', async () => {
    const SITE = '20000000-0000-4000-8000-000000000001';
    const SITE_STATUS = `/api/public/v2/sites/${SITE}/evacuation/status`;
    let siteActive = false;
    const m = mockFetch(async (call) => {
      if (call.url.pathname === SITE_STATUS) return json({ data: siteActive ? active : inactive });
      if (call.url.pathname === STATUS_PATH) {
        const sites = siteActive ? [{ uuid: SITE, name: 'Antwerp', started_at: active.started_at, started_by: 'Morgan Manager' }] : [];
        return json({ data: { ...inactive, active_sites: sites } });
      }
      siteActive = true;
      return json({ data: active });
    });
    await fetchStatus('project', PROJECT);
    await fetchStatus('site', SITE);
    expect(await startEvacuation(createIntent('site', SITE, 'start'))).toBe(true);
    expect(m.callsTo(STATUS_PATH)).toHaveLength(2);
    expect(getEntry('project', PROJECT)!.status!.active_sites).toHaveLength(1);
    expect(getEntry('site', SITE)!.status).toEqual(active);
  });

  it('makes v4 keys without crypto.randomUUID (insecure contexts)', () => {
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newIdempotencyKey();
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newIdempotencyKey()).not.toBe(a);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('does not call the API when signed out, and forgets statuses on sign-out', async () => {
    const s = server();
    await fetchStatus('project', PROJECT);
    $currentUser.set(null);
    const { signOut } = await import('../session/session.ts');
    signOut();
    expect($evacuations.get()).toEqual({});
    await fetchStatus('project', PROJECT);
    expect(s.calls).toHaveLength(1);
  });

  it('forgets on sign-out a status answer still under way, and the action state', async () => {
    const gate = deferred<void>();
    mockFetch(async (call) => (call.method === 'GET' ? (await gate.promise, json({ data: active })) : json({ errors: [] }, 500)));
    expect(await abortEvacuation(createIntent('project', PROJECT, 'abort'))).toBe(false);
    expect($evacuationActions.get()).not.toEqual({});
    const late = fetchStatus('project', PROJECT);
    const { signOut } = await import('../session/session.ts');
    signOut();
    gate.resolve();
    await late;
    await settle();
    expect($evacuations.get()).toEqual({});
    expect($evacuationActions.get()).toEqual({});
    expect(getEntry('project', PROJECT)).toBeUndefined();
  });
});

describe('vouchedAt: how long a loaded status stays confirmed', () => {
  const stream = (since: number | undefined, until: number | undefined): LiveState => ({
    mode: 'stream',
    paused: false,
    confirmedAt: until,
    streamSince: since,
    streamUntil: until,
  });

  it('is the load itself without an unbroken stream', () => {
    expect(vouchedAt(1000, { ...stream(undefined, undefined), mode: 'polling' })).toBe(1000);
    expect(vouchedAt(undefined, stream(500, 9000))).toBeUndefined();
  });

  it('follows the stream that was unbroken since before the load, until it last showed it was alive', () => {
    expect(vouchedAt(1000, stream(500, 9000))).toBe(9000);
    // The stream broke at 9000 and the page now polls: it vouches no further than that.
    expect(vouchedAt(1000, { ...stream(500, 9000), mode: 'polling', paused: true, confirmedAt: 20_000 })).toBe(9000);
  });

  it('does not vouch for a load made before the stream began (something may have been missed)', () => {
    expect(vouchedAt(1000, stream(2000, 9000))).toBe(1000);
  });
});
