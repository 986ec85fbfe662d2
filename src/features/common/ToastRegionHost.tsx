import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toasts } from '../../core/toasts/toasts.ts';
import { preloadable } from './preloadable.tsx';

// The toasts' view and styles are their own chunk: no page shows a toast on its first
// paint. Fetched once the page is idle, so that the first toast shows in the very commit
// that raises it; a toast that comes earlier loads it at once.
export const LazyToastRegion = preloadable(() => import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion })));

/** What `<vigil-toast-region>` renders: nothing until the first toast, then the region. */
export function ToastRegionHost() {
  const any = useStore($toasts).length > 0;
  const shown = useRef(false);
  if (any) shown.current = true;
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    idle(() => void LazyToastRegion.preload());
  }, []);
  return shown.current ? <LazyToastRegion /> : null;
}
