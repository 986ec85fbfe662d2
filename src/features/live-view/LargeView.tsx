import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { Camera } from '../../core/api/contract.ts';
import type { FrameLoop } from '../../core/live-view/frameLoop.ts';
import { watchVisibility } from '../../core/live-view/visibility.ts';
import { useT } from '../common/useT.ts';
import { CameraCanvas } from './CameraCanvas.tsx';
import { feedText } from './feedText.ts';
import { StatusBadge } from './StatusBadge.tsx';

export interface LargeViewProps {
  camera: Camera;
  feed: FrameLoop;
  index: number;
  count: number;
  now: number;
  onClose(): void;
  onStep(delta: 1 | -1): void;
  /** Reports whether the large view is in a visible tab. */
  onVisible(visible: boolean): void;
}

/**
 * One camera, large, in a modal overlay inside the element: Escape or Close returns to
 * the grid, arrow keys step through the cameras, Tab stays inside.
 */
export function LargeView({ camera, feed, index, count, now, onClose, onStep, onVisible }: LargeViewProps) {
  const t = useT();
  const state = useStore(feed.$state);
  const text = feedText(t, state, now);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    close.current?.focus();
    return dialog.current ? watchVisibility(dialog.current, onVisible) : undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening: focus and visibility belong to the camera it opened on
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
      <div ref={dialog} className="lv-large" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="lv-large-head">
          <div className="lv-large-title">
            <h2 id={titleId}>{camera.name}</h2>
            <span className="v-muted v-small">{t('liveView.large.position', { index: index + 1, count })}</span>
          </div>
          <button ref={close} type="button" className="v-btn v-btn--small" onClick={onClose}>
            {t('liveView.large.close')}
          </button>
        </div>
        <div className="lv-large-frame" data-status={text.status}>
          <CameraCanvas feed={feed} className="lv-canvas" label={t('liveView.large.label', { name: camera.name })} />
          <StatusBadge status={text.status} label={text.label} />
        </div>
        <div className="lv-large-foot">
          <span className="lv-age">{text.age}</span>
          {count > 1 && (
            <span className="v-row">
              <button type="button" className="v-btn v-btn--small" onClick={() => onStep(-1)}>
                <span aria-hidden="true">‹</span> {t('liveView.large.previous')}
              </button>
              <button type="button" className="v-btn v-btn--small" onClick={() => onStep(1)}>
                {t('liveView.large.next')} <span aria-hidden="true">›</span>
              </button>
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
