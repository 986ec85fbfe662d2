import { describe, expect, it, vi } from 'vitest';
import { mergeOnTop } from './mergeTop.ts';
import { createPagedList, itemAt, type PagedState } from './pagedList.ts';

type Item = { uuid: string };
const items = (from: number, to: number): Item[] => Array.from({ length: to - from }, (_, i) => ({ uuid: `u${from + i}` }));
const ready = (pages: Record<number, Item[]>, total: number): PagedState<Item, object> => ({
  filters: {},
  status: 'ready',
  total,
  pages,
  loading: [],
  failed: [],
  stale: [],
  added: 0,
});
const all = (state: PagedState<Item, object>, perPage: number) =>
  Array.from({ length: state.total! }, (_, i) => itemAt(state, perPage, i)?.uuid ?? null);

describe('mergeOnTop', () => {
  it('puts new items before the first known one and moves every loaded row down with them', () => {
    // 10 items, pages of 4; pages 1 and 2 loaded (u0..u7).
    const state = ready({ 1: items(0, 4), 2: items(4, 8) }, 10);
    const fresh = [{ uuid: 'n1' }, { uuid: 'n0' }, ...items(0, 2)];
    const merged = mergeOnTop(state, 4, { data: fresh, meta: { total: 12 } })!;
    expect(merged.added).toBe(2);
    expect(merged.state.total).toBe(12);
    expect(merged.state.added).toBe(2);
    expect(all(merged.state, 4)).toEqual(['n1', 'n0', 'u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', null, null]);
    // Page 3 holds u6, u7 and two unknown rows: loaded again when shown.
    expect(merged.state.stale).toEqual([3]);
  });

  it('marks the first page of a run far down stale (its first rows are unknown now)', () => {
    const state = ready({ 1: items(0, 4), 5: items(16, 20) }, 40);
    const merged = mergeOnTop(state, 4, { data: [{ uuid: 'n0' }, ...items(0, 3)], meta: { total: 41 } })!;
    expect(itemAt(merged.state, 4, 17)).toEqual({ uuid: 'u16' });
    expect(itemAt(merged.state, 4, 16)).toBeUndefined();
    expect([...merged.state.stale].sort()).toEqual([2, 5, 6]);
  });

  it('places a new item that sorts just below the first row (the same second, say)', () => {
    const state = ready({ 1: items(0, 4), 2: items(4, 8) }, 10);
    const merged = mergeOnTop(state, 4, { data: [{ uuid: 'u0' }, { uuid: 'n0' }, { uuid: 'u1' }, { uuid: 'u2' }], meta: { total: 11 } })!;
    expect(merged.added).toBe(1);
    expect(all(merged.state, 4)).toEqual(['u0', 'n0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', null, null]);
  });

  it('does nothing when nothing is new or the list is not ready', () => {
    const state = ready({ 1: items(0, 4) }, 10);
    expect(mergeOnTop(state, 4, { data: items(0, 4), meta: { total: 10 } })).toBeNull();
    expect(mergeOnTop({ ...state, status: 'loading' }, 4, { data: [{ uuid: 'x' }], meta: { total: 11 } })).toBeNull();
  });

  it('takes a fresh first page in another order as the first page when it brings new items while rows left it', () => {
    // Worst first: n0 lands among the rows while u1 (handled) left the first page.
    const state = ready({ 1: items(0, 4), 2: items(4, 8) }, 10);
    const fresh = [{ uuid: 'u0' }, { uuid: 'n0' }, { uuid: 'u2' }, { uuid: 'u3' }];
    const merged = mergeOnTop(state, 4, { data: fresh, meta: { total: 11 } })!;
    expect(merged.added).toBe(1);
    expect(merged.state.pages[1]).toEqual(fresh);
    expect(merged.state.total).toBe(11);
    expect(merged.state.stale).toEqual([2]);
    // The same page again: nothing new, nothing changes.
    expect(mergeOnTop(merged.state, 4, { data: fresh, meta: { total: 11 } })).toBeNull();
  });

  it('starts over from the fresh page when more than a page is new', () => {
    const state = ready({ 1: items(0, 4), 2: items(4, 8) }, 10);
    const fresh = [{ uuid: 'a' }, { uuid: 'b' }, { uuid: 'c' }, { uuid: 'd' }];
    const merged = mergeOnTop(state, 4, { data: fresh, meta: { total: 20 } })!;
    expect(merged.state.pages).toEqual({ 1: fresh });
    expect(merged.state.total).toBe(20);
  });
});

describe('pagedList.mergeTop / refreshTop', () => {
  it('fetches only the first page and loads a stale page again when it comes on screen', async () => {
    let total = 10;
    let data = items(0, 10);
    const fetchPage = vi.fn(async ({ page, perPage }: { page: number; perPage: number }) => ({
      data: data.slice((page - 1) * perPage, page * perPage),
      meta: { total },
    }));
    const list = createPagedList<Item, object>({ perPage: 4, filters: {}, errorKey: 'core.toastErrors.loadIncidents', fetchPage });
    list.start();
    await vi.waitFor(() => expect(list.$state.get().status).toBe('ready'));
    list.ensureRange(0, 7);
    await vi.waitFor(() => expect(list.$state.get().pages[2]).toBeDefined());
    fetchPage.mockClear();

    data = [{ uuid: 'new' }, ...data];
    total = 11;
    expect(await list.refreshTop()).toBe(1);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]![0]).toMatchObject({ page: 1, perPage: 4 });
    expect(list.$state.get().stale).toEqual([3]);
    list.ensureRange(8, 10);
    await vi.waitFor(() => expect(list.$state.get().stale).toEqual([]));
    expect(all(list.$state.get(), 4)).toEqual(['new', ...items(0, 10).map((i) => i.uuid)]);
  });
});
