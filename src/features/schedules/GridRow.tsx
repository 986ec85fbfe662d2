import { memo } from 'react';
import { GridCell } from './GridCell.tsx';

export interface GridRowProps {
  day: number;
  /** This day's 48 half-hours; the same array while the day is unchanged. */
  cells: readonly boolean[];
  /** The slot holding the grid's tab stop in this row, or -1. */
  activeSlot: number;
  shortName: string;
  longName: string;
  /** Accessible names of the 48 cells (same array while the language is unchanged). */
  labels: readonly string[];
}

/** One day of the grid: its name (a row header) and its 48 half-hours. */
export const GridRow = memo(function GridRow({ day, cells, activeSlot, shortName, longName, labels }: GridRowProps) {
  return (
    <div role="row" className="sg-row">
      <div role="rowheader" className="sg-day">
        <span aria-hidden="true">{shortName}</span>
        <span className="v-visually-hidden">{longName}</span>
      </div>
      {cells.map((secured, slot) => (
        <GridCell key={slot} day={day} slot={slot} secured={secured} active={slot === activeSlot} label={labels[slot]!} />
      ))}
    </div>
  );
});
