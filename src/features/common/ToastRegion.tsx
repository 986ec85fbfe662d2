import { useStore } from '@nanostores/react';
import { tKey } from '../../core/i18n/i18n.ts';
import { $toasts, dismissToast } from '../../core/toasts/toasts.ts';
import { ToastView } from '../../ui/ToastView.tsx';
import { useT } from './useT.ts';

/** The page's global toast region (SPEC §2, §9), rendered by `<vigil-toast-region>`. */
export function ToastRegion() {
  const t = useT();
  const toasts = useStore($toasts);
  const items = toasts.map((toast) => ({ id: toast.id, type: toast.type, text: toast.text ?? tKey(toast.key ?? 'core.errors.generic', toast.params) }));
  return <ToastView toasts={items} label={t('core.common.notifications')} dismissLabel={t('core.common.dismiss')} onDismiss={dismissToast} />;
}
