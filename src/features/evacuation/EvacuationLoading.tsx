import './messages/bundled.ts';
import { useId } from 'react';
import type { CoverageScope } from '../../core/evacuation/coverage.ts';
import { calmRowFor, useInPortal } from './useInPortal.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { EvacuationSkeleton } from './EvacuationSkeleton.tsx';
import evacuationCss from './evacuation.css?inline';

export interface EvacuationLoadingProps {
  scope: CoverageScope;
  /** The target's name when the page already knows it. */
  name?: string | undefined;
  /** Keep the Start button's place (unless the page knows the user may not evacuate). */
  withAction: boolean;
}

/**
 * The control's first paint while its code loads (LazyEvacuationControl): the very card
 * EvacuationControl shows while the status loads, so nothing moves when it takes over. In
 * the portal, a project's or a site's is the calm row (its heading for assistive technology
 * only), as the control's own loading state is.
 */
export function EvacuationLoading({ scope, name, withAction }: EvacuationLoadingProps) {
  useStyles(evacuationCss);
  const t = useT();
  const headingId = useId();
  const calm = calmRowFor(scope, useInPortal());
  const shownName = scope === 'system' ? undefined : name?.trim();
  return (
    <section className={calm ? 'v-card evac evac--calm' : 'v-card evac'} aria-labelledby={headingId} part="control">
      <div className={calm ? 'evac-head v-visually-hidden' : 'evac-head'}>
        <h2 id={headingId}>
          <span>{t('evacuation.control.title')}</span>
          {shownName ? (
            <span className="evac-target">{shownName}</span>
          ) : (
            <span className="evac-target evac-skeleton" aria-hidden="true">
              {t('evacuation.control.title')}
            </span>
          )}
        </h2>
      </div>
      <EvacuationSkeleton withAction={scope !== 'system' && withAction} />
    </section>
  );
}
