/**
 * A long server-paged list (the inbox's incidents and notifications, up to tens of
 * thousands of rows) held sparsely: the first page gives `total`, so a virtualized view
 * can size the whole list at once, and only the pages around what is on screen are
 * loaded, whatever order the user scrolls in. Changing a filter starts over.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { isAborted, isUnauthorized, type ApiError } from '../api/client.ts';
import { showError } from '../toasts/toasts.ts';
import type { PageAnswer, PagedState } from './pagedTypes.ts';

export type { PageAnswer, PagedState };

export interface PageRequest<F> {
  page: number;
  perPage: number;
  filters: F;
  signal: AbortSignal;
}

export interface PagedListOptions<T, F> {
  perPage?: number;
  filters: F;
  fetchPage(request: PageRequest<F>): Promise<PageAnswer<T>>;
  /** Message key of the toast shown when a page fails (docs/product.md#errors). */
  errorKey: string;
}

export interface PagedList<T extends { uuid: string }, F> {
  readonly $state: ReadableAtom<PagedState<T, F>>;
  readonly perPage: number;
  /**
   * The list is shown (again): loads the first page unless it is loaded or loading. A
   * list whose first page failed tries again, and pages that failed are asked again as
   * they come on screen; a loaded list asks for nothing.
   */
  start(): void;
  /** Loads the pages holding items `from`..`to` (inclusive) that are not loaded yet. */
  ensureRange(from: number, to: number): void;
  /** Starts over with these filters. */
  setFilters(filters: F): void;
  /** Starts over with the same filters (fresh data). */
  refresh(): void;
  /** Loads failed pages again (the first page when it failed). */
  retry(): void;
  /** Replaces the loaded item with this uuid (e.g. a notification that was read). */
  update(uuid: string, change: (item: T) => T): void;
  /** Forgets everything, filters included (sign-out). */
  clear(): void;
  /**
   * Merges a fresh first page (same filters) on top: items not in the list yet are put
   * before the first loaded one and every loaded row moves down with them (pages that
   * lose their edge become stale); nothing else is fetched. Returns how many were added.
   */
  mergeTop(answer: PageAnswer<T>): Promise<number>;
  /** Fetches the first page afresh and merges it on top (a ready list only). */
  refreshTop(): Promise<number>;
  /**
   * Shows a first page kept from an earlier visit (its items and the list's total then,
   * loaded at `at`) as `kept` while this visit's first page is on its way; returns whether it
   * did (not once the list has an answer or a failure).
   */
  seed(data: readonly T[], total: number, at: number): boolean;
}

/** The item at `index`, or undefined while its page is not loaded. */
export function itemAt<T>(state: Pick<PagedState<T, unknown>, 'pages'>, perPage: number, index: number): T | undefined {
  return state.pages[Math.floor(index / perPage) + 1]?.[index % perPage];
}

/** The page (1-based) holding `index`. */
export const pageOf = (index: number, perPage: number): number => Math.floor(index / perPage) + 1;

const without = (list: readonly number[], n: number) => list.filter((x) => x !== n);

