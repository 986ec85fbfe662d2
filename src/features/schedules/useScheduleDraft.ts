import { useStore } from '@nanostores/react';
import { useCallback, useDeferredValue, useLayoutEffect } from 'react';
import { $drafts, editDraft, isDirty, openDraft, type Draft } from '../../core/schedules/drafts.ts';
import type { AskToLeave } from '../../core/router/leave-guard.ts';
import type { Week } from '../../core/schedules/week.ts';
import { useT } from '../common/useT.ts';
import { startLeaveGuard, useLeaveGuard } from './useLeaveGuard.ts';

/** Spread on an editor's root: its first touch starts loading the leave guard's code. */
const GUARD_START = { onFocusCapture: startLeaveGuard, onPointerDownCapture: startLeaveGuard };

export interface ScheduleDraft {
  draft: Draft | undefined;
  /** The painted week (the saved one until the draft is open). */
  cells: Week | undefined;
  /** `cells` for texts (summary, review, what is unsaved): may trail a fast drag by a frame; the grid never does. */
  textCells: Week | undefined;
  dirty: boolean;
  /** Props for the editor's root element (see {@link GUARD_START}). */
  guardStart: typeof GUARD_START;
  edit: (next: Week) => void;
}

/**
 * The page-wide draft of `key`, opened on the server's `saved` week (memoize it: a new
 * week object means "the server's schedule changed"); while it is dirty, leaving the page
 * asks first (useLeaveGuard.ts), with the editor's own question `ask` when given. Every
 * schedule editor wires its draft through here.
 */
export function useScheduleDraft(key: string, saved: Week | undefined, ask?: AskToLeave): ScheduleDraft {
  const drafts = useStore($drafts, { keys: [key] });
  const draft = drafts[key];
  useLayoutEffect(() => {
    if (saved) openDraft(key, saved);
  }, [key, saved]);
  const edit = useCallback((next: Week) => editDraft(key, next), [key]);
  const cells = draft?.cells ?? saved;
  const dirty = isDirty(draft);
  useLeaveGuard(dirty, useT()('schedules.editor.leave'), ask);
  return { draft, cells, textCells: useDeferredValue(cells), dirty, edit, guardStart: GUARD_START };
}
