import { useEffect, useRef, useState } from 'react';

/**
 * The open state of a header menu (More, the user menu): it closes when `closeKey` changes
 * (the URL: going to another page, not a page finishing loading) and on a pointer press
 * outside the element `wrapRef` is put on (looked up through shadow roots).
 */
export function useHeaderMenu<E extends HTMLElement = HTMLDivElement>(closeKey: string | undefined) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<E>(null);
  useEffect(() => setOpen(false), [closeKey]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (wrapRef.current && !event.composedPath().includes(wrapRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  return { open, setOpen, wrapRef };
}
