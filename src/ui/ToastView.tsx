import type { MouseEvent } from 'react';

export interface ToastLinkItem {
  href: string;
  text: string;
  /** Called on a plain click (the portal routes it in place and calls preventDefault). */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface ToastItem {
  id: number;
  type: 'error' | 'success' | 'info';
  text: string;
  link?: ToastLinkItem | undefined;
  /** Already announced where it was first shown (moved into or out of a modal dialog): not a live region here. */
  quiet?: boolean;
}

export interface ToastViewProps {
  toasts: ToastItem[];
  label: string;
  dismissLabel: string;
  onDismiss: (id: number) => void;
}

/** Each type's icon (decorative: the text says it all): a warning sign, a tick, an "i". */
const ICONS: Record<ToastItem['type'], string> = {
  error: 'M12 3.5 2.5 20h19L12 3.5Zm0 6v4.5m0 3v.01',
  success: 'M5 12.5l4.5 4.5L19 7.5',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v5.5m0-8.5v.01',
};

/**
 * The global toast stack. Errors are announced assertively (role=alert), others politely.
 * Errors are red, success is green, information the primary colour
 * (docs/product.md#constants-and-limits), each with its icon.
 */
export function ToastView({ toasts, label, dismissLabel, onDismiss }: ToastViewProps) {
  return (
    // Not a landmark: each toast announces itself (role alert or status).
    <div className="v-toasts" part="toasts" data-label={label}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`v-toast v-toast--${toast.type}`}
          role={toast.quiet ? undefined : toast.type === 'error' ? 'alert' : 'status'}
          part={`toast toast-${toast.type}`}
        >
          <svg className="v-toast-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={ICONS[toast.type]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
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
          <button type="button" className="v-toast-close" aria-label={dismissLabel} onClick={() => onDismiss(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
