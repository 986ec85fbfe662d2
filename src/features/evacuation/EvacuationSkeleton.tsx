import './messages/bundled.ts';
import { useT } from '../common/useT.ts';

export interface EvacuationSkeletonProps {
  /** Reserve the Start button's place too (the user may evacuate, or it is not known yet). */
  withAction: boolean;
}

/**
 * The control while its status loads: the very box of the status it will show (the
 * inactive one, the common case), so nothing on the page moves when the status arrives.
 * The shapes are made of the real texts, hidden behind grey bars, so they wrap exactly as
 * the status will in every language and at every width. Those texts are generated content
 * (`data-text`), never the page's text: find-in-page, copying and assistive technology never
 * meet "No evacuation in progress" before it is known; they hear only "Checking the
 * evacuation status…".
 */
export function EvacuationSkeleton({ withAction }: EvacuationSkeletonProps) {
  const t = useT();
  return (
    <>
      <div className="v-stack evac-status-block" role="status" aria-live="polite">
        <div className="evac-status evac-status--loading" part="status">
          <span className="evac-status-icon">
            <span className="v-spinner evac-spinner" aria-hidden="true" />
          </span>
          <div className="evac-status-text">
            <p className="evac-state">
              <span className="v-visually-hidden">{t('evacuation.control.loading')}</span>
              <span className="evac-skeleton" aria-hidden="true" data-text={t('evacuation.control.inactive')} />
            </p>
          </div>
        </div>
        <p className="v-small evac-checked" aria-hidden="true">
          <span className="evac-skeleton" data-text={t('evacuation.control.confirmedAt', { time: '00:00' })} />
        </p>
      </div>
      {withAction && (
        <div className="evac-actions" aria-hidden="true">
          <span className="evac-btn evac-btn--block evac-skeleton-btn" />
        </div>
      )}
    </>
  );
}
