import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { Camera } from '../../core/api/contract.ts';
import type { FrameLoop } from '../../core/live-view/frameLoop.ts';
import { watchVisibility } from '../../core/live-view/visibility.ts';
import { hostToasts } from '../../core/toasts/toasts.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { CameraCanvas } from './CameraCanvas.tsx';
import { feedText } from './feedText.ts';
import css from './largeView.css?inline';
import { StatusBadge } from './StatusBadge.tsx';

export interface LargeViewProps {
  camera: Camera;
  feed: FrameLoop;
  index: number;
  count: number;
  now: number;
  /** The camera's system is online. */
  online: boolean;
  intervalMs?: number;
  /** The site's IANA zone, for when the image was taken. */
  timeZone?: string | undefined;
  onClose(): void;
  onStep(delta: 1 | -1): void;
  /** Reports whether the large view is in a visible tab. */
  onVisible(visible: boolean): void;
}

type Watcher = { onclose: (() => void) | null; destroy(): void };

/**
 * One camera, large, in a modal overlay inside the element: Escape, Back (where the
 * browser has CloseWatcher: Android's Back) or Close returns to the grid, arrow keys step
 * through the cameras, Tab stays inside. Up to 600 px wide (or 500 px high) it fills the
 * screen, with Previous, Close and Next as one row of large buttons.
 */
export function LargeView({ camera, feed, index, count, now, online, intervalMs, timeZone, onClose, onStep, onVisible }: LargeViewProps) {
  useStyles(css);
  const t = useT();
  const state = useStore(feed.$state);
  const text = feedText(t, state, now, online, intervalMs, timeZone);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const toasts = useRef<HTMLDivElement>(null);

  const closing = useRef(onClose);
  closing.current = onClose;

  // Focus moves in the commit that shows the view: a key pressed right after opening (the
  // view now loads lazily) lands in the dialog, never on the camera behind it.
  useLayoutEffect(() => close.current?.focus(), []);

  useEffect(() => {
    const CloseWatcher = (globalThis as { CloseWatcher?: new () => Watcher }).CloseWatcher;
    const watcher = CloseWatcher ? new CloseWatcher() : null;
    if (watcher) watcher.onclose = () => closing.current();
    const stop = dialog.current ? watchVisibility(dialog.current, onVisible) : undefined;
    return () => {
      watcher?.destroy();
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening: Back and visibility belong to the camera it opened on
  }, []);

  // The page's toasts show in the view's own row above the image while it is open, never
  // over its buttons; the image gives up the room they take (largeView.css `--lv-toasts`).
  useEffect(() => {
    const place = toasts.current;
    const view = dialog.current;
    if (!place || !view) return;
    const release = hostToasts(place);
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            view.style.setProperty('--lv-toasts', `${place.getBoundingClientRect().height}px`);
          })
        : undefined;
    observer?.observe(place);
    return () => {
      observer?.disconnect();
      release();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (count > 1 && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      onStep(event.key === 'ArrowRight' ? 1 : -1);
    } else if (event.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = (dialog.current.getRootNode() as ShadowRoot | Document).activeElement;
      if (event.shiftKey && active === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  }

  return (
    <div className="lv-large-backdrop" part="large-view">
      <div
        ref={dialog}
        className="lv-large"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Where the focus goes when a toast shown here is dismissed (ToastRegion).
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="lv-large-head">
          <div className="lv-large-title">
            <h2 id={titleId}>{camera.name}</h2>
            <span className="v-muted v-small">{t('liveView.large.position', { index: index + 1, count })}</span>
          </div>
          <button ref={close} type="button" className="v-btn v-btn--small lv-large-close" onClick={onClose}>
            <span className="lv-large-text">{t('liveView.large.close')}</span>
          </button>
        </div>
        {/* The page's toasts while the view is open (filled by the toast region). */}
        <div ref={toasts} className="lv-large-toasts" />
        <div className="lv-large-frame" data-status={text.status}>
          <CameraCanvas feed={feed} className="lv-canvas" label={t('liveView.large.label', { name: camera.name })} />
          <StatusBadge status={text.status} label={text.label} />
        </div>
        <div className="lv-large-foot">
          <span className="lv-age">{text.age}</span>
          {count > 1 && (
            <span className="v-row lv-large-steps">
              <button type="button" className="v-btn v-btn--small lv-large-prev" onClick={() => onStep(-1)}>
                <span aria-hidden="true">‹</span> <span className="lv-large-text">{t('liveView.large.previous')}</span>
              </button>
              <button type="button" className="v-btn v-btn--small lv-large-next" onClick={() => onStep(1)}>
                <span className="lv-large-text">{t('liveView.large.next')}</span> <span aria-hidden="true">›</span>
              </button>
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
