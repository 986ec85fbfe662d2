import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { createPagedList, itemAt, pageOf, type PageRequest } from './pagedList.ts';

type Item = { uuid: string; n: number };
type Filters = { kind?: string };

/** A fake server of `total` items; answers are released by the test (deferred). */
function server(total: number) {
  const requests: (PageRequest<Filters> & { resolve(): void; reject(e: unknown): void })[] = [];
  const fetchPage = vi.fn(
    (req: PageRequest<Filters>) =>
      new Promise<{ data: Item[]; meta: { total: number } }>((resolve, reject) => {
        requests.push({
          ...req,
          resolve: () => {
            const start = (req.page - 1) * req.perPage;
            const data = Array.from({ length: Math.max(0, Math.min(req.perPage, total - start)) }, (_, i) => ({
              uuid: `${req.filters.kind ?? 'all'}-${start + i}`,
              n: start + i,
            }));
            resolve({ data, meta: { total } });
          },
          reject,
        });
      }),
  );
  return { fetchPage, requests };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('createPagedList', () => {
  beforeEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
  });
  afterEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
  });

  it('loads the first page on start, once, and learns the total', async () => {
    const s = server(120);
    const list = createPagedList<Item, Filters>({
      perPage: 50,
      filters: {},
      fetchPage: s.fetchPage,
      errorKey: 'core.toastErrors.loadIncidents',
    });
    list.start();
    list.start();
    expect(s.requests).toHaveLength(1);
    expect(list.$state.get().status).toBe('loading');
    s.requests[0]!.resolve();
    await settle();
    const state = list.$state.get();
    expect(state.status).toBe('ready');
    expect(state.total).toBe(120);
    expect(itemAt(state, 50, 49)).toEqual({ uuid: 'all-49', n: 49 });
    expect(itemAt(state, 50, 50)).toBeUndefined();
  });

  it('loads only the pages of the visible range, each once', async () => {
    const s = server(20_000);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.ensureRange(0, 10); // before the first page answered: nothing (the total is unknown)
    list.start();
    s.requests[0]!.resolve();
    await settle();
    // Jump to the end, as dragging the scrollbar does.
    list.ensureRange(19_990, 19_999);
    list.ensureRange(19_985, 19_999);
    expect(s.requests.map((r) => r.page)).toEqual([1, 400]);
    // A range across a page boundary asks for both pages.
    list.ensureRange(140, 160);
    expect(s.requests.map((r) => r.page)).toEqual([1, 400, 3, 4]);
    // Never past the total.
    list.ensureRange(19_999, 25_000);
    expect(s.requests).toHaveLength(4);
    for (const r of s.requests.slice(1)) r.resolve();
    await settle();
    expect(itemAt(list.$state.get(), 50, 19_999)?.n).toBe(19_999);
    expect(itemAt(list.$state.get(), 50, 150)?.n).toBe(150);
    expect(list.$state.get().loading).toEqual([]);
  });

  it('starts over when the filters change and ignores answers for the old filters', async () => {
    const s = server(200);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.start();
    list.setFilters({ kind: 'high' });
    expect(s.requests[0]!.signal.aborted).toBe(true);
    expect(s.requests[1]!.filters).toEqual({ kind: 'high' });
    s.requests[0]!.resolve(); // a late answer of the old filters
    await settle();
    expect(list.$state.get().total).toBeNull();
    s.requests[1]!.resolve();
    await settle();
    expect(list.$state.get().filters).toEqual({ kind: 'high' });
    expect(itemAt(list.$state.get(), 50, 0)?.uuid).toBe('high-0');
  });

  it('shows the error state and toast when the first page fails, and retries', async () => {
    const s = server(10);
    const list = createPagedList<Item, Filters>({
      perPage: 50,
      filters: {},
      fetchPage: s.fetchPage,
      errorKey: 'core.toastErrors.loadNotifications',
    });
    list.start();
    s.requests[0]!.reject(new ApiError('http', 500, []));
    await settle();
    expect(list.$state.get().status).toBe('error');
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.loadNotifications']);
    list.retry();
    expect(list.$state.get().status).toBe('loading');
    s.requests[1]!.resolve();
    await settle();
    expect(list.$state.get().status).toBe('ready');
    expect(list.$state.get().failed).toEqual([]);
  });

  it('does not reload a failed later page on scroll, only on retry', async () => {
    const s = server(500);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.start();
    s.requests[0]!.resolve();
    await settle();
    list.ensureRange(100, 110);
    s.requests[1]!.reject(new ApiError('network', 0, []));
    await settle();
    expect(list.$state.get().failed).toEqual([3]);
    expect(list.$state.get().status).toBe('ready');
    list.ensureRange(100, 110);
    expect(s.requests).toHaveLength(2);
    list.retry();
    expect(s.requests.map((r) => r.page)).toEqual([1, 3, 3]);
  });

  it('shown again after the first page failed (start), it loads again; a loaded list asks for nothing', async () => {
    const s = server(10);
    const list = createPagedList<Item, Filters>({
      perPage: 50,
      filters: {},
      fetchPage: s.fetchPage,
      errorKey: 'core.toastErrors.loadIncidents',
    });
    list.start();
    s.requests[0]!.reject(new ApiError('network', 0, []));
    await settle();
    expect(list.$state.get().status).toBe('error');
    list.start(); // the list is shown again (another page and back)
    expect(list.$state.get().status).toBe('loading');
    list.start(); // a second view of the same list meanwhile: no second request
    expect(s.requests.map((r) => r.page)).toEqual([1, 1]);
    s.requests[1]!.resolve();
    await settle();
    expect(list.$state.get().status).toBe('ready');
    list.start();
    list.start();
    expect(s.requests).toHaveLength(2);
  });

  it('shown again, pages that failed load as they come on screen; loaded pages are not asked again', async () => {
    const s = server(500);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.start();
    s.requests[0]!.resolve();
    await settle();
    list.ensureRange(100, 160);
    s.requests[1]!.reject(new ApiError('http', 500, []));
    s.requests[2]!.resolve();
    await settle();
    expect(list.$state.get().failed).toEqual([3]);
    list.start();
    expect(list.$state.get().failed).toEqual([]);
    expect(s.requests).toHaveLength(3); // nothing asked before the rows are on screen
    list.ensureRange(100, 160);
    expect(s.requests.map((r) => r.page)).toEqual([1, 3, 4, 3]);
  });

  it('does not toast an aborted request', async () => {
    const s = server(10);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.start();
    s.requests[0]!.reject(new ApiError('aborted', 0, []));
    await settle();
    expect($toasts.get()).toEqual([]);
  });

  it('updates a loaded row in place', async () => {
    const s = server(60);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.start();
    s.requests[0]!.resolve();
    await settle();
    list.ensureRange(55, 55);
    s.requests[1]!.resolve();
    await settle();
    const before = list.$state.get();
    list.update('all-55', (item) => ({ ...item, n: -1 }));
    const after = list.$state.get();
    expect(itemAt(after, 50, 55)).toEqual({ uuid: 'all-55', n: -1 });
    expect(after.pages[1]).toBe(before.pages[1]); // untouched pages keep their identity
    list.update('missing', (item) => ({ ...item, n: -2 }));
    expect(list.$state.get()).toBe(after);
  });

  it('clear() forgets the items and the filters', async () => {
    const s = server(60);
    const list = createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'x' });
    list.setFilters({ kind: 'low' });
    s.requests[0]!.resolve();
    await settle();
    list.clear();
    expect(list.$state.get()).toEqual({
      filters: {},
      status: 'idle',
      total: null,
      pages: {},
      loading: [],
      failed: [],
      stale: [],
      added: 0,
    });
  });

  it('pageOf maps indices to 1-based pages', () => {
    expect(pageOf(0, 50)).toBe(1);
    expect(pageOf(49, 50)).toBe(1);
    expect(pageOf(50, 50)).toBe(2);
    expect(pageOf(19_999, 50)).toBe(400);
  });

  describe('a first page kept from an earlier visit', () => {
    const make = (s: ReturnType<typeof server>) =>
      createPagedList<Item, Filters>({ perPage: 50, filters: {}, fetchPage: s.fetchPage, errorKey: 'core.toastErrors.loadIncidents' });
    const KEPT = [{ uuid: 'kept-0', n: 0 }];

    it('is shown as kept only while this visit’s first page is on its way, which replaces it', async () => {
      const s = server(3);
      const list = make(s);
      expect(list.seed(KEPT, 1, 1234)).toBe(false); // nothing asked yet: nothing to stand in for
      list.start();
      expect(list.seed(KEPT, 1, 1234)).toBe(true);
      expect(list.$state.get()).toMatchObject({ status: 'ready', total: 1, pages: { 1: KEPT }, kept: 1234 });
      // Kept rows are not built on: no merge on top, no second request for the first page.
      expect(await list.refreshTop()).toBe(0);
      list.start();
      expect(s.requests).toHaveLength(1);
      s.requests[0]!.resolve();
      await settle();
      const state = list.$state.get();
      expect(state.kept).toBeUndefined();
      expect(state.total).toBe(3);
      expect(itemAt(state, 50, 0)).toEqual({ uuid: 'all-0', n: 0 });
      // An answer always wins over what was kept.
      expect(list.seed(KEPT, 1, 1234)).toBe(false);
    });

    it('stays kept (and says it could not be checked) when the first page fails, until a retry answers', async () => {
      const s = server(3);
      const list = make(s);
      list.start();
      list.seed(KEPT, 1, 1234);
      s.requests[0]!.reject(new ApiError('http', 503, []));
      await settle();
      expect(list.$state.get()).toMatchObject({ status: 'ready', kept: 1234, failed: [1] });
      list.retry();
      expect(s.requests).toHaveLength(2);
      s.requests[1]!.resolve();
      await settle();
      expect(list.$state.get()).toMatchObject({ status: 'ready', total: 3, failed: [] });
      expect(list.$state.get().kept).toBeUndefined();
    });

    it('is forgotten when the list starts over (other filters, a refresh, sign-out)', () => {
      const s = server(3);
      const list = make(s);
      list.start();
      list.seed(KEPT, 1, 1234);
      list.setFilters({ kind: 'x' });
      expect(list.$state.get().kept).toBeUndefined();
      expect(list.$state.get().status).toBe('loading');
    });
  });
});
