import { named } from '../../core/i18n/elision.ts';
import './messages/bundled.ts';
import './messages/bundled-dialog.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { EvacuationMode } from '../../core/api/contract.ts';
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
import { preloadable } from '../common/preloadable.tsx';

// The confirmation dialog (its choices, the emergency line and their texts) is its own
// chunk, fetched as soon as a button is on screen (so it is there by the time anyone
// clicks), not with the page: a page that only shows the state does not pay for it.
const loadDialog = () => import('./EvacuationDialog.tsx').then((m) => ({ default: m.EvacuationDialog }));
const EvacuationDialog = preloadable(loadDialog);

export interface EvacuationActionProps {
  scope: EvacuationScope;
  uuid: string;
  /** The project's or site's name, for the dialog; a neutral phrase when unknown. */
  name: string | undefined;
  action: Action;
  /** 'block' fills the width (the control on a phone), 'compact' sits in a list row. */
  layout?: 'block' | 'compact';
  /** The button's own words instead of "Start evacuation" / "End evacuation". */
  label?: string | undefined;
  /** The target's project, whose control room the dialog gives. */
  projectUuid?: string | undefined;
  /** For an end: whether it ends a drill (the dialog says so). */
  mode?: EvacuationMode | undefined;
  /** A secondary look: a Start shown beside an evacuation that is under way. */
  quiet?: boolean;
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
export function EvacuationAction({
  scope,
  uuid,
  name,
  action,
  layout = 'block',
  label: text,
  projectUuid,
  mode: endsMode,
  quiet = false,
}: EvacuationActionProps) {
  const t = useT();
  const { host } = useElementScope();
  const key = targetKey(scope, uuid);
  useStore($evacuations, { keys: [key] });
  useStore($evacuationActions, { keys: [key] });
  const entry = getEntry(scope, uuid);
  const [intent, setIntent] = useState<EvacuationIntent | null>(null);
  const [failed, setFailed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // A start's choice, made anew each time the dialog opens: nothing is chosen for the user.
  const [mode, setMode] = useState<EvacuationMode | undefined>();
  const [message, setMessage] = useState('');
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
    setMode(undefined);
    setMessage('');
    setIntent(createIntent(scope, uuid, action));
  }

  async function confirm() {
    if (!intent) return;
    if (intent.action === 'start') {
      if (!mode) return;
      // Fixed from the first send on: a retry sends the same request (the dialog locks the choice).
      if (!submitted) {
        intent.mode = mode;
        intent.message = message;
      }
    }
    setFailed(false);
    setSubmitted(true);
    // A second click before React re-renders reaches runIntent too: it sends nothing.
    const ok = await runIntent(intent, host);
    if (ok) setIntent(null);
    else setFailed(true);
  }

  // Start and Abort look alike (outlined, danger): a deliberate action, never the loudest
  // thing on the page; the confirmation dialog is the red one.
  const buttonClass = [
    'v-btn',
    'evac-btn',
    quiet ? 'evac-btn--quiet' : `evac-btn--${action}`,
    layout === 'block' ? 'evac-btn--block' : '',
  ].join(' ');

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
          ? t(
              entry?.pending === 'start'
                ? 'evacuation.control.starting'
                : endsMode === 'drill'
                  ? 'evacuation.control.abortingDrill'
                  : 'evacuation.control.aborting',
            )
          : (text ??
            // A drill is ended as a drill everywhere: "End drill", as its dialog says.
            t(
              action === 'start'
                ? 'evacuation.control.start'
                : endsMode === 'drill'
                  ? 'evacuation.control.endDrill'
                  : 'evacuation.control.abort',
            ))}
        {/* Several of these sit side by side in the banner: say which one this is. */}
        {layout === 'compact' && <span className="v-visually-hidden">{`: ${label}`}</span>}
      </button>
      <>
        {intent && (
          <EvacuationDialog
            scope={scope}
            uuid={uuid}
            label={label}
            projectUuid={projectUuid ?? (scope === 'project' ? uuid : undefined)}
            action={shown}
            endsMode={endsMode}
            mode={mode}
            onMode={setMode}
            message={message}
            onMessage={setMessage}
            locked={submitted}
            pending={sending}
            onConfirm={() => void confirm()}
            onCancel={() => setIntent(null)}
          >
            {already && <p className="v-message evac-dialog-note">{already}</p>}
            {failed && (
              <p className="v-form-error" role="alert">
                {t(shown === 'start' ? 'evacuation.dialog.failedStart' : 'evacuation.dialog.failedAbort')}
              </p>
            )}
          </EvacuationDialog>
        )}
      </>
    </>
  );
}
