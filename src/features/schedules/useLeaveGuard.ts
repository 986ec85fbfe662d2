import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AskToLeave } from '../../core/router/leave-guard.ts';
import { holdUntilGuarded } from '../../core/router/leave-gates.ts';
import { preloadable } from '../common/preloadable.tsx';

type LeaveGuardModule = typeof import('../../core/router/leave-guard.ts');
let loading: Promise<LeaveGuardModule> | null = null;
/** The guard's code once it has arrived: held from then on in the same commit as the edit. */
let loaded: LeaveGuardModule | null = null;
let dialogLoading: Promise<typeof import('./LeaveDialog.tsx')> | null = null;

const loadLeaveDialog = () => (dialogLoading ??= import('./LeaveDialog.tsx'));

/** The portal's leave question (its own chunk, loaded with the guard). */
export const LeaveDialog = preloadable(() => loadLeaveDialog().then((m) => ({ default: m.LeaveDialog })));

/**
 * Starts loading the guard's code and its dialog: editors call it when the user first
 * touches them (focus or pointer inside), so both are there before the first change. A
 * schedule that is only looked at never loads them.
 */
export function preloadLeaveGuard(): Promise<LeaveGuardModule> {
  loading ??= import('../../core/router/leave-guard.ts').then((m) => (loaded = m));
  void loadLeaveDialog().catch(() => null);
  return loading;
}

/** {@link preloadLeaveGuard} as an event handler. */
export const startLeaveGuard = (): void => void preloadLeaveGuard();

/**
 * While `active`, leaving asks first (src/core/router/leave-guard.ts): the browser's own
 * prompt on reload/close/typed URL (beforeunload, the only thing a page can do there); on
 * any link that leaves the page, the portal's in-app links included, and on the browser's
 * Back/Forward within the page, the editor's own question `ask` (the portal's dialog,
 * {@link useLeaveQuestion}) — "Stay" keeps the page, its edits and its URL (the Navigation
 * API cancels the step; inside `<vigil-portal>` without it, the popstate is kept from the
 * router and the history position restored), "leave" takes the step again. Without `ask`,
 * the browser's confirm with `message`. On an integrator's page Back/Forward asks only
 * where the browser lets the step be cancelled, so the host's history is never touched.
 * One question however many editors are dirty; no listener left when none is. Not
 * covered: programmatic navigation. Should the code still be on its way when the first
 * change is made, a Back/Forward taken meanwhile is held by the always-loaded gate
 * (leave-gates.ts) and taken again once the guard holds, so it asks too.
 */
export function useLeaveGuard(active: boolean, message: string, ask?: AskToLeave): void {
  // A layout effect, and at once when the code is there (the first touch loaded it): the
  // guard holds before the edit is painted, so a Back pressed as soon as the Save button
  // shows cannot slip past it.
  useLayoutEffect(() => {
    if (!active) return;
    let release: (() => void) | null = null;
    let done = false;
    const hold = ({ holdLeaveGuard }: LeaveGuardModule) => {
      if (!done) release = holdLeaveGuard(message, ask);
    };
    if (loaded) hold(loaded);
    // Until the code is there, the always-loaded gate holds a Back/Forward and takes it
    // again once the guard holds (so it asks).
    else holdUntilGuarded(preloadLeaveGuard().then(hold));
    return () => {
      done = true;
      release?.();
    };
  }, [active, message, ask]);
}

export interface LeaveQuestion {
  /** The dialog is showing. */
  open: boolean;
  /** For the guard: shows the dialog; resolves with the answer (true = leave). */
  ask: AskToLeave;
  /** Closes the dialog with the answer. */
  answer: (leave: boolean) => void;
}

/** The state of an editor's leave dialog: the guard asks, the dialog's buttons answer. */
export function useLeaveQuestion(): LeaveQuestion {
  const [open, setOpen] = useState(false);
  const pending = useRef<((leave: boolean) => void) | null>(null);
  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const answer = useCallback((leave: boolean) => {
    pending.current?.(leave);
    pending.current = null;
    setOpen(false);
  }, []);
  // An editor that goes away stays nobody's page: an open question is answered "stay".
  useEffect(() => () => pending.current?.(false), []);
  return { open, ask, answer };
}
