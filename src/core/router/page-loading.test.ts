import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { mockFetch } from '../../../test/unit/fetchMock.ts';
import { claimReload, isPageLoadError, loadWithTimeout, pingServer } from './page-loading.ts';

describe('loadWithTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadWithTimeout(async () => ({ default: 'page' }), 100)).resolves.toEqual({ default: 'page' });
  });

  it('rejects with a timeout after 10 s by default (docs/product.md#constants-and-limits)', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => {}));
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(isPageLoadError(error) && error.reason).toBe('timeout');
  });

  it('turns a failed import into a PageLoadError', async () => {
    const error = await loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 100).catch(
      (e: unknown) => e,
    );
    expect(isPageLoadError(error) && error.reason).toBe('failed');
    const thrown = await loadWithTimeout(() => {
      throw new Error('sync');
    }, 100).catch((e: unknown) => e);
    expect(isPageLoadError(thrown)).toBe(true);
  });
});

describe('pingServer', () => {
  beforeEach(() => $apiBase.set('https://api.vigil.test'));

  it('sends HEAD /api/ping and is true on 204', async () => {
    const m = mockFetch(() => new Response(null, { status: 204 }));
    expect(await pingServer()).toBe(true);
    expect(m.calls[0]).toMatchObject({ method: 'HEAD' });
    expect(m.calls[0]!.url.href).toBe('https://api.vigil.test/api/ping');
  });

  it('is false when the server cannot be reached or fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await pingServer()).toBe(false);
    mockFetch(() => new Response(null, { status: 503 }));
    expect(await pingServer()).toBe(false);
  });
});

describe('claimReload', () => {
  it('allows one reload per path and minute', () => {
    const storage = new Map<string, string>();
    const s = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    expect(claimReload('/inbox', s, 1_000)).toBe(true);
    expect(claimReload('/inbox', s, 30_000)).toBe(false);
    expect(claimReload('/project/p1', s, 31_000)).toBe(true);
    expect(claimReload('/inbox', s, 100_000)).toBe(true);
  });
  it('tolerates garbage in storage and missing storage', () => {
    expect(claimReload('/x', { getItem: () => '{nope', setItem: () => {} })).toBe(true);
    expect(claimReload('/x', null)).toBe(true);
  });
});
