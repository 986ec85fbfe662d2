import { memo } from 'react';
import { SLOTS, slotTime } from '../../core/schedules/week.ts';

export interface GridHeaderProps {
  dayLabel: string;
}

/** The column headers: every half-hour is named for assistive tech; each full hour shows its number. */
export const GridHeader = memo(function GridHeader({ dayLabel }: GridHeaderProps) {
  return (
    <div role="row" className="sg-row sg-head">
      <div role="columnheader" className="sg-corner">
        <span className="v-visually-hidden">{dayLabel}</span>
      </div>
      {Array.from({ length: SLOTS }, (_, slot) => (
        <div role="columnheader" key={slot} className={slot % 2 === 0 ? 'sg-hour' : 'sg-hour sg-hour--half'}>
          {slot % 2 === 0 && <span aria-hidden="true">{slotTime(slot).slice(0, 2)}</span>}
          <span className="v-visually-hidden">{slotTime(slot)}</span>
        </div>
      ))}
    </div>
  );
});
