import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useRef, useState, type Ref } from 'react';
import type { Camera } from '../../core/api/contract.ts';
import type { FrameLoop } from '../../core/live-view/frameLoop.ts';
import { watchVisibility } from '../../core/live-view/visibility.ts';
import { useT } from '../common/useT.ts';
import { CameraCanvas } from './CameraCanvas.tsx';
import { feedText } from './feedText.ts';
import { StatusBadge } from './StatusBadge.tsx';

export interface CameraTileProps {
  camera: Camera;
  feed: FrameLoop;
  now: number;
  /** The camera's system is online. */
  online: boolean;
  intervalMs?: number;
  /** The site's IANA zone: an image's time is told on the site's clock. */
  timeZone?: string | undefined;
  buttonRef: Ref<HTMLButtonElement>;
  onOpen(): void;
  /** Reports whether the tile is on screen in a visible tab. */
  onVisible(visible: boolean): void;
}

/**
 * One camera in the grid: its image, status and when the image was taken; opens the
 * large view. The status is part of the button's name (read when focused, never
 * announced on its own at each refresh).
 */
export function CameraTile({ camera, feed, now, online, intervalMs, timeZone, buttonRef, onOpen, onVisible }: CameraTileProps) {
  const t = useT();
  const state = useStore(feed.$state);
  const item = useRef<HTMLLIElement>(null);
  const text = feedText(t, state, now, online, intervalMs, timeZone);

  // A tile off screen loads nothing, so it shows no spinner either (a long site page has many).
  const [onScreen, setOnScreen] = useState(false);
  const visibilityChanged = useEffectEvent((visible: boolean) => {
    setOnScreen(visible);
    onVisible(visible);
  });
  useEffect(() => {
    if (!item.current) return;
    return watchVisibility(item.current, (visible) => visibilityChanged(visible));
  }, []);

  return (
    <li className="lv-cam" ref={item} part="camera" data-status={text.status}>
      <div className="lv-screen">
        <button
          ref={buttonRef}
          type="button"
          className="lv-frame"
          onClick={onOpen}
          aria-label={t('liveView.openLarge', { name: camera.name, status: text.label })}
        >
          <CameraCanvas feed={feed} className="lv-canvas" />
        </button>
        {state.frame === null && (
          <span className="lv-placeholder" aria-hidden="true">
            {text.status === 'offline' ? t('liveView.offlineHint') : onScreen && <span className="v-spinner" />}
          </span>
        )}
        <StatusBadge status={text.status} label={text.label} hidden />
      </div>
      <div className="lv-meta">
        <span className="lv-name">{camera.name}</span>
        <span className="lv-age">
          <span className="v-visually-hidden">{text.label}, </span>
          {text.age}
        </span>
      </div>
    </li>
  );
}
