import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focused element, looking into open shadow roots (document.activeElement stops at a host). */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * A modal confirmation (role=alertdialog). Rendered in place, so it lives in the shadow
 * root of the element that shows it (its styles are adopted there); it covers the
 * viewport with a fixed backdrop. Focus goes to Cancel first (the safe choice), Tab and
 * Shift+Tab stay inside, Escape cancels, and focus returns to whatever had it before the
 * dialog opened (found through shadow roots). A click on the backdrop does nothing: a
 * confirmation is answered with a button.
 */
export function AlertDialog({
  open,
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
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const arming = useRef<Arming | null>(null);
  const [ready, setReady] = useState(!guarded);

  // Arm the confirm button anew each time the dialog opens.
  useEffect(() => {
    const button = confirmRef.current;
    if (!open || !guarded || !button) return;
    setReady(false);
    const a = createArming(button, setReady);
    arming.current = a;
    return () => {
      a.stop();
      arming.current = null;
    };
  }, [open, guarded]);

  // Remember the opener before anything inside takes focus; give it back on close.
  useLayoutEffect(() => {
    if (!open) return;
    returnTo.current = deepActiveElement();
    const dialog = dialogRef.current;
    if (dialog) adoptCss(dialog.getRootNode() as ShadowRoot | Document, dialogCss);
    cancelRef.current?.focus();
    return () => {
      const target = returnTo.current as HTMLElement | null;
      returnTo.current = null;
      if (target?.isConnected && typeof target.focus === 'function') target.focus();
    };
  }, [open]);

  // A focused button that becomes disabled loses focus to <body> (at the next frame):
  // move it to the dialog itself first, so keys keep working inside.
  useEffect(() => {
    if (!open || !pending) return;
    const dialog = dialogRef.current;
    const active = dialog && activeIn(dialog);
    if (dialog && (!active || !dialog.contains(active) || (active as HTMLButtonElement).disabled)) dialog.focus();
  }, [open, pending]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!pending) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusables = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusables.length === 0) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const first = focusables[0]!;
    const last = focusables[focusables.length - 1]!;
    const active = activeIn(dialog);
    const inside = active !== null && dialog.contains(active) && active !== dialog;
    if (event.shiftKey && (!inside || active === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="v-dialog-backdrop" part="dialog-backdrop">
      <div
        ref={dialogRef}
        className={`v-dialog v-alert-dialog v-alert-dialog--${tone}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        part="dialog"
      >
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
    </div>
  );
}

function activeIn(node: Node): Element | null {
  return (node.getRootNode() as Document | ShadowRoot).activeElement ?? null;
}
