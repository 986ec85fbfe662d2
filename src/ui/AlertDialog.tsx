import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { createArming, type Arming } from '../core/security/arming.ts';
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
  /** Extra content between the description and the buttons (a field, an error). */
  children?: ReactNode;
}

/**
 * A modal confirmation (role=alertdialog) on the platform's `<dialog>` and `showModal()`:
 * rendered in place, so it lives in the shadow root of the element that shows it (its
 * styles are adopted there), and shown in the top layer, where the page behind is inert
 * and focus stays inside. The `<dialog>` covers the viewport as the backdrop (part
 * `dialog-backdrop`) around the card (part `dialog`). Focus goes to Cancel first (the
 * safe choice); Escape cancels; on close the browser gives focus back to whatever had it
 * before (found through shadow roots). A click on the backdrop does nothing: a
 * confirmation is answered with a button.
 */
export function AlertDialog(props: AlertDialogProps) {
  // Mounted only while open: each opening arms anew, and closing unmounts the <dialog>
  // after its close() (see OpenDialog), so the browser can give focus back.
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
  children,
}: AlertDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const arming = useRef<Arming | null>(null);
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

  // Shown modally before it is painted. The cleanup of a removed component runs before
  // its <dialog> leaves the document, so close() there lets the browser give focus back
  // to the opener (through shadow roots).
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    adoptCss(dialog.getRootNode() as ShadowRoot | Document, dialogCss);
    dialog.showModal();
    cancelRef.current?.focus();
    return () => dialog.close();
  }, []);

  // A focused button that becomes disabled loses focus to <body> (at the next frame):
  // move it to the card first, so keys keep working inside.
  useEffect(() => {
    const card = cardRef.current;
    const active = card && activeIn(card);
    if (pending && card && (!active || !card.contains(active) || (active as HTMLButtonElement).disabled)) card.focus();
  }, [pending]);

  // Escape (or any other close request) cancels, except while the action is under way.
  function onCancelRequest(event: SyntheticEvent) {
    event.preventDefault();
    if (!pending) onCancel();
  }

  // The page behind is inert, but Tab past the last button would leave for the browser's
  // own controls: keep it going round the dialog.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Tab') return;
    const buttons = [...cardRef.current!.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), select, textarea, [href]')];
    const edge = event.shiftKey ? buttons[0] : buttons.at(-1);
    const active = activeIn(cardRef.current!);
    if (!edge || active === edge || !cardRef.current!.contains(active)) {
      event.preventDefault();
      (event.shiftKey ? buttons.at(-1) : buttons[0])?.focus();
    }
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
      onCancel={onCancelRequest}
      onKeyDown={onKeyDown}
    >
      <div ref={cardRef} className={`v-dialog v-alert-dialog v-alert-dialog--${tone}`} tabIndex={-1} part="dialog">
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
              if (pending || (guarded && !arming.current?.isArmed())) return;
              onConfirm();
            }}
            disabled={pending}
            aria-disabled={guarded && !ready && !pending ? true : undefined}
            aria-busy={pending}
          >
            {pending && <span className="v-alert-dialog-spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

function activeIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement ?? null;
}
