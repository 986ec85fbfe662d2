import { memo } from 'react';
import { NOON } from '../../core/schedules/paint.ts';
import { slotTime } from '../../core/schedules/week.ts';
import { GridCell } from './GridCell.tsx';

export interface NightRowProps {
  /** The row: half-hours after noon (0 = 12:00, 24 = 00:00 the next day). */
  row: number;
  /** Secured, for the 7 columns (Monday's noon-to-noon first). */
  cells: readonly boolean[];
  /** The column holding the grid's tab stop in this row, or -1. */
  activeDay: number;
  /** Accessible names of the 7 cells ("Monday 22:00–22:30", "Tuesday 01:00–01:30"). */
  labels: readonly string[];
}

/** One half-hour across the 7 noon-to-noon columns of the narrow grid, named by its time. */
export const NightRow = memo(function NightRow({ row, cells, activeDay, labels }: NightRowProps) {
  const time = slotTime((row + NOON) % 48);
  const full = row % 2 === 0;
  return (
    <div role="row" data-row={row} className={row === NOON ? 'sg-nrow sg-nrow--midnight' : full ? 'sg-nrow sg-nrow--hour' : 'sg-nrow'}>
      <div role="rowheader" className="sg-ntime">
        {full ? time : <span className="v-visually-hidden">{time}</span>}
      </div>
      {cells.map((secured, day) => (
        <GridCell key={day} day={day} slot={row} secured={secured} active={day === activeDay} label={labels[day]!} />
      ))}
    </div>
  );
});
