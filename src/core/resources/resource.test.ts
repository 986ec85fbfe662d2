import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { signOut } from '../session/session.ts';
import { createResource } from './resource.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetcher answering each call with the next deferred, counting calls per key. */
function scripted() {
  const calls: string[] = [];
  const answers: ReturnType<typeof deferred<string>>[] = [];
  const fetcher = (key: string) => {
    calls.push(key);
    const d = deferred<string>();
    answers.push(d);
    return d.promise;
  };
  return { calls, answers, fetcher };
}

let n = 0;
const name = () => `test.resource.${++n}`;

describe('createResource', () => {
  afterEach(() => vi.useRealTimers());

  it('is loading, then ready with the data and when it was loaded', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    const { answers, fetcher } = scripted();
    const r = createResource(name(), fetcher);
    const load = r.load('a');
    expect(r.$entries.get().a).toMatchObject({ status: 'loading' });
    answers[0]!.resolve('A');
    expect(await load).toBe('A');
    expect(r.$entries.get().a).toEqual({ status: 'ready', data: 'A', loadedAt: Date.parse('2026-03-01T10:00:00Z') });
    expect(r.peek('a')).toBe('A');
  });

  it('shares one request between loads of one key under way, not between keys', async () => {
    const { calls, answers, fetcher } = scripted();
    const r = createResource(name(), fetcher);
    const one = r.load('a');
    const two = r.load('a', { force: true });
    const other = r.load('b');
    expect(calls).toEqual(['a', 'b']);
    answers[0]!.resolve('A');
    answers[1]!.resolve('B');
    expect(await Promise.all([one, two, other])).toEqual(['A', 'A', 'B']);
    // Ready data is answered without a request; force loads again (refresh).
    expect(await r.load('a')).toBe('A');
    expect(calls).toEqual(['a', 'b']);
    const refresh = r.load('a', { force: true });
    expect(r.$entries.get().a).toMatchObject({ status: 'ready', data: 'A' });
    answers[2]!.resolve('A2');
    expect(await refresh).toBe('A2');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('renew sends a new request instead of sharing one sent earlier, whose answer is dropped', async () => {
    const { calls, answers, fetcher } = scripted();
    const r = createResource(name(), fetcher);
    const early = r.load('a');
    const renewed = r.load('a', { force: true, renew: true });
    expect(calls).toEqual(['a', 'a']);
    answers[1]!.resolve('after');
    expect(await renewed).toBe('after');
    // The request sent before answers last, with what was true before: not shown.
    answers[0]!.resolve('before');
    expect(await early).toBe('before');
    expect(r.$entries.get().a).toMatchObject({ status: 'ready', data: 'after' });
    // Loads that follow share the renewed request only while it is under way.
    expect(await r.load('a')).toBe('after');
    expect(calls).toHaveLength(2);
  });

  it('sorts failures into missing (404, 403) and failed, and a retry loads again', async () => {
    const { calls, answers, fetcher } = scripted();
    const r = createResource(name(), fetcher);
    const gone = r.load('gone');
    answers[0]!.reject(new ApiError('http', 404, []));
    await expect(gone).rejects.toBeInstanceOf(ApiError);
    expect(r.$entries.get().gone?.status).toBe('missing');
    const hidden = r.load('hidden');
    answers[1]!.reject(new ApiError('http', 403, []));
    await expect(hidden).rejects.toBeInstanceOf(ApiError);
    expect(r.$entries.get().hidden?.status).toBe('missing');

    const flaky = r.load('flaky');
    answers[2]!.reject(new ApiError('network', 0, []));
    await expect(flaky).rejects.toBeInstanceOf(ApiError);
    expect(r.$entries.get().flaky).toMatchObject({ status: 'failed', error: { kind: 'network' } });
    // Without force too: a failed entry is not ready, so asking again retries.
    const retry = r.load('flaky');
    expect(r.$entries.get().flaky).toEqual({ status: 'loading', error: undefined });
    answers[3]!.resolve('F');
    expect(await retry).toBe('F');
    expect(r.$entries.get().flaky?.status).toBe('ready');
    expect(calls).toEqual(['gone', 'hidden', 'flaky', 'flaky']);
  });

  it('keeps the data when a refresh fails', async () => {
    const { answers, fetcher } = scripted();
    const r = createResource(name(), fetcher);
    const first = r.load('a');
    answers[0]!.resolve('A');
    await first;
    const refresh = r.load('a', { force: true });
    answers[1]!.reject(new ApiError('http', 500, []));
    await expect(refresh).rejects.toBeInstanceOf(ApiError);
    expect(r.$entries.get().a).toMatchObject({ status: 'failed', data: 'A' });
  });

  it('forgets everything on sign-out, answers under way included, and loads anew after', async () => {
    const { calls, answers, fetcher } = scripted();
    const r = createResource(name(), fetcher);
    const before = r.load('a');
    signOut();
    expect(r.$entries.get()).toEqual({});
    // A new load after sign-out does not share the old request...
    const after = r.load('a');
    expect(calls).toEqual(['a', 'a']);
    // ...and the old answer, arriving late, neither shows nor ends the new one's sharing.
    answers[0]!.resolve('stale');
    await before;
    expect(r.$entries.get().a).toMatchObject({ status: 'loading' });
    const shared = r.load('a');
    expect(calls).toEqual(['a', 'a']);
    answers[1]!.resolve('fresh');
    expect(await after).toBe('fresh');
    expect(await shared).toBe('fresh');
    expect(r.$entries.get().a).toMatchObject({ status: 'ready', data: 'fresh' });
  });

  it('hands the fetcher the options of the load that started the request', async () => {
    const seen: unknown[] = [];
    const r = createResource(name(), (key, options) => {
      seen.push({ ...options });
      return Promise.resolve(key);
    });
    const quiet = r.load('a', { force: true, quiet: true });
    const joined = r.load('a', { force: true, quiet: true });
    expect(await Promise.all([quiet, joined])).toEqual(['a', 'a']);
    await r.load('b');
    expect(seen).toEqual([{ force: true, quiet: true }, {}]);
  });

  it('makes a quiet load under way not quiet when a load that is not quiet joins it', async () => {
    const heard: (boolean | undefined)[] = [];
    const r = createResource(name(), (_key, options) =>
      Promise.reject(new Error('down')).catch((e: unknown) => {
        heard.push(options.quiet);
        throw e;
      }),
    );
    const quiet = r.load('a', { force: true, quiet: true });
    const joined = r.load('a', { force: true });
    const alsoQuiet = r.load('a', { quiet: true });
    await expect(Promise.all([quiet, joined, alsoQuiet])).rejects.toThrow('down');
    const alone = r.load('b', { quiet: true });
    await expect(alone).rejects.toThrow('down');
    expect(heard).toEqual([false, true]);
  });

  it('clears the error when a load starts, unless asked to keep it until the load answers', async () => {
    for (const keepErrors of [false, true]) {
      const { answers, fetcher } = scripted();
      const r = createResource(name(), fetcher, keepErrors);
      // Failed with nothing loaded yet, then loading again.
      const first = r.load('a');
      answers[0]!.reject(new ApiError('http', 503, []));
      await expect(first).rejects.toBeInstanceOf(ApiError);
      const retry = r.load('a');
      expect(r.$entries.get().a).toEqual({ status: 'loading', error: keepErrors ? expect.objectContaining({ status: 503 }) : undefined });
      answers[1]!.resolve('A');
      await retry;
      expect(r.$entries.get().a).toMatchObject({ status: 'ready', data: 'A' });
      expect(r.$entries.get().a?.error).toBeUndefined();
      // Failed with data, then refreshing: the data stays either way.
      const refresh = r.load('a', { force: true });
      answers[2]!.reject(new ApiError('network', 0, []));
      await expect(refresh).rejects.toBeInstanceOf(ApiError);
      const again = r.load('a', { force: true });
      expect(r.$entries.get().a).toMatchObject({ status: 'ready', data: 'A' });
      expect(r.$entries.get().a?.error?.kind).toBe(keepErrors ? 'network' : undefined);
      // A failure replaces the kept one; a success clears it.
      answers[3]!.reject(new ApiError('http', 500, []));
      await expect(again).rejects.toBeInstanceOf(ApiError);
      expect(r.$entries.get().a).toMatchObject({ status: 'failed', data: 'A', error: { status: 500 } });
    }
  });

  it('is one instance per name on the page', () => {
    const id = name();
    expect(createResource(id, () => Promise.resolve(1))).toBe(createResource(id, () => Promise.resolve(2)));
  });
});
