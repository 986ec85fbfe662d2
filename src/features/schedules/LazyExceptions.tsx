import { memo } from 'react';
import type { ExceptionsPanelProps } from './ExceptionsPanel.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The calendar and the list of exceptions: their own chunk (the schedule pages are at their budget).
const ExceptionsPanel = preloadable(() => import('./ExceptionsPanel.tsx').then((m) => ({ default: m.ExceptionsPanel })));

/**
 * Holidays and one-off days beside a weekly grid, loaded on its own. Memoized: the panel
 * reads the saved schedule, not the draft, so painting a cell (a render of the editor for
 * every cell a drag crosses) must not draw its months of calendar again.
 */
export const LazyExceptions = memo(function LazyExceptions(props: ExceptionsPanelProps) {
  return <ExceptionsPanel {...props} />;
});
