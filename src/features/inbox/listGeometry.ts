/**
 * The inbox list's geometry: its rows' heights (inbox-list.css and inbox-rows.css use the same values) and where
 * it scrolls, in its own box or with the page.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Fixed row height (px): inbox-list.css `.vi-item` uses the same values. */
export const ROW_HEIGHT = 72;
/** On phones a row takes up to two lines of title and two of place, below the date. */
export const PHONE_ROW_HEIGHT = 128;

/** Row heights of a list whose rows are taller (inbox-rows.css `.vi-item--tall`): incidents with their picture. */
export const TALL_ROWS = { normal: 88, phone: 156 } as const;
/**
 * Scrolling the page, what the portal's sticky header covers at the top of the window: a row
 * brought into view by the keyboard lands below it (inbox-list.css `--vi-sticky-top` too).
 */
export const STICKY_TOP = 96;
const PHONE = '(max-width: 480px)';

/** The row height for the viewport (the CSS switches at the same width). */
export function useRowHeight(tall: boolean): number {
  const query = typeof matchMedia === 'function' ? matchMedia(PHONE) : null;
  const [phone, setPhone] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one query per list
  }, []);
  if (tall) return phone ? TALL_ROWS.phone : TALL_ROWS.normal;
  return phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
}

/**
 * Scrolling the page: where the list (`ref`) starts in the document, measured again when what
 * is above it changes size, the window is resized, or the list gains or loses its rows. 0 in
 * a box of its own.
 */
export function usePageMargin(page: boolean, ref: RefObject<HTMLElement | null>, hasRows: boolean): number {
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (!page) return;
    const el = ref.current;
    if (!el) return;
    const measure = () => setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    const parent = el.parentElement;
    if (parent) observer?.observe(parent);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [page, ref, hasRows]);
  return margin;
}

/** The list's scroll position and viewport, in the box or in the window. */
export interface Scroller {
  /** How far the list is scrolled past its own top (px). */
  offset(): number;
  scrollBy(px: number): void;
  viewportHeight(): number;
  /** Calls `listener` on every scroll; returns the undo. */
  listen(listener: () => void): () => void;
}

/**
 * The scroller of a list: the window, less the sticky header and what is above the list
 * (`margin`), or the list's own box.
 */
export function scrollerOf(page: boolean, box: RefObject<HTMLDivElement | null>, margin: number, rowHeight: number): Scroller {
  return page
    ? {
        offset: () => window.scrollY - margin,
        scrollBy: (px) => window.scrollBy(0, px),
        viewportHeight: () => window.innerHeight - STICKY_TOP,
        listen: (listener) => {
          window.addEventListener('scroll', listener, { passive: true });
          return () => window.removeEventListener('scroll', listener);
        },
      }
    : {
        offset: () => box.current?.scrollTop ?? 0,
        scrollBy: (px) => {
          if (box.current) box.current.scrollTop += px;
        },
        viewportHeight: () => box.current?.clientHeight ?? rowHeight,
        listen: (listener) => {
          const el = box.current;
          el?.addEventListener('scroll', listener, { passive: true });
          return () => el?.removeEventListener('scroll', listener);
        },
      };
}
