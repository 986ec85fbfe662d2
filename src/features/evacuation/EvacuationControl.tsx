import './messages/bundled.ts';
import { useId, useRef } from 'react';
import { fetchStatus, isActive, type EvacuationScope } from '../../core/evacuation/evacuation.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { EvacuationAction } from './EvacuationAction.tsx';
import { EvacuationSkeleton } from './EvacuationSkeleton.tsx';
import { EvacuationStatusView } from './EvacuationStatusView.tsx';
import evacuationCss from './evacuation.css?inline';
import { useEvacuation } from './useEvacuation.ts';
import { useEvacuationTarget } from './useEvacuationTarget.ts';

export interface EvacuationControlProps {
  scope: EvacuationScope;
  uuid: string;
  /** The project's or site's name; loaded through the page's caches when not given. */
  name?: string;
}

/**
 * Start or abort the evacuation of one project or site, with the status the server gives
 * (polled while on screen). No button is offered before the status is known, and the
 * button offered follows the status: Start when inactive, Abort when active.
 */
export function EvacuationControl({ scope, uuid, name }: EvacuationControlProps) {
  useStyles(evacuationCss);
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  const entry = useEvacuation(scope, uuid, ref);
  const target = useEvacuationTarget(scope, uuid, name);
  const status = entry?.status;

  let body;
  if (status && entry) {
    body = <EvacuationStatusView entry={entry} onCheckAgain={() => void fetchStatus(scope, uuid)} />;
  } else if (entry?.error && !entry.loading) {
    body = (
      <div className="v-message evac-stale" role="alert">
        <span>{t('evacuation.control.unavailable')}</span>
        <button type="button" className="v-btn v-btn--small" onClick={() => void fetchStatus(scope, uuid)}>
          {t('evacuation.control.checkAgain')}
        </button>
      </div>
    );
  } else {
    body = <EvacuationSkeleton withAction={target.canEvacuate !== false} />;
  }

  return (
    <section ref={ref} className="v-card evac" aria-labelledby={headingId} part="control">
      <div className="evac-head">
        <h2 id={headingId}>
          <span>{t('evacuation.control.title')}</span>
          {target.name ? (
            <span className="evac-target">{target.name}</span>
          ) : (
            // Its line is kept while the name loads: the heading does not grow later.
            target.namePending && (
              <span className="evac-target evac-skeleton" aria-hidden="true">
                {t('evacuation.control.title')}
              </span>
            )
          )}
        </h2>
      </div>
      {body}
      {status && target.canEvacuate !== false && (
        <div className="evac-actions">
          <EvacuationAction scope={scope} uuid={uuid} name={target.name} action={isActive(status) ? 'abort' : 'start'} />
        </div>
      )}
      {target.canEvacuate === false && <p className="v-muted v-small">{t('evacuation.control.noPermission')}</p>}
    </section>
  );
}