export function createPagedList<T extends { uuid: string }, F>(options: PagedListOptions<T, F>): PagedList<T, F> {
  const perPage = options.perPage ?? 50;
  const initial = (filters: F): PagedState<T, F> => ({
    filters,
    status: 'idle',
    total: null,
    pages: {},
    loading: [],
    failed: [],
    stale: [],
    added: 0,
  });
  const $state = atom<PagedState<T, F>>(initial(options.filters));
  let controller = new AbortController();
  let generation = 0;

  const patch = (change: Partial<PagedState<T, F>>) => $state.set({ ...$state.get(), ...change });

  function load(page: number): void {
    const state = $state.get();
    if (state.loading.includes(page) || (state.pages[page] && !state.stale.includes(page))) return;
    const gen = generation;
    const failed = without(state.failed, page);
    patch({ loading: [...state.loading, page], failed, ...(page === 1 && state.status !== 'ready' ? { status: 'loading' as const } : {}) });
    options.fetchPage({ page, perPage, filters: state.filters, signal: controller.signal }).then(
      ({ data, meta }) => {
        if (gen !== generation) return;
        const now = $state.get();
        patch({
          status: 'ready',
          total: meta.total,
          pages: { ...now.pages, [page]: data },
          loading: without(now.loading, page),
          stale: without(now.stale, page),
          kept: page === 1 ? undefined : now.kept,
        });
      },
      (e: ApiError) => {
        if (gen !== generation) return;
        const now = $state.get();
        patch({
          loading: without(now.loading, page),
          failed: [...without(now.failed, page), page],
          ...(page === 1 && now.status !== 'ready' ? { status: 'error' as const } : {}),
        });
        // A 401 is the session's (the client has it checked): no toast.
        if (!isAborted(e) && !isUnauthorized(e)) showError(options.errorKey);
      },
    );
  }

  function reset(filters: F): void {
    generation++;
    controller.abort();
    controller = new AbortController();
    $state.set(initial(filters));
  }

  return {
    $state,
    perPage,
    start() {
      const { status, failed, kept } = $state.get();
      if (status === 'idle' || status === 'error' || kept) load(1);
      else if (failed.length > 0) patch({ failed: [] }); // ensureRange() loads them when on screen
    },
    ensureRange(from, to) {
      const { total, status, failed } = $state.get();
      if (status !== 'ready' || total === null || total === 0) return;
      const last = Math.min(Math.max(from, to), total - 1);
      for (let page = pageOf(Math.max(0, from), perPage); page <= pageOf(last, perPage); page++) {
        // A failed page waits for retry(): scrolling must not hammer a failing server.
        if (!failed.includes(page)) load(page);
      }
    },
    setFilters(filters) {
      reset(filters);
      load(1);
    },
    refresh() {
      reset($state.get().filters);
      load(1);
    },
    retry() {
      const { status, failed } = $state.get();
      if (status === 'error' || status === 'idle') {
        load(1);
        return;
      }
      for (const page of failed) load(page);
    },
    update(uuid, change) {
      // Every copy: a row may sit on two loaded pages when new items shifted the pages.
      let changed = false;
      const pages: Record<number, readonly T[]> = {};
      for (const [key, items] of Object.entries($state.get().pages)) {
        const mapped = items.map((item) => (item?.uuid === uuid ? change(item) : item));
        // A change that returns the same item changes nothing (and renders nothing again).
        if (mapped.some((item, i) => item !== items[i])) changed = true;
        pages[Number(key)] = mapped.some((item, i) => item !== items[i]) ? mapped : items;
      }
      if (changed) patch({ pages });
    },
    clear() {
      reset(options.filters);
    },
    async mergeTop(answer) {
      // Its own small chunk: only live updates need it.
      const gen = generation;
      const { mergeOnTop } = await import('./mergeTop.ts');
      const merged = gen === generation ? mergeOnTop($state.get(), perPage, answer) : null; // not across a restart
      if (!merged) return 0;
      // Pages asked for before the merge would land at the old positions: drop them.
      generation++;
      controller.abort();
      controller = new AbortController();
      $state.set(merged.state);
      return merged?.added ?? 0;
    },
    async refreshTop() {
      const state = $state.get();
      // A kept first page is being replaced by the load under way: nothing to merge onto.
      if (state.status !== 'ready' || state.kept) return 0;
      const gen = generation;
      const answer = await options.fetchPage({ page: 1, perPage, filters: state.filters, signal: controller.signal });
      return gen === generation ? await this.mergeTop(answer) : 0;
    },
    seed(data, total, at) {
      // Only while this visit's first page is on its way (an answer always wins, a failure is
      // said as such); page 1 stays to be loaded (`stale`) should that load fail.
      const ok = $state.get().status === 'loading';
      if (ok) patch({ status: 'ready', total, pages: { 1: data }, stale: [1], kept: at });
      return ok;
    },
  };
}
