/**
 * The shapes a paged list and its merge on top share (pagedList.ts, mergeTop.ts): the
 * merge is loaded on demand by the list, so both read them from here and imports only
 * go one way.
 */
import type { PageMeta } from '../api/contract.ts';

export interface PageAnswer<T> {
  data: T[];
  meta: PageMeta;
}

export interface PagedState<T, F> {
  filters: F;
  /** 'loading' until the first page answers; 'error' when it failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Items on the server for these filters; null until the first page answered. */
  total: number | null;
  /** Loaded pages (1-based) of up to `perPage` items. */
  pages: Readonly<Record<number, readonly T[]>>;
  loading: readonly number[];
  failed: readonly number[];
  /** Pages that hold gaps after new items were merged on top: loaded again when on screen. */
  stale: readonly number[];
  /** How many items were merged on top since the list (re)started: views keep their place by it. */
  added: number;
  /**
   * The first page shown was kept from an earlier visit (when it was loaded, ms since the
   * epoch) and this visit's has not answered yet: shown as being checked, claiming nothing
   * (docs/product.md#a-second-visit). Cleared by the first page's answer or a new start.
   */
  kept?: number | undefined;
}
