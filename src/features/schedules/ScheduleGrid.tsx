import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { $i18nVersion } from '../../core/i18n/i18n.ts';
import { $language } from '../../core/i18n/languages.ts';
import { dayNames, describeRange, describeWeek } from '../../core/schedules/describe.ts';
import { NOON, replaceWeek, shiftWeek, type Range } from '../../core/schedules/paint.ts';
import { SLOTS, cellAt, flat, slotTime, weekFrom, type Cell, type Week } from '../../core/schedules/week.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import gridCss from './grid.css?inline';
import { GridHeader } from './GridHeader.tsx';
import { GridRow } from './GridRow.tsx';
import { NIGHTS_BELOW, useNarrow } from './useNarrow.ts';
import { useGridInput, type FocusMode } from './useGridInput.ts';
import { useOverflow } from './useOverflow.ts';
import { preloadable } from '../common/preloadable.tsx';

// The turned grid of narrow boxes: its own chunk, only narrow screens load it.
const NightsRows = preloadable(() => import('./NightsGrid.tsx').then((m) => ({ default: m.NightsRows })));
const NightsHelp = preloadable(() => import('./NightsGrid.tsx').then((m) => ({ default: m.NightsHelp })));

/** Where the "show from" buttons scroll a narrow grid to. */
const JUMPS = [0, 12, 24, 36];

export interface ScheduleGridProps {
  week: Week;
  /**
   * Called with every painted change (a pointer stroke's once, when the pointer lifts: the
   * grid alone draws it meanwhile); without it the grid is read-only.
   */
  onChange?: (next: Week) => void;
  /** The grid's accessible name. */
  label: string;
}

/**
 * The security-hours matrix: 7 days (rows, Monday first) × 48 half-hours (columns), a
 * WAI-ARIA grid with one tab stop. Secured half-hours are selected cells, drawn filled
 * and striped (not by colour alone). Paint by mouse, pen or touch drag, click to toggle;
 * by keyboard, arrows/Home/End/Ctrl+Home/Ctrl+End move, Space toggles the focused cell,
 * Shift+arrows paint a range with the value of the cell it started from (useGridInput). Every paint is announced in a polite live region ("Mon 08:00–12:00 secured").
 *
 * Keyboard help is behind a "Keyboard" disclosure (closed by default, still the grid's
 * description for assistive tech), so on a phone the grid is not pushed down a screen.
 *
 * Narrow boxes (under NIGHTS_BELOW px, a phone held upright) turn the grid: the 7 days are
 * columns running from noon to noon the next day and the half-hours are rows, so a whole
 * night (22:00–06:00) is one unbroken stretch of a column, visible and paintable without
 * scrolling sideways: drag up or down to paint (cells take no touch scrolling there; the
 * hours column does). The painted week is the same; only the drawing is turned
 * (shiftWeek). Wider boxes that still cannot show 48 columns scroll the grid sideways
 * inside its own box with the day names stuck to the left and the hours on top, cells at
 * least 24 × 24 px; "show from" buttons say which part of the day is in view
 * (aria-pressed), so a row stays a day and the page never scrolls sideways; vertical
 * swipes scroll the page, sideways drags paint (see useGridInput).
 */
