import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { createArming, type Arming } from '../core/security/arming.ts';
import { hostToasts } from '../core/toasts/toasts.ts';
import dialogCss from './dialog.css?inline';
import { adoptCss } from './styles.ts';

export interface AlertDialogProps {
  open: boolean;
  title: string;
  /** What will happen; read out with the title when the dialog opens. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** 'danger' for actions with consequences (evacuations, deletions). */
  tone?: 'danger' | 'primary';
  /**
   * The confirmed action is under way: the confirm button is disabled and busy, and
   * Cancel / Escape do nothing (what was sent cannot be unsent; the outcome is coming).
   */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Safety actions: the confirm button accepts a click (or Enter) only once the dialog has
   * been on screen, and visible where the browser can tell, for a moment (core/security/
   * arming.ts); until then it shows as not yet available. A page that frames ours
   * transparently cannot turn two quick clicks into the action.
   */
  armed?: boolean;
  /** The confirm button is not available yet (a choice in the dialog must be made first). */
  confirmDisabled?: boolean;
  /** Extra content between the description and the buttons (a field, an error). */
  children?: ReactNode;
}

/**
 * A modal confirmation (role=alertdialog) on the platform's `<dialog>` and `showModal()`.
 * Rendered in place, so it lives in the shadow root of the element that shows it (its
 * styles are adopted there), and shown in the top layer: the rest of the page is inert
 * and focus stays inside. The `<dialog>` covers the viewport (part `dialog-backdrop`)
 * around the card (part `dialog`). Focus goes to Cancel first (the safe choice); Escape
 * cancels; on close the browser gives focus back to whatever had it before, inside shadow
 * roots too. A click beside the card does nothing: a confirmation is answered with a
 * button. The page's toasts are shown inside it while it is open (the page's toast region
 * is inert behind it): see `hostToasts`.
 */
export function AlertDialog(props: AlertDialogProps) {
  // Mounted only while open: each opening arms anew, and closing unmounts the <dialog>
  // after its close() (see OpenDialog), so the browser gives focus back.
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  pending = false,
  onConfirm,
  onCancel,
  armed: guarded = false,
  confirmDisabled = false,
  children,
}: AlertDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const toastsRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const arming = useRef<Arming | null>(null);
  const closing = useRef(false);
  const cancelled = useRef(false);
  const [ready, setReady] = useState(!guarded);

  useEffect(() => {
    const button = confirmRef.current;
    if (!guarded || !button) return;
    const a = createArming(button, setReady);
    arming.current = a;
    return () => {
      a.stop();
      arming.current = null;
    };
  }, [guarded]);

  // Shown modally before it is painted, Cancel focused. A removed component's cleanup
  // runs while its <dialog> is still in the document, so close() there lets the browser
  // give focus back to the opener.
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    adoptCss(dialog.getRootNode() as ShadowRoot | Document, dialogCss);
    dialog.showModal();
    closing.current = false;
    cancelRef.current?.focus();
    const release = hostToasts(toastsRef.current!);
    return () => {
      release();
      closing.current = true;
      dialog.close();
    };
  }, []);

  // A focused button that becomes disabled loses focus to <body>: move it to the dialog
  // first, so a screen reader stays in it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!pending || !dialog) return;
    const active = (dialog.getRootNode() as ShadowRoot | Document).activeElement;
    if (!active || !dialog.contains(active) || (active as HTMLButtonElement).disabled) dialog.focus();
  }, [pending]);

  // Escape cancels, except while the action is under way. Taken before the browser sees
  // it: a cancel request that was refused once is not asked again but closes the dialog
  // outright (Chromium's close watchers), and the dialog closes only when its owner says.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (!pending) onCancel();
  }

  // Other close requests (Escape while nothing inside has focus, a phone's back gesture).
  // One the browser does not let us refuse is followed by its close: cancelled already.
  function onCancelRequest(event: SyntheticEvent) {
    event.preventDefault();
    if (pending) return;
    cancelled.current = !event.cancelable;
    onCancel();
  }

  // Closed by the browser without asking (a repeated close request): open again while the
  // owner still shows it, so `open` stays the truth; it was a cancel unless under way.
  function onClose() {
    const dialog = dialogRef.current;
    if (!dialog?.isConnected || dialog.open || closing.current) return;
    dialog.showModal();
    if (pending) dialog.focus();
    else if (!cancelled.current) onCancel();
    cancelled.current = false;
  }

  return (
    <dialog
      ref={dialogRef}
      className="v-dialog-backdrop"
      part="dialog-backdrop"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancelRequest}
      onClose={onClose}
    >
      <div className={`v-dialog v-alert-dialog v-alert-dialog--${tone}`} part="dialog">
        <h2 id={titleId} className="v-alert-dialog-title">
          {title}
        </h2>
        <div id={descriptionId} className="v-alert-dialog-description">
          {description}
        </div>
        {children}
        <div className="v-dialog-actions v-alert-dialog-actions">
          <button ref={cancelRef} type="button" className="v-btn" onClick={() => !pending && onCancel()} disabled={pending}>
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`v-btn v-alert-dialog-confirm ${tone === 'danger' ? 'v-btn--danger' : 'v-btn--primary'}`}
            onClick={() => {
              // Checked at the moment of the click, not from the last render.
              if (pending || confirmDisabled || (guarded && !arming.current?.isArmed())) return;
              onConfirm();
            }}
            disabled={pending || confirmDisabled}
            aria-disabled={guarded && !ready && !pending ? true : undefined}
            aria-busy={pending}
          >
            {pending && <span className="v-alert-dialog-spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      {/* The page's toasts while the dialog is open (filled by the toast region). */}
      <div ref={toastsRef} className="v-dialog-toasts" />
    </dialog>
  );
}
