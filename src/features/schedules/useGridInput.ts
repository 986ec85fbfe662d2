import { useRef, type FocusEvent, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { clampCell, extendFrom, paintRange, rangeOf, replaceWeek, toggleCell, type Range } from '../../core/schedules/paint.ts';
import { DAYS, SLOTS, type Cell, type Week } from '../../core/schedules/week.ts';

/** How focus follows the tab stop: not at all, without scrolling (pointer), or scrolled into view. */
export type FocusMode = 'none' | 'pointer' | 'keyboard';

export interface GridInputOptions {
  gridRef: RefObject<HTMLDivElement | null>;
  week: Week;
  /** Undefined: read-only (moving around still works). */
  onChange: ((next: Week) => void) | undefined;
  /**
   * The week a pointer stroke under way paints (null once it ended): the grid draws it,
   * and `onChange` gets the stroke's week once, when the pointer lifts.
   */
  preview: (stroke: Week | null) => void;
  focus: Cell;
  /** Moves the tab stop; with a mode other than 'none' also moves focus there. */
  setFocus: (cell: Cell, mode: FocusMode) => void;
  /** A range was painted with `value` (for the live region). */
  announce: (range: Range, value: boolean) => void;
  /**
   * The grid is drawn turned (the narrow layout): a cell's `day` is a column and its
   * `slot` a row, so Up/Down move through the half-hours and Left/Right through the days.
   */
  rotated?: boolean;
}

interface Stroke {
  /**
   * Where the stroke started, and the value it paints: a pointer stroke paints the first
   * cell's new value (it switches), a keyboard range the anchor's value (see extendFrom).
   */
  anchor: Cell;
  value: boolean;
  /** The week before the stroke: cells that leave the range go back to it. */
  base: Week;
  last: Cell;
  /** The week this stroke last produced: if the week is no longer it, the stroke is over. */
  result?: Week;
}

interface Drag extends Stroke {
  pointerId: number;
  touch: boolean;
  painted: boolean;
}

const sameCell = (a: Cell, b: Cell) => a.day === b.day && a.slot === b.slot;

function cellOf(el: Element | null): Cell | null {
  const target = el?.closest?.('[data-slot]') as HTMLElement | null | undefined;
  if (!target) return null;
  return { day: Number(target.dataset.day), slot: Number(target.dataset.slot) };
}

/**
 * Moves in the turned grid (days are columns, half-hours rows): arrows as drawn, Home/End
 * to the first/last day of the row, Ctrl+Home/End to the grid's corners, Page Up/Down to
 * the first/last half-hour of the column.
 */
function rotatedMoveFor(key: string, ctrl: boolean, at: Cell): Cell | null {
  switch (key) {
    case 'ArrowDown':
      return clampCell(at.day, at.slot + 1);
    case 'ArrowUp':
      return clampCell(at.day, at.slot - 1);
    case 'ArrowRight':
      return clampCell(at.day + 1, at.slot);
    case 'ArrowLeft':
      return clampCell(at.day - 1, at.slot);
    case 'Home':
      return ctrl ? { day: 0, slot: 0 } : { day: 0, slot: at.slot };
    case 'End':
      return ctrl ? { day: DAYS - 1, slot: SLOTS - 1 } : { day: DAYS - 1, slot: at.slot };
    case 'PageUp':
      return { day: at.day, slot: 0 };
    case 'PageDown':
      return { day: at.day, slot: SLOTS - 1 };
    default:
      return null;
  }
}

/** Moves of the WAI-ARIA grid pattern: arrows, Home/End (row), Ctrl+Home/End (grid). */
function moveFor(key: string, ctrl: boolean, at: Cell): Cell | null {
  switch (key) {
    case 'ArrowRight':
      return clampCell(at.day, at.slot + 1);
    case 'ArrowLeft':
      return clampCell(at.day, at.slot - 1);
    case 'ArrowDown':
      return clampCell(at.day + 1, at.slot);
    case 'ArrowUp':
      return clampCell(at.day - 1, at.slot);
    case 'Home':
      return ctrl ? { day: 0, slot: 0 } : { day: at.day, slot: 0 };
    case 'End':
      return ctrl ? { day: DAYS - 1, slot: SLOTS - 1 } : { day: at.day, slot: SLOTS - 1 };
    case 'PageUp':
      return { day: 0, slot: at.slot };
    case 'PageDown':
      return { day: DAYS - 1, slot: at.slot };
    default:
      return null;
  }
}

/**
 * Painting by pointer (mouse, pen, touch) and keyboard, delegated on the grid element so
 * cells stay handler-free. A stroke paints the rectangle between its first cell and the
 * current one; shrinking a stroke gives cells back their value from before the stroke.
 * Pointer: the first cell's new value (a click switches it, so set or clear is decided by
 * the first cell). Keyboard: ONE rule (extendFrom) — Shift+arrows extend from the cell
 * where the range started and paint the range with THAT cell's value; Space switches the
 * focused cell (and a following Shift+arrow carries its new value along).
 *
 * Touch: cells have `touch-action: pan-y`, so a vertical swipe scrolls the page as usual
 * and a sideways drag paints. Nothing is painted until the finger moves sideways or lifts
 * (a tap toggles), so a swipe that turns into a scroll paints nothing.
 */
export function useGridInput({ gridRef, week, onChange, focus, setFocus, announce, preview, rotated = false }: GridInputOptions) {
  const latest = useRef({ week, onChange, focus });
  latest.current = { week, onChange, focus };
  const drag = useRef<Drag | null>(null);
  const keyStroke = useRef<Stroke | null>(null);

  /**
   * A pointer stroke paints into the grid alone (`preview`): the editor around it (tools,
   * summary, save bar, the page-wide draft and its storage) hears of it once, when the
   * pointer lifts, so a move costs the changed cells only and never a long task.
   */
  function paint(stroke: Stroke, to: Cell): void {
    stroke.last = to;
    const next = replaceWeek(latest.current.week, paintRange(stroke.base, stroke.anchor, to, stroke.value));
    stroke.result = next;
    preview(next);
  }

  function cellAtPoint(x: number, y: number): Cell | null {
    const root = gridRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    return cellOf(root?.elementFromPoint?.(x, y) ?? null);
  }

  function autoScroll(x: number): void {
    const scroller = gridRef.current?.parentElement;
    if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
    const box = scroller.getBoundingClientRect();
    if (x > box.right - 32) scroller.scrollLeft += 16;
    else if (x < box.left + 96) scroller.scrollLeft -= 16;
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>): void {
    if (!latest.current.onChange || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const cell = cellOf(e.target as Element);
    if (!cell) return;
    e.preventDefault(); // no text selection, no mouse-event focus: the cell is focused below
    const { week: current } = latest.current;
    const touch = e.pointerType === 'touch';
    drag.current = {
      pointerId: e.pointerId,
      anchor: cell,
      value: !current[cell.day]![cell.slot],
      base: current,
      last: cell,
      touch,
      painted: !touch,
    };
    keyStroke.current = null;
    setFocus(cell, 'pointer');
    try {
      gridRef.current?.setPointerCapture(e.pointerId); // keep getting moves outside the grid
    } catch {
      // a pointer the browser no longer knows: painting still works while it is over the grid
    }
    if (!touch) paint(drag.current, cell);
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>): void {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId) return;
    autoScroll(e.clientX);
    const cell = cellAtPoint(e.clientX, e.clientY);
    if (!cell || (d.painted && sameCell(cell, d.last))) return;
    d.painted = true;
    paint(d, cell);
    setFocus(cell, 'none');
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>): void {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId) return;
    drag.current = null;
    if (!d.painted) paint(d, d.anchor); // a tap
    if (d.result) latest.current.onChange?.(d.result);
    preview(null);
    setFocus(d.last, 'pointer');
    announce(rangeOf(d.anchor, d.last), d.value);
  }

  function onPointerCancel(e: PointerEvent<HTMLDivElement>): void {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointerId) return;
    drag.current = null;
    // The browser took the gesture over (a scroll): the stroke is dropped, nothing was kept.
    preview(null);
  }

  /**
   * Whichever cell has focus holds the tab stop, however it got focus (a screen reader's
   * virtual cursor, a script's `cell.focus()`), so it is the cell that Space paints.
   */
  function onFocus(e: FocusEvent<HTMLDivElement>): void {
    const cell = cellOf(e.target as Element);
    if (cell && !sameCell(cell, latest.current.focus)) setFocus(cell, 'none');
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    // The focused cell itself, even before the tab stop has caught up with it.
    const at = cellOf(e.target as Element) ?? latest.current.focus;
    const { week: current, onChange: change } = latest.current;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!change || e.repeat) return;
      keyStroke.current = null;
      const next = toggleCell(current, at);
      change(next);
      announce(rangeOf(at, at), next[at.day]![at.slot]!);
      return;
    }
    const to = (rotated ? rotatedMoveFor : moveFor)(e.key, e.ctrlKey || e.metaKey, at);
    if (!to) return;
    e.preventDefault();
    if (e.shiftKey && change) {
      // A range goes on until a move without Shift, a toggle, a click, or any other change of the week.
      // A range also starts anew where focus went in between (a click, a script).
      if (keyStroke.current && (keyStroke.current.result !== current || !sameCell(keyStroke.current.last, at))) keyStroke.current = null;
      keyStroke.current ??= { anchor: at, value: !!current[at.day]![at.slot], base: current, last: at };
      const stroke = keyStroke.current;
      stroke.last = to;
      stroke.result = replaceWeek(current, extendFrom(stroke.base, stroke.anchor, to));
      change(stroke.result);
      announce(rangeOf(keyStroke.current.anchor, to), keyStroke.current.value);
    } else {
      keyStroke.current = null;
    }
    setFocus(to, 'keyboard');
  }

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown, onFocus };
}
