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
}

export interface ToastViewProps {
  toasts: ToastItem[];
  label: string;
  dismissLabel: string;
  onDismiss: (id: number) => void;
}

/**
 * The global toast stack. Errors are announced assertively (role=alert), others politely.
 * Success is green, other types use the primary colour (docs/product.md#constants-and-limits).
 */
export function ToastView({ toasts, label, dismissLabel, onDismiss }: ToastViewProps) {
  return (
    // Not a landmark: each toast announces itself (role alert or status).
    <div className="v-toasts" part="toasts" data-label={label}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`v-toast v-toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'} part={`toast toast-${toast.type}`}>
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
