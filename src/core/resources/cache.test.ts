import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { signOut } from '../session/session.ts';
import { createCache } from './cache.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('resource cache', () => {
  it('shares one request between concurrent loads of the same id', async () => {
    let calls = 0;
    const d = deferred<string>();
    const cache = createCache<string>('test-dedupe', () => {
      calls++;
      return d.promise;
    });
    const a = cache.load('p1');
    const b = cache.load('p1');
    d.resolve('Project 1');
    expect(await a).toBe('Project 1');
    expect(await b).toBe('Project 1');
    expect(calls).toBe(1);
    expect(await cache.load('p1')).toBe('Project 1');
    expect(calls).toBe(1);
  });

  it('refreshes in the background while showing cached data', async () => {
    let n = 0;
    const d = deferred<string>();
    const cache = createCache<string>('test-refresh', () => (++n === 1 ? Promise.resolve('v1') : d.promise));
    await cache.load('x');
    const refresh = cache.load('x', { force: true });
    expect(cache.$entries.get().x).toMatchObject({ status: 'ready', data: 'v1' });
    d.resolve('v2');
    await refresh;
    expect(cache.$entries.get().x).toMatchObject({ status: 'ready', data: 'v2' });
  });

  it('records errors and re-throws them', async () => {
    const cache = createCache<string>('test-error', () => Promise.reject(new ApiError('http', 500, [])));
    await expect(cache.load('x')).rejects.toBeInstanceOf(ApiError);
    expect(cache.$entries.get().x?.status).toBe('failed');
  });

  it('forgets everything on sign-out, including answers still under way', async () => {
    const d = deferred<string>();
    const cache = createCache<string>('test-signout', () => d.promise);
    const pending = cache.load('x');
    signOut();
    d.resolve('stale');
    await pending;
    expect(cache.$entries.get().x).toBeUndefined();
  });
});
