import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { registerBundledMessages, tKey } from '../../core/i18n/i18n.ts';
import * as core from '../../core/i18n/messages/en.json?toastErrors.part.json';
import { $navigator, hrefFor, navigate } from '../../core/router/navigation.ts';
import { $toastHosts, $toasts, dismissToast, type Toast } from '../../core/toasts/toasts.ts';
import toastsCss from '../../ui/toasts.css?inline';
import { adoptCss } from '../../ui/styles.ts';
import { ToastView } from '../../ui/ToastView.tsx';
import { useStyles } from './useStyles.ts';
import { useT } from './useT.ts';

// The English of the errors only a toast shows (`core.toastErrors`) comes with the toasts'
// view, their only user (not in every element's core English: en.ts).
registerBundledMessages('core', { toastErrors: core.toastErrors });

/**
 * The page's global toast region (docs/product.md#routes, #constants-and-limits), rendered
 * by `<vigil-toast-region>` (loaded with the first toast, see ToastRegionHost). While a
 * modal confirmation is open the rest of the page is inert, this region too: the toasts
 * are shown inside the dialog then (`$toastHosts`), and only there, each announced once
 * (see `placed`).
 */
export function ToastRegion() {
  useStyles(toastsCss);
  const t = useT();
  const toasts = useStore($toasts);
  const nav = useStore($navigator);
  // A place no longer on the page is skipped: its dialog can leave in a commit of another
  // root before this one's (the region's first render waits for its lazy chunk and may
  // commit up to React's fallback throttle later), and its release only follows.
  const host = useStore($toastHosts).findLast((place) => place.isConnected) ?? null;
  // Where each toast is shown, and whether it is quiet there (see `placed`).
  const shownIn = useRef(new Map<number, Placement>());
  useLayoutEffect(() => {
    const root = host?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptCss(root, toastsCss);
  }, [host]);
  useLayoutEffect(() => {
    const live = new Set(toasts.map((toast) => toast.id));
    for (const id of shownIn.current.keys()) if (!live.has(id)) shownIn.current.delete(id);
  }, [toasts]);
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
  const items = toasts.map((toast) => {
    const placement = placed(shownIn.current.get(toast.id), host);
    shownIn.current.set(toast.id, placement);
    return {
      id: toast.id,
      type: toast.type,
      text: toast.text ?? tKey(toast.key ?? 'core.errors.generic', toast.params),
      link: link(toast),
      actions: toast.actions?.map((action) => ({ text: tKey(action.key), onClick: action.run })),
      quiet: placement.quiet,
    };
  });
  // Dismissed from inside a dialog (or the large camera view), focus stays in it rather than
  // falling to <body>.
  const dismiss = (id: number) => {
    const active = host && (host.getRootNode() as ShadowRoot | Document).activeElement;
    if (active && host.contains(active)) host.closest<HTMLElement>('dialog, [role="dialog"]')?.focus();
    dismissToast(id);
  };
  const view = (
    <ToastView toasts={items} label={t('core.common.notifications')} dismissLabel={t('core.common.dismiss')} onDismiss={dismiss} />
  );
  return host ? createPortal(view, host) : view;
}

interface Placement {
  place: Element | null;
  since: number;
  quiet: boolean;
}

/** How long a toast must have been on screen in one place to count as announced there. */
const ANNOUNCED_MS = 1000;

/**
 * Where a toast goes now, from where it was. Moved into or out of a dialog after it had
 * been shown a moment, it is not a live region in its new place (it was announced); moved
 * at once (a dialog that closes with its failure's toast), it still announces itself.
 */
function placed(before: Placement | undefined, place: Element | null): Placement {
  const now = performance.now();
  if (!before) return { place, since: now, quiet: false };
  if (before.place === place) return before;
  return { place, since: now, quiet: before.quiet || now - before.since >= ANNOUNCED_MS };
}
