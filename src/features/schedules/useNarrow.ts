import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this width (CSS px) the schedule grid is drawn turned, days as columns (a phone held upright). */
export const NIGHTS_BELOW = 480;

/** Whether the element's box is narrower than `below` px, kept up to date on resize (measured before the first paint). */
export function useNarrow(ref: RefObject<HTMLElement | null>, below: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setNarrow(el.clientWidth > 0 && el.clientWidth < below);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, below]);
  return narrow;
}
