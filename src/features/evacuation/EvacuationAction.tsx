import { named } from '../../core/i18n/elision.ts';
import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  $evacuationActions,
  $evacuations,
  createIntent,
  getEntry,
  isActive,
  runIntent,
  targetKey,
  type EvacuationAction as Action,
  type EvacuationIntent,
  type EvacuationScope,
} from '../../core/evacuation/evacuation.ts';
import { createVisibilityGate, type VisibilityGate } from '../../core/security/arming.ts';
import { useElementScope } from '../common/element/context.ts';
import { useT } from '../common/useT.ts';
import { ProjectScope } from './ProjectScope.tsx';

// The confirmation dialog is its own chunk, fetched as soon as a button is on screen (so it
// is there by the time anyone clicks), not with the page: a page that only shows the state
// does not pay for it.
const loadDialog = () => import('../../ui/AlertDialog.tsx').then((m) => ({ default: m.AlertDialog }));
const AlertDialog = lazy(loadDialog);

export interface EvacuationActionProps {
  scope: EvacuationScope;
  uuid: string;
  /** The project's or site's name, for the dialog; a neutral phrase when unknown. */
  name: string | undefined;
  action: Action;
  /** 'block' fills the width (the control on a phone), 'compact' sits in a list row. */
  layout?: 'block' | 'compact';
  /** The button's own words instead of "Start evacuation" / "Abort evacuation". */
  label?: string | undefined;
}

/**
 * The Start / Abort button and its confirmation. Opening the dialog makes the intent (its
 * idempotency key); confirming sends it once; a failure keeps the dialog open so that
 * "confirm" again retries with the same key. The button stays the same DOM node when its
 * action flips (start ↔ abort), so focus returns to it after the dialog.
 *
 * Against clickjacking (README "Security"): the button ignores clicks while the browser
 * reports it on screen but not visible (a transparent or covering frame), and the dialog's
 * confirm button is armed only after the dialog has been visible for a moment.
 */
export function EvacuationAction({ scope, uuid, name, action, layout = 'block', label: text }: EvacuationActionProps) {
  const t = useT();
  const { host } = useElementScope();
  const key = targetKey(scope, uuid);
  useStore($evacuations, { keys: [key] });
  useStore($evacuationActions, { keys: [key] });
  const entry = getEntry(scope, uuid);
  const [intent, setIntent] = useState<EvacuationIntent | null>(null);
  const [failed, setFailed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const gate = useRef<VisibilityGate | null>(null);

  useEffect(() => {
    void loadDialog();
    if (!buttonRef.current) return;
    const g = createVisibilityGate(buttonRef.current);
    gate.current = g;
    return () => g.stop();
  }, []);

  const label = name ?? t(scope === 'project' ? 'evacuation.fallback.project' : 'evacuation.fallback.site');
  const busy = entry?.pending !== undefined;
  const shown = intent?.action ?? action;
  const sending = Boolean(intent) && entry?.pending === intent?.action;

  function open(event: MouseEvent<HTMLButtonElement>) {
    // A pointer click on a button the browser reports transparent or covered is a trick;
    // keys (detail 0) cannot be aimed from a framing page, and the dialog is guarded anyway.
    if (event.detail > 0 && gate.current?.blocks()) return;
    setFailed(false);
    setSubmitted(false);
    setIntent(createIntent(scope, uuid, action));
  }

  async function confirm() {
    if (!intent) return;
    setFailed(false);
    setSubmitted(true);
    // A second click before React re-renders reaches runIntent too: it sends nothing.
    const ok = await runIntent(intent, host);
    if (ok) setIntent(null);
    else setFailed(true);
  }

  // Start and Abort look alike (outlined, danger): a deliberate action, never the loudest
  // thing on the page; the confirmation dialog is the red one.
  const buttonClass = ['v-btn', 'evac-btn', `evac-btn--${action}`, layout === 'block' ? 'evac-btn--block' : ''].join(' ');

  const already =
    intent && entry?.status && !sending && (!submitted || failed) && (intent.action === 'start') === isActive(entry.status)
      ? t(intent.action === 'start' ? 'evacuation.dialog.alreadyActive' : 'evacuation.dialog.alreadyInactive', named(label))
      : null;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass}
        onClick={open}
        disabled={busy}
        aria-busy={busy}
        part={`${action}-button`}
      >
        {busy
          ? t(entry?.pending === 'start' ? 'evacuation.control.starting' : 'evacuation.control.aborting')
          : (text ?? t(action === 'start' ? 'evacuation.control.start' : 'evacuation.control.abort'))}
        {/* Several of these sit side by side in the banner: say which one this is. */}
        {layout === 'compact' && <span className="v-visually-hidden">{`: ${label}`}</span>}
      </button>
      <Suspense fallback={null}>
        <AlertDialog
          open={intent !== null}
          armed
          tone="danger"
          title={t(shown === 'start' ? 'evacuation.dialog.startTitle' : 'evacuation.dialog.abortTitle', named(label))}
          description={t(
            shown === 'start'
              ? scope === 'project'
                ? 'evacuation.dialog.startProjectBody'
                : 'evacuation.dialog.startSiteBody'
              : scope === 'project'
                ? 'evacuation.dialog.abortProjectBody'
                : 'evacuation.dialog.abortSiteBody',
            named(label),
          )}
          confirmLabel={t(shown === 'start' ? 'evacuation.control.start' : 'evacuation.control.abort')}
          cancelLabel={t('evacuation.dialog.cancel')}
          pending={sending}
          onConfirm={() => void confirm()}
          onCancel={() => setIntent(null)}
        >
          {shown === 'start' && scope === 'project' && <ProjectScope uuid={uuid} />}
          {already && <p className="v-message evac-dialog-note">{already}</p>}
          {failed && (
            <p className="v-form-error" role="alert">
              {t(shown === 'start' ? 'evacuation.dialog.failedStart' : 'evacuation.dialog.failedAbort')}
            </p>
          )}
        </AlertDialog>
      </Suspense>
    </>
  );
}
