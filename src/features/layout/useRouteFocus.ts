import { useEffect, useRef, type RefObject } from 'react';

/**
 * After moving to another page (not on the first one), puts focus on <main> and scrolls to
 * the top, so keyboard and screen-reader users start reading the new page; unless the page
 * has already focused something of its own (a form's first field).
 */
export function useRouteFocus(key: string | undefined, main: RefObject<HTMLElement | null>): void {
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!key) return;
    const before = previous.current;
    previous.current = key;
    if (before === undefined || before === key) return;
    const el = main.current;
    if (!el) return;
    const root = el.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    if (!(active && el.contains(active))) el.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [key, main]);
}
