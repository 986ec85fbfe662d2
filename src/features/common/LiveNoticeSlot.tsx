import { lazy, Suspense } from 'react';

// Its own chunk, loaded after the first render: it renders nothing until live updates pause.
const LiveNotice = lazy(() => import('./LiveNotice.tsx').then((m) => ({ default: m.LiveNotice })));

/** Where the "live updates paused" notice appears (the portal's layout, every signed-in element). */
export function LiveNoticeSlot() {
  return (
    <Suspense fallback={null}>
      <LiveNotice />
    </Suspense>
  );
}