export function ScheduleGrid({ week, onChange, label }: ScheduleGridProps) {
  useStyles(gridCss);
  const t = useT();
  const language = useStore($language);
  const version = useStore($i18nVersion);
  const helpId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const nights = useNarrow(rootRef, NIGHTS_BELOW);
  const gridRef = useRef<HTMLDivElement>(null);
  const [focus, setFocusState] = useState<Cell>({ day: 0, slot: 0 });
  const focusRef = useRef(focus);
  const focusMode = useRef<FocusMode>('none');
  const [message, setMessage] = useState({ text: '', n: 0 });

  const names = useMemo(() => ({ short: dayNames('short', language), long: dayNames('long', language) }), [language]);
  const labels = useMemo(
    () =>
      names.long.map((day) =>
        Array.from({ length: SLOTS }, (_, s) => t('schedules.grid.cell', { day, from: slotTime(s), to: slotTime(s + 1) })),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language through `version`
    [names, version],
  );

  function focusCell(cell: Cell, mode: FocusMode): void {
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-day="${cell.day}"][data-slot="${cell.slot}"]`);
    el?.focus({ preventScroll: mode === 'pointer' });
  }

  function setFocus(cell: Cell, mode: FocusMode): void {
    const prev = focusRef.current;
    if (prev.day === cell.day && prev.slot === cell.slot) {
      if (mode !== 'none') focusCell(cell, mode);
      return;
    }
    focusRef.current = cell;
    focusMode.current = mode;
    setFocusState(cell);
  }

  useLayoutEffect(() => {
    if (focusMode.current !== 'none') focusCell(focus, focusMode.current);
    focusMode.current = 'none';
  }, [focus]);

  // The week of a pointer stroke under way (in drawn cells): only the grid redraws per move.
  const [stroke, setStroke] = useState<Week | null>(null);

  // Turning the grid changes what a (day, slot) of it means: the tab stop starts over.
  const [drawnNights, setDrawnNights] = useState(nights);
  if (drawnNights !== nights) {
    setDrawnNights(nights);
    setStroke(null);
    focusRef.current = { day: 0, slot: 0 };
    setFocusState(focusRef.current);
  }

  /** What the grid draws and paints: the week, or the noon-to-noon week when turned. */
  // The turned week a paint produced is drawn as is when that week comes back (the same
  // object), so a keyboard range (which goes on while the week is the one it produced) holds.
  const lastTurn = useRef<{ week: Week; drawn: Week } | null>(null);
  const drawn = useMemo(
    () => (!nights ? week : lastTurn.current?.week === week ? lastTurn.current.drawn : shiftWeek(week, NOON)),
    [nights, week],
  );
  const painted = stroke ?? drawn;
  const drawnChange =
    onChange &&
    (nights
      ? (next: Week) => {
          const real = replaceWeek(week, shiftWeek(next, -NOON));
          lastTurn.current = { week: real, drawn: next };
          onChange(real);
        }
      : onChange);

  function announce(range: Range, value: boolean): void {
    // The turned grid's rectangle is a set of real half-hours: said as the week says them ("Mon 22:00–06:00 (next day)").
    const said = nights
      ? describeWeek(
          weekFrom((d, s) => {
            const at = cellAt(flat(d, s) - NOON);
            return at.day >= range.firstDay && at.day <= range.lastDay && at.slot >= range.firstSlot && at.slot <= range.lastSlot;
          }),
        )
      : describeRange(range);
    const text = t(value ? 'schedules.grid.secured' : 'schedules.grid.notSecured', { range: said });
    setMessage((m) => ({ text, n: m.n + 1 }));
  }

  const scrollerRef = useRef<HTMLDivElement>(null);
  const overflowing = useOverflow(scrollerRef);
  /** The "show from" button of the part of the day in view (pressed). */
  const [shown, setShown] = useState(JUMPS[0]!);
  const hourLeft = (slot: number) => {
    const head = gridRef.current?.querySelectorAll<HTMLElement>('.sg-hour')[slot];
    const day = gridRef.current?.querySelector<HTMLElement>('.sg-corner');
    return head ? head.offsetLeft - (day?.offsetWidth ?? 0) : 0;
  };
  function jumpTo(slot: number, behavior: ScrollBehavior = 'smooth'): void {
    scrollerRef.current?.scrollTo({ left: hourLeft(slot), behavior });
  }
  // After any scroll (a jump, a swipe, a painted range): the last hour shown from the left
  // edge, or at the end of the scroll range the last one in view. A button whose jump ends
  // here stays pressed: "12:00" chosen on a narrow screen stops at the end of the range,
  // where "18:00" is in view too, and the choice must not move to it.
  function onScrollEnd(): void {
    const { scrollLeft, clientWidth, scrollWidth } = scrollerRef.current!;
    if (Math.abs(Math.min(hourLeft(shown), scrollWidth - clientWidth) - scrollLeft) <= 2) return;
    const edge = scrollLeft + clientWidth >= scrollWidth - 2 ? scrollLeft + clientWidth - 24 : scrollLeft + 4;
    setShown(JUMPS.filter((slot) => hourLeft(slot) <= edge).pop() ?? JUMPS[0]!);
  }
  // A grid that scrolls sideways keeps the week's earliest secured half-hour in view when it
  // appears or moves out of sight (on opening, after a preset), so "Mon–Fri 08:00–18:00" is
  // never hidden off to the right of an empty-looking grid. Painting in view never scrolls.
  const earliest = Math.min(...week.map((day) => day.indexOf(true)).filter((s) => s >= 0));
  const keepEarliestInView = useEffectEvent(() => {
    const scroller = scrollerRef.current;
    const head = gridRef.current?.querySelectorAll<HTMLElement>('.sg-hour')[earliest];
    const dayWidth = gridRef.current?.querySelector<HTMLElement>('.sg-corner')?.offsetWidth ?? 0;
    if (!overflowing || !scroller || !head) return;
    const left = hourLeft(earliest);
    const visible = left >= scroller.scrollLeft && left + head.offsetWidth <= scroller.scrollLeft + scroller.clientWidth - dayWidth;
    if (!visible) jumpTo(Math.max(0, earliest - 2), 'auto');
  });
  // Only when the earliest secured half-hour changes (or the grid starts to scroll).
  useEffect(() => keepEarliestInView(), [overflowing, earliest]);

  const input = useGridInput({
    gridRef,
    week: painted,
    onChange: drawnChange,
    focus,
    setFocus,
    announce,
    preview: setStroke,
    rotated: nights,
  });
  const editable = !!onChange;

  return (
    <div className={nights ? 'sg sg--nights' : 'sg'} part="matrix" ref={rootRef}>
      <p id={`${helpId}-pointer`} className="sg-help v-small v-muted">
        {nights ? <NightsHelp editable={editable} /> : t(editable ? 'schedules.grid.help' : 'schedules.grid.helpReadOnly')}
      </p>
      <details className="sg-keys" part="keyboard-help">
        <summary>{t('schedules.grid.keyboard')}</summary>
        <p id={`${helpId}-keys`} className="v-small v-muted">
          {t(editable ? 'schedules.grid.keyboardHelp' : 'schedules.grid.keyboardHelpReadOnly')}
        </p>
      </details>
      {overflowing && !nights && (
        <div className="sg-jump v-row" role="group" aria-label={t('schedules.grid.jump')}>
          <span className="v-small v-muted" aria-hidden="true">
            {t('schedules.grid.jump')}
          </span>
          {JUMPS.map((slot) => (
            <button
              key={slot}
              type="button"
              className="v-btn v-btn--small"
              aria-pressed={shown === slot}
              onClick={() => (setShown(slot), jumpTo(slot))}
            >
              {slotTime(slot)}
            </button>
          ))}
        </div>
      )}
      <div className="sg-scroller" ref={scrollerRef} onScrollEnd={overflowing && !nights ? onScrollEnd : undefined}>
        <div
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-describedby={`${helpId}-pointer ${helpId}-keys`}
          aria-multiselectable={editable || undefined}
          aria-readonly={!editable || undefined}
          className={`sg-grid${nights ? ' sg-grid--nights' : ''}${editable ? '' : ' sg-grid--readonly'}`}
          {...input}
        >
          {nights ? (
            <NightsRows drawn={painted} focus={focus} names={names} labels={labels} />
          ) : (
            <>
              <GridHeader dayLabel={t('schedules.grid.dayColumn')} />
              {painted.map((cells, day) => (
                <GridRow
                  key={day}
                  day={day}
                  cells={cells}
                  activeSlot={focus.day === day ? focus.slot : -1}
                  shortName={names.short[day]!}
                  longName={names.long[day]!}
                  labels={labels[day]!}
                />
              ))}
            </>
          )}
        </div>
      </div>
      <div className="sg-legend v-small" aria-hidden="true">
        <span className="sg-key">
          <span className="sg-swatch sg-swatch--on" /> {t('schedules.grid.legendSecured')}
        </span>
        <span className="sg-key">
          <span className="sg-swatch" /> {t('schedules.grid.legendOpen')}
        </span>
      </div>
      <p className="v-visually-hidden" role="status" aria-atomic="true">
        <span key={message.n}>{message.text}</span>
      </p>
    </div>
  );
}
