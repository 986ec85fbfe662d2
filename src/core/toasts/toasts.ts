import { atom } from 'nanostores';
import { CONFIG } from '../config/config.ts';
import { shared } from '../shared.ts';

/** `alarm`: a critical or high incident (core/inbox/live/alerts.ts), the danger colours. */
export type ToastType = 'error' | 'success' | 'info' | 'alarm';

/**
 * A toast holds a message key (translated when shown, so it follows a language switch)
 * or a ready text (e.g. a server's message).
 */
export interface Toast {
  id: number;
  type: ToastType;
  key?: string;
  params?: Record<string, string | number>;
  text?: string;
  /** An optional link in the toast: an app path and the message key of its text. */
  link?: ToastLink;
  /** Stays until dismissed (an alarm, a question): never hidden by the 5 s timer. */
  sticky?: boolean;
  /** Buttons in the toast: each runs its action from the click, then the toast goes. */
  actions?: ToastAction[];
}

export interface ToastAction {
  /** The message key of the button's text. */
  key: string;
  run: () => void;
}

export interface ToastLink {
  /** An app path such as `pathTo('incident', { uuid })` (routed in the portal, a portal link elsewhere). */
  to: string;
  key: string;
}

export type ToastInput = Omit<Toast, 'id'>;

export const $toasts = shared('toasts', () => atom<Toast[]>([]));
const timers = shared('toasts.timers', () => ({ next: 1, handles: new Map<number, ReturnType<typeof setTimeout>>() }));

function sameMessage(a: ToastInput, b: ToastInput): boolean {
  return (
    a.type === b.type &&
    a.key === b.key &&
    a.text === b.text &&
    JSON.stringify(a.params) === JSON.stringify(b.params) &&
    a.link?.to === b.link?.to &&
    a.link?.key === b.link?.key
  );
}

function arm(id: number): void {
  clearTimeout(timers.handles.get(id));
  timers.handles.set(
    id,
    setTimeout(() => dismissToast(id), CONFIG.toastTimeoutMs),
  );
}

/**
 * Shows a toast that hides itself after 5 s (docs/product.md#constants-and-limits), unless
 * it is `sticky`. The same message already on screen is not stacked again: its timer
 * restarts instead.
 */
export function showToast(input: ToastInput): number {
  const existing = $toasts.get().find((t) => sameMessage(t, input));
  const id = existing?.id ?? timers.next++;
  if (!existing) $toasts.set([...$toasts.get(), { ...input, id }]);
  if (!input.sticky) arm(id);
  return id;
}

/** An error toast with a message key of the core catalogue (docs/product.md#errors texts). */
export function showError(key: string, params?: Record<string, string | number>): number {
  return showToast(params ? { type: 'error', key, params } : { type: 'error', key });
}

export function showSuccess(key: string, params?: Record<string, string | number>): number {
  return showToast(params ? { type: 'success', key, params } : { type: 'success', key });
}

export function dismissToast(id: number): void {
  clearTimeout(timers.handles.get(id));
  timers.handles.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/**
 * Where the toasts are shown instead of the page's toast region: the open modal dialogs'
 * (and the large camera view's) places for them, the last one opened last. A modal `<dialog>` makes the rest of the
 * page inert, the region included, so a toast raised behind it could not be dismissed,
 * followed or reliably announced; the region renders its toasts in the dialog meanwhile.
 */
export const $toastHosts = shared('toasts.hosts', () => atom<readonly Element[]>([]));

/**
 * Shows the page's toasts in `place` (inside an open modal dialog or overlay) until the
 * returned function is called. `base`: a place that stands in for the page's region (the
 * portal's tray under its header on a phone), under every other place whenever it came.
 */
export function hostToasts(place: Element, { base = false }: { base?: boolean } = {}): () => void {
  const hosts = $toastHosts.get();
  $toastHosts.set(base ? [place, ...hosts] : [...hosts, place]);
  return () => $toastHosts.set($toastHosts.get().filter((p) => p !== place));
}
