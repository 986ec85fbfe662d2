import { lazy, Suspense } from 'react';
import type { ExceptionsPanelProps } from './ExceptionsPanel.tsx';

// The calendar and the list of exceptions: their own chunk (the schedule pages are at their budget).
const ExceptionsPanel = lazy(() => import('./ExceptionsPanel.tsx').then((m) => ({ default: m.ExceptionsPanel })));

/** Holidays and one-off days beside a weekly grid, loaded on its own. */
export function LazyExceptions(props: ExceptionsPanelProps) {
  return (
    <Suspense fallback={null}>
      <ExceptionsPanel {...props} />
    </Suspense>
  );
}
