import type { MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { registerBundledMessages, tKey } from '../../core/i18n/i18n.ts';
import * as core from '../../core/i18n/messages/en.json?toastErrors.part.json';
import { $navigator, hrefFor, navigate } from '../../core/router/navigation.ts';
import { $toasts, dismissToast, type Toast } from '../../core/toasts/toasts.ts';
import toastsCss from '../../ui/toasts.css?inline';
import { ToastView } from '../../ui/ToastView.tsx';
import { useStyles } from './useStyles.ts';
import { useT } from './useT.ts';

// The English of the errors only a toast shows (`core.toastErrors`) comes with the toasts'
// view, their only user (not in every element's core English: en.ts).
registerBundledMessages('core', { toastErrors: core.toastErrors });

/** The page's global toast region (docs/product.md#routes, #constants-and-limits), rendered by `<vigil-toast-region>` (loaded with the first toast, see ToastRegionHost). */
export function ToastRegion() {
  useStyles(toastsCss);
  const t = useT();
  const toasts = useStore($toasts);
  const nav = useStore($navigator);
  const link = ({ id, link }: Toast) =>
    link && {
      href: hrefFor(link.to),
      text: tKey(link.key),
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        if (!nav || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        dismissToast(id);
        navigate(link.to);
      },
    };
  const items = toasts.map((toast) => ({
    id: toast.id,
    type: toast.type,
    text: toast.text ?? tKey(toast.key ?? 'core.errors.generic', toast.params),
    link: link(toast),
  }));
  return (
    <ToastView toasts={items} label={t('core.common.notifications')} dismissLabel={t('core.common.dismiss')} onDismiss={dismissToast} />
  );
}
