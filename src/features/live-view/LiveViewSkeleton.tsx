import './messages/bundled.ts';
import type { Camera } from '../../core/api/contract.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import css from './liveView.css?inline';
import statusCss from './systemStatus.css?inline';

/** Camera tiles the loading state shows: the demo's three, one row on a wide screen. */
export const SKELETON_CAMERAS = 3;

/**
 * The camera grid before its frame loops exist: the very grid of the live view (same
 * columns, same 16:9 screens, same name line), each screen showing the spinner a camera
 * shows until its first image. `names` are the cameras' names when known; otherwise
 * `count` grey name bars.
 */
export function CameraGridSkeleton({ names, count = SKELETON_CAMERAS }: { names?: readonly string[]; count?: number }) {
  const t = useT();
  const labels = names ?? Array.from({ length: count }, () => null);
  return (
    <ul className="lv-grid" data-count={labels.length} aria-hidden="true">
      {labels.map((name, i) => (
        <li className="lv-cam" key={i}>
          <div className="lv-screen">
            <span className="lv-frame lv-frame--skeleton">
              <span className="lv-placeholder">
                <span className="v-spinner" />
              </span>
            </span>
          </div>
          <div className="lv-meta">
            <span className="lv-name">{name ?? <span className="lv-skeleton">{t('liveView.title')}</span>}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The live view's region before its frame loops exist — its code still loading, or its
 * first render: the cameras' tiles under their names, so nothing moves when the images
 * come. With no cameras, the message the live view shows itself.
 */
export function LiveViewRegionSkeleton({
  cameras,
  label,
  landmark = true,
}: {
  cameras: readonly Camera[];
  label: string;
  landmark?: boolean | undefined;
}) {
  useStyles(css);
  const t = useT();
  if (cameras.length === 0) {
    return (
      <p className="v-state" part="empty">
        {t('liveView.noCameras')}
      </p>
    );
  }
  return (
    <div className="lv" role={landmark ? 'region' : 'group'} aria-label={label} part="live-view">
      <CameraGridSkeleton names={cameras.map((c) => c.name)} />
    </div>
  );
}

export interface LiveViewSkeletonProps {
  /** The public demo's header: its Demo pill and introduction. */
  demo?: boolean;
}

/**
 * A live view while its system (or demo) loads: the box it will have, so nothing on the
 * page moves when the answer arrives — the heading line (name and status pill as grey
 * bars, the Demo pill and introduction as they will be), then a row of camera tiles.
 * With more cameras than the skeleton shows, the view grows below its first row.
 * Assistive technology hears only "Loading…".
 */
export function LiveViewSkeleton({ demo = false }: LiveViewSkeletonProps) {
  useStyles(css);
  useStyles(statusCss);
  const t = useT();
  return (
    <div className="v-stack lv-loading" part={demo ? 'demo' : undefined}>
      <span className="v-visually-hidden" role="status" aria-live="polite">
        {t('core.common.loading')}
      </span>
      <div className="v-row" aria-hidden="true">
        <span className="lv-title-skeleton">
          <span className="lv-skeleton">{t('liveView.title')}</span>
        </span>
        {demo && <span className="v-pill-status">{t('liveView.demo.badge')}</span>}
        <span className="v-pill-status lv-system lv-skeleton">
          <span className="lv-system-icon" />
          {t('liveView.system.online')}
        </span>
      </div>
      {demo && (
        <p className="v-muted" aria-hidden="true">
          {t('liveView.demo.intro')}
        </p>
      )}
      <div className="lv">
        <CameraGridSkeleton />
      </div>
    </div>
  );
}
