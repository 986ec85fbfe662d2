import { memo } from 'react';

export interface GridCellProps {
  day: number;
  slot: number;
  secured: boolean;
  /** The grid's one tab stop (roving tabindex). */
  active: boolean;
  label: string;
}

/**
 * One half-hour. Deliberately cheap: no handlers (the grid delegates pointer and key
 * events), memoized on its few primitive props, so painting re-renders only changed cells.
 */
export const GridCell = memo(function GridCell({ day, slot, secured, active, label }: GridCellProps) {
  return (
    <div
      role="gridcell"
      className={secured ? 'sg-cell sg-cell--on' : 'sg-cell'}
      aria-selected={secured}
      aria-label={label}
      tabIndex={active ? 0 : -1}
      data-day={day}
      data-slot={slot}
    />
  );
});
