import { useStore } from '@nanostores/react';
import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { itemAt, pageOf, type PagedList } from '../../core/inbox/pagedList.ts';
import { useT } from '../common/useT.ts';
import { scrollerOf, STICKY_TOP, usePageMargin, useRowHeight } from './listGeometry.ts';
import { KeptChecking, KeptNote, ListEmpty, ListFailed, ListLoading, RowsFailed } from './ListStates.tsx';

export interface RowProps {
  /** 0 for the one row Tab reaches (roving tabindex), -1 for the others. */
  tabIndex: 0 | -1;
  /** The row was kept from an earlier visit and is being checked: it claims no state (handled, unread). */
  kept?: boolean;
}

export interface VirtualListProps<T extends { uuid: string }, F> {
  list: PagedList<T, F>;
  /** Accessible name of the list. */
  label: string;
  emptyText: string;
  /** Shown under the empty text (e.g. "Clear filters"). */
  emptyAction?: ReactNode;
  renderRow: (item: T, props: RowProps) => ReactNode;
  /** Focus this row (by uuid) once shown: the row the user came back from. */
  focusUuid?: string | undefined;
  /**
   * 'page': the rows are part of the page, which scrolls once (the portal); 'box': the list
   * scrolls in its own box of a fixed height (an element on someone else's page). Fixed
   * for the list's life.
   */
  scroll?: 'page' | 'box';
  /** Taller rows (TALL_ROWS): incidents with their picture. */
  tall?: boolean;
}

/** Where each list was scrolled to, so coming back from a detail shows the same rows. */
const memory = new WeakMap<object, { filters: unknown; offset: number; active: number }>();

/**
 * A server-paged list of any length, virtualized: only the rows on screen (plus a few) are
 * in the DOM, and only their pages are loaded. One row is in the Tab order; the arrow
 * keys, Page Up/Down, Home and End move through all of them.
 */
