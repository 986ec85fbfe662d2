import { useLayoutEffect, useMemo, useRef } from 'react';
import { NOON } from '../../core/schedules/paint.ts';
import { DAYS, SLOTS, cellAt, flat, type Cell, type Week } from '../../core/schedules/week.ts';
import { useT } from '../common/useT.ts';
import './messages/bundled-lazy.ts';
import { NightRow } from './NightRow.tsx';
import nightsCss from './nights.css?inline';
import { useStyles } from '../common/useStyles.ts';

const ROWS = Array.from({ length: SLOTS }, (_, r) => r);

export interface NightsRowsProps {
  /** The noon-to-noon week (shiftWeek(week, NOON)): row `r` of column `d` is drawn[d][r]. */
  drawn: Week;
  /** The tab stop, in the turned grid's cells (day = column, slot = row). */
  focus: Cell;
  names: { short: readonly string[]; long: readonly string[] };
  /** Accessible names of the real half-hours, [day][slot]. */
  labels: readonly (readonly string[])[];
}

/**
 * The rows of the turned grid of narrow boxes (ScheduleGrid draws it below NIGHTS_BELOW):
 * a header of the 7 days, each column running from that day's noon to the next day's, and
 * 48 half-hour rows from 12:00 round to 11:30, midnight marked. Opens scrolled to 21:00,
 * so a night (22:00–06:00) is in view. Its own chunk: only narrow screens load it.
 */
export function NightsRows({ drawn, focus, names, labels }: NightsRowsProps) {
  useStyles(nightsCss);
  const t = useT();
  const headRef = useRef<HTMLDivElement>(null);
  const byRow = useMemo(
    () =>
      ROWS.map((r) =>
        Array.from({ length: DAYS }, (_, d) => {
          const c = cellAt(flat(d, r) + NOON);
          return labels[c.day]![c.slot]!;
        }),
      ),
    [labels],
  );

  useLayoutEffect(() => {
    const head = headRef.current;
    const scroller = head?.closest<HTMLElement>('.sg-scroller');
    const row = head?.parentElement?.querySelector<HTMLElement>('[data-row="18"]');
    if (head && scroller && row && scroller.scrollHeight > scroller.clientHeight) scroller.scrollTop = row.offsetTop - head.offsetHeight;
  }, []);

  return (
    <>
      <div role="row" className="sg-nrow sg-nhead" ref={headRef}>
        <div role="columnheader" className="sg-corner">
          <span className="v-visually-hidden">{t('schedules.nights.timeColumn')}</span>
        </div>
        {names.short.map((short, d) => (
          <div role="columnheader" key={d} className="sg-nday">
            <span aria-hidden="true">{short}</span>
            <span aria-hidden="true" className="sg-nnext">
              {names.short[(d + 1) % DAYS]}
            </span>
            <span className="v-visually-hidden">
              {t('schedules.nights.column', { day: names.long[d], next: names.long[(d + 1) % DAYS] })}
            </span>
          </div>
        ))}
      </div>
      {ROWS.map((r) => (
        <NightRow key={r} row={r} cells={drawn.map((day) => day[r]!)} activeDay={focus.slot === r ? focus.day : -1} labels={byRow[r]!} />
      ))}
    </>
  );
}

/** What the turned grid is (noon to noon) and how to paint it: the grid's pointer help on narrow screens. */
export function NightsHelp({ editable }: { editable: boolean }) {
  const t = useT();
  return <>{t(editable ? 'schedules.nights.help' : 'schedules.nights.helpReadOnly')}</>;
}
