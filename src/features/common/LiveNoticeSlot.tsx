import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $liveState } from '../../core/live/state.ts';

const LiveNotice = lazy(() => import('./LiveNotice.tsx').then((m) => ({ default: m.LiveNotice })));

/** Where the paused notice appears: nothing (and no code loaded) until live updates pause. */
export function LiveNoticeSlot() {
  const { paused } = useStore($liveState);
  if (!paused) return null;
  return (
    <Suspense fallback={null}>
      <LiveNotice />
    </Suspense>
  );
}