export function VirtualList<T extends { uuid: string }, F>({
  list,
  label,
  emptyText,
  emptyAction,
  renderRow,
  focusUuid,
  scroll = 'box',
  tall = false,
}: VirtualListProps<T, F>) {
  const t = useT();
  const state = useStore(list.$state);
  const hintId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const page = useRef(scroll === 'page').current;
  const remembered = memory.get(list);
  const restore = remembered && remembered.filters === state.filters ? remembered : undefined;
  const [active, setActive] = useState(restore?.active ?? 0);
  const pendingFocus = useRef<number | null>(null);
  // The row that has the focus, kept when its element is replaced (a loading placeholder
  // becoming the loaded row) so that the focus follows to the new element.
  const focused = useRef<number | null>(null);
  // A first page kept from an earlier visit: only its rows, until this visit's answers.
  const kept = state.kept !== undefined;
  const total = kept ? (state.pages[1]?.length ?? 0) : (state.total ?? 0);
  // Rows merged on top while the user reads further down: counted for the "N new" pill.
  const [unseen, setUnseen] = useState(0);
  const added = useRef(state.added);
  const rowHeight = useRowHeight(tall);
  const rowHeightRef = useRef(rowHeight);
  rowHeightRef.current = rowHeight;

  useEffect(() => list.start(), [list]);
  // Scrolling the page: where the list starts in the document (the virtualizer's margin).
  const margin = usePageMargin(page, scrollerRef, state.status === 'ready' && total > 0);

  const options = {
    count: state.status === 'ready' ? total : 0,
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey: (index: number) => itemAt(state, list.perPage, index)?.uuid ?? `i${index}`,
  };
  /* eslint-disable react-hooks/rules-of-hooks -- `page` never changes for a mounted list */
  const virtualizer = page
    ? useWindowVirtualizer({ ...options, scrollMargin: margin, scrollPaddingStart: STICKY_TOP })
    : useVirtualizer({ ...options, getScrollElement: () => scrollerRef.current, initialOffset: restore?.offset ?? 0 });
  /* eslint-enable react-hooks/rules-of-hooks */
  const scroller = scrollerOf(page, scrollerRef, margin, rowHeight);
  const scrollerRefForEffects = useRef(scroller);
  scrollerRefForEffects.current = scroller;

  // Coming back to the list in the page: the window where it was.
  const restored = useRef(false);
  useEffect(() => {
    if (!page || restored.current || state.status !== 'ready' || margin === 0) return;
    restored.current = true;
    if (restore && restore.offset > 0 && !focusUuid) window.scrollTo(0, restore.offset + margin);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list is first shown
  }, [page, state.status, margin]);
  // The viewport crossed the phone width: every row changed height.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  // Load the pages on screen once scrolling pauses (dragging the scroll bar across 20,000
  // rows must not ask for every page on the way).
  useEffect(() => {
    // Under a kept first page the rest waits for this visit's first page (start() asked for it).
    if (last < 0 || kept) return;
    const timer = setTimeout(() => list.ensureRange(Math.max(0, first - 5), last + 5), state.pages[pageOf(first, list.perPage)] ? 0 : 120);
    return () => clearTimeout(timer);
  }, [list, first, last, state.pages, kept]);

  // Remember the position for when this list is shown again.
  useEffect(() => {
    const s = scrollerRefForEffects.current;
    if (!scrollerRef.current) return;
    const save = () => memory.set(list, { filters: state.filters, offset: Math.max(0, s.offset()), active });
    save();
    return s.listen(save);
  }, [list, state.filters, active, state.status, margin]);

  // Coming back from a detail: focus the row that was opened.
  useEffect(() => {
    if (!focusUuid || state.status !== 'ready') return;
    for (const [page, rows] of Object.entries(state.pages)) {
      const i = rows.findIndex((r) => r?.uuid === focusUuid);
      if (i !== -1) {
        moveTo((Number(page) - 1) * list.perPage + i);
        return;
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when asked, once the list is there
  }, [focusUuid, state.status === 'ready']);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let index = pendingFocus.current;
    // Restore only when the focus was lost (to <body>), never take it from elsewhere.
    if (index === null && focused.current !== null && (!document.activeElement || document.activeElement === document.body)) {
      index = focused.current;
    }
    if (index === null) return;
    const el = scroller.querySelector<HTMLElement>(`[data-index="${index}"] [data-row]`);
    if (el) {
      pendingFocus.current = null;
      el.focus({ preventScroll: true });
    }
  });

  // New rows arrived on top: the same items stay active and focused, and a user who is
  // scrolled down keeps the rows they are reading in place (scrolled by the rows added).
  useLayoutEffect(() => {
    const delta = state.added - added.current;
    added.current = state.added;
    if (delta <= 0) {
      setUnseen(0); // the list started over
      return;
    }
    setActive((a) => a + delta);
    if (focused.current !== null) focused.current += delta;
    const s = scrollerRefForEffects.current;
    const height = rowHeightRef.current; // the height now, without re-running on a resize
    if (scrollerRef.current && s.offset() > height / 2) {
      s.scrollBy(delta * height);
      setUnseen((n) => n + delta);
    }
  }, [state.added]);

  // Back at the top: the new rows are seen.
  useEffect(() => {
    const s = scrollerRefForEffects.current;
    if (!scrollerRef.current || unseen === 0) return;
    return s.listen(() => {
      if (s.offset() <= rowHeight / 2) setUnseen(0);
    });
  }, [unseen, rowHeight, margin]);

  const moveTo = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(total - 1, index));
      setActive(target);
      pendingFocus.current = target;
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
    [total, virtualizer],
  );

  function onKeyDown(event: KeyboardEvent) {
    const pageRows = Math.max(1, Math.floor(scroller.viewportHeight() / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + pageRows,
      PageUp: active - pageRows,
      Home: 0,
      End: total - 1,
    };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    moveTo(to);
  }

  if (state.status === 'idle' || state.status === 'loading') return <ListLoading />;
  if (state.status === 'error') return <ListFailed onRetry={() => list.retry()} />;
  const keptNote = kept && <KeptNote since={state.kept} failed={state.failed.includes(1)} onRetry={() => list.retry()} />;
  // An empty kept page says nothing ("no open incidents" is for the server to say): checking.
  if (total === 0 && kept) return <KeptChecking note={keptNote} />;
  if (total === 0) return <ListEmpty text={emptyText} action={emptyAction} />;

  // The row Tab lands on: the active one, or the first on screen when it scrolled away.
  const tabbable = active >= first && active <= last ? active : first;
  return (
    <>
      {keptNote}
      {!kept && state.failed.length > 0 && <RowsFailed onRetry={() => list.retry()} />}
      <div className={page ? 'vi-scroller vi-scroller--page' : 'vi-scroller'} ref={scrollerRef} part="list">
        <div className="vi-live" role="status">
          {unseen > 0 && (
            <button
              type="button"
              className="v-btn v-btn--primary v-btn--small vi-new-pill"
              part="new-items"
              onClick={() => {
                setUnseen(0);
                moveTo(0);
              }}
            >
              {t('inbox.live.newRows', { count: formatNumber(unseen) })}
            </button>
          )}
        </div>
        <ul
          className="vi-list"
          role="list"
          aria-label={label}
          aria-describedby={hintId}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const index = Number((e.target as HTMLElement).closest('[data-index]')?.getAttribute('data-index'));
            if (!Number.isInteger(index)) return;
            focused.current = index;
            if (index !== active) setActive(index);
          }}
          onBlur={(e) => {
            const target = e.target;
            if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
            // Focus left the list, unless its element was merely replaced (then it stays ours).
            queueMicrotask(() => {
              if (target.isConnected) focused.current = null;
            });
          }}
        >
          {items.map((row) => {
            const item = itemAt(state, list.perPage, row.index);
            const tabIndex = row.index === tabbable ? 0 : -1;
            return (
              <li
                key={row.key}
                className={tall ? 'vi-item vi-item--tall' : 'vi-item'}
                data-index={row.index}
                aria-setsize={total}
                aria-posinset={row.index + 1}
                style={{ transform: `translateY(${row.start - (page ? margin : 0)}px)` }}
              >
                {item ? (
                  renderRow(item, { tabIndex, kept })
                ) : (
                  <div className="vi-placeholder" data-row tabIndex={tabIndex} aria-busy="true">
                    <span className="v-visually-hidden">{t('inbox.list.loadingRow')}</span>
                    <span className="vi-bar" aria-hidden="true" />
                    <span className="vi-bar" aria-hidden="true" />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <p id={hintId} className="v-visually-hidden">
        {t('inbox.list.keyboardHint')}
      </p>
    </>
  );
}
