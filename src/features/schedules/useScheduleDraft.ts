import { useStore } from '@nanostores/react';
import { useCallback, useLayoutEffect } from 'react';
import { $drafts, editDraft, isDirty, openDraft, type Draft } from '../../core/schedules/drafts.ts';
import type { Week } from '../../core/schedules/week.ts';

export interface ScheduleDraft {
  draft: Draft | undefined;
  /** The painted week (the saved one until the draft is open). */
  cells: Week | undefined;
  dirty: boolean;
  edit: (next: Week) => void;
}

/**
 * The page-wide draft of `key`, opened on the server's `saved` week (memoize it: a new
 * week object means "the server's schedule changed").
 */
export function useScheduleDraft(key: string, saved: Week | undefined): ScheduleDraft {
  const drafts = useStore($drafts, { keys: [key] });
  const draft = drafts[key];
  useLayoutEffect(() => {
    if (saved) openDraft(key, saved);
  }, [key, saved]);
  const edit = useCallback((next: Week) => editDraft(key, next), [key]);
  return { draft, cells: draft?.cells ?? saved, dirty: isDirty(draft), edit };
}
