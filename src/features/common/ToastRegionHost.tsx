import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { $toasts } from '../../core/toasts/toasts.ts';

// The toasts' view and styles are their own chunk: no page shows a toast on its first
// paint. Fetched once the page is idle (so it is there for the first toast), or at once by
// a toast that comes earlier.
const loadRegion = () => import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion }));
const ToastRegion = lazy(loadRegion);

/** What `<vigil-toast-region>` renders: nothing until the first toast, then the region. */
export function ToastRegionHost() {
  const any = useStore($toasts).length > 0;
  const shown = useRef(false);
  if (any) shown.current = true;
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    idle(() => void loadRegion());
  }, []);
  return shown.current ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
