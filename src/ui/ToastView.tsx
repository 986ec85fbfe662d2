import type { KeyboardEvent, MouseEvent } from 'react';

export interface ToastLinkItem {
  href: string;
  text: string;
  /** Called on a plain click (the portal routes it in place and calls preventDefault). */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface ToastActionItem {
  text: string;
  /** Runs from the click; the toast is dismissed after it. */
  onClick: () => void;
}

export interface ToastItem {
  id: number;
  /** `alarm`: a critical or high incident, which stays until dismissed. */
  type: 'error' | 'success' | 'info' | 'alarm';
  text: string;
  link?: ToastLinkItem | undefined;
  /** Buttons under the text, the first one the primary answer. */
  actions?: ToastActionItem[] | undefined;
  /** Already announced where it was first shown (moved into or out of a modal dialog): not a live region here. */
  quiet?: boolean;
}

export interface ToastViewProps {
  toasts: ToastItem[];
  label: string;
  dismissLabel: string;
  onDismiss: (id: number) => void;
}

/** Each type's icon (decorative: the text says it all): a warning sign, a tick, an "i", a ringing bell. */
const ICONS: Record<ToastItem['type'], string> = {
  error: 'M12 3.5 2.5 20h19L12 3.5Zm0 6v4.5m0 3v.01',
  success: 'M5 12.5l4.5 4.5L19 7.5',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v5.5m0-8.5v.01',
  alarm: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Zm4 4.5a2 2 0 0 0 4 0M2.5 9.5a9 9 0 0 1 2.5-5m16.5 5a9 9 0 0 0-2.5-5',
};

/** Errors and alarms interrupt (role=alert); the rest waits its turn (role=status). */
const ASSERTIVE: ReadonlySet<ToastItem['type']> = new Set(['error', 'alarm']);

/**
 * The global toast stack. Errors are red, success is green, information the primary colour
 * (docs/product.md#constants-and-limits), each with its icon; an alarm (a critical or high
 * incident) is red with a ringing bell and a halo. Nothing here takes the focus: a keyboard
 * user reaches the toasts' links and buttons with Tab, and Escape dismisses the toast that
 * holds the focus, which then goes to the next toast (or the one before) if there is one.
 */
export function ToastView({ toasts, label, dismissLabel, onDismiss }: ToastViewProps) {
  const dismiss = (id: number, toast: HTMLElement) => {
    const root = toast.getRootNode() as Document | ShadowRoot;
    const focused = root.activeElement !== null && toast.contains(root.activeElement);
    const next = (toast.nextElementSibling ?? toast.previousElementSibling)?.querySelector<HTMLElement>('.v-toast-close');
    onDismiss(id);
    if (focused) next?.focus();
  };
  const onKeyDown = (id: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    // Not the modal dialog's Escape as well, when the toasts are shown inside one.
    event.preventDefault();
    event.stopPropagation();
    dismiss(id, event.currentTarget);
  };
  return (
    // Not a landmark: each toast announces itself (role alert or status).
    <div className="v-toasts" part="toasts" data-label={label}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`v-toast v-toast--${toast.type}`}
          role={toast.quiet ? undefined : ASSERTIVE.has(toast.type) ? 'alert' : 'status'}
          part={`toast toast-${toast.type}`}
          onKeyDown={onKeyDown(toast.id)}
        >
          <svg className="v-toast-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={ICONS[toast.type]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div className="v-toast-body">
            <span className="v-toast-text">
              {toast.text}
              {toast.link && (
                <>
                  {' '}
                  <a className="v-toast-link" href={toast.link.href} onClick={toast.link.onClick}>
                    {toast.link.text}
                  </a>
                </>
              )}
            </span>
            {toast.actions && (
              <span className="v-toast-actions">
                {toast.actions.map((action, i) => (
                  <button
                    key={action.text}
                    type="button"
                    className={`v-toast-action${i === 0 ? ' v-toast-action--primary' : ''}`}
                    onClick={(event) => {
                      action.onClick();
                      dismiss(toast.id, event.currentTarget.closest<HTMLElement>('.v-toast')!);
                    }}
                  >
                    {action.text}
                  </button>
                ))}
              </span>
            )}
          </div>
          <button
            type="button"
            className="v-toast-close"
            aria-label={dismissLabel}
            onClick={(event) => dismiss(toast.id, event.currentTarget.parentElement!)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
