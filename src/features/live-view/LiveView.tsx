import './messages/bundled.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Camera } from '../../core/api/contract.ts';
import { useStyles } from '../common/useStyles.ts';
import { CameraTile } from './CameraTile.tsx';
import { LiveViewRegionSkeleton } from './LiveViewSkeleton.tsx';
import css from './liveView.css?inline';
import { useCameraFeeds } from './useCameraFeeds.ts';
import { useNow } from './useNow.ts';
import { preloadable } from '../common/preloadable.tsx';

// Its own chunk, loaded on the first opening: pages with a live view load less up front.
const LargeView = preloadable(() => import('./LargeView.tsx').then((m) => ({ default: m.LargeView })));

export interface LiveViewProps {
  cameras: readonly Camera[];
  /** Names the region ("Live view of Docks"). */
  label: string;
  /**
   * A landmark of its own (default). A page that shows several systems' grids, each under
   * its system's heading, passes false: each grid is then a named group, so the page's
   * landmarks do not repeat those of a system page or live view beside it.
   */
  landmark?: boolean;
  /** Time between frames per camera (ms); default 1000. */
  intervalMs?: number;
  /** The system is online (default): when it is not, no camera is Live whatever it sends. */
  online?: boolean;
  /** The site's IANA zone: when an image was taken is told on the site's clock, zone named. */
  timeZone?: string | undefined;
}

/**
 * The live camera view: a responsive grid of cameras, about one frame a second each.
 * A camera polls only while its tile is on screen in a visible tab; with the large view
 * open, only the camera shown there polls.
 */
export function LiveView({ cameras, label, landmark = true, intervalMs, online = true, timeZone }: LiveViewProps) {
  useStyles(css);
  const now = useNow();
  const feeds = useCameraFeeds(cameras, intervalMs);
  const [visible, setVisible] = useState<Record<string, boolean>>({});
  const [open, setOpen] = useState<number | null>(null);
  const [largeVisible, setLargeVisible] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const returnFocusTo = useRef<string | null>(null);

  const onVisible = useCallback((uuid: string, value: boolean) => setVisible((v) => (v[uuid] === value ? v : { ...v, [uuid]: value })), []);

  const openCamera = open === null ? null : (cameras[open] ?? null);
  useEffect(() => {
    if (!feeds) return;
    for (const [uuid, feed] of feeds) feed.setActive(openCamera ? uuid === openCamera.uuid && largeVisible : visible[uuid] === true);
  }, [feeds, visible, openCamera, largeVisible]);

  useEffect(() => {
    // Focus goes back to the camera the large view showed last.
    if (open === null && returnFocusTo.current) {
      buttons.current.get(returnFocusTo.current)?.focus();
      returnFocusTo.current = null;
    }
  }, [open]);

  // No cameras, or the first render before the frame loops exist: the same grid, so the tiles never move.
  if (cameras.length === 0 || !feeds) return <LiveViewRegionSkeleton cameras={cameras} label={label} landmark={landmark} />;

  return (
    <div className="lv" role={landmark ? 'region' : 'group'} aria-label={label} part="live-view">
      <ul className="lv-grid" data-count={cameras.length}>
        {cameras.map((camera, i) => {
          const feed = feeds.get(camera.uuid);
          return feed ? (
            <CameraTile
              key={camera.uuid}
              camera={camera}
              feed={feed}
              now={now}
              online={online}
              timeZone={timeZone}
              {...(intervalMs === undefined ? {} : { intervalMs })}
              buttonRef={(el) => {
                if (el) buttons.current.set(camera.uuid, el);
                else buttons.current.delete(camera.uuid);
              }}
              onOpen={() => setOpen(i)}
              onVisible={(value) => onVisible(camera.uuid, value)}
            />
          ) : null;
        })}
      </ul>
      {openCamera && open !== null && feeds.get(openCamera.uuid) && (
        <LargeView
          camera={openCamera}
          feed={feeds.get(openCamera.uuid)!}
          index={open}
          count={cameras.length}
          now={now}
          online={online}
          timeZone={timeZone}
          {...(intervalMs === undefined ? {} : { intervalMs })}
          onVisible={setLargeVisible}
          onStep={(delta) => setOpen((open + delta + cameras.length) % cameras.length)}
          onClose={() => {
            returnFocusTo.current = openCamera.uuid;
            setOpen(null);
            setLargeVisible(false);
          }}
        />
      )}
    </div>
  );
}
