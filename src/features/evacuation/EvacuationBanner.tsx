import './messages/bundled.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { fetchStatus, isActive } from '../../core/evacuation/evacuation.ts';
import { deepActiveElement } from '../../ui/AlertDialog.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { EvacuationAction } from './EvacuationAction.tsx';
import evacuationCss from './evacuation.css?inline';
import { formatChecked, formatMoment } from './format.ts';
import { CheckIcon, WarningIcon } from './icons.tsx';
import { useEvacuation } from './useEvacuation.ts';
import { useEvacuationTarget } from './useEvacuationTarget.ts';

export interface EvacuationBannerProps {
  /** The project's uuid. */
  project: string;
}

/**
 * The project page's banner while an evacuation of the project or of any of its sites is
 * active (the project status lists its sites' ones), each with its Abort. Shows nothing
 * while none is active; says so once when one ends while the page is open.
 */
export function EvacuationBanner({ project }: EvacuationBannerProps) {
  useStyles(evacuationCss);
  const t = useT();
  const headingId = useId();
  const entry = useEvacuation('project', project);
  const target = useEvacuationTarget('project', project);
  const status = entry?.status;
  const sites = status?.active_sites ?? [];
  const projectActive = isActive(status);
  const anyActive = projectActive || sites.length > 0;

  const [ended, setEnded] = useState(false);
  const wasActive = useRef(false);
  const endedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wasActive.current && !anyActive && status) setEnded(true);
    if (anyActive) setEnded(false);
    wasActive.current = anyActive;
  }, [anyActive, status]);
  useEffect(() => {
    // The Abort that ended it went away with the banner: keep focus near, not on <body>.
    // Only while the user works in this document: a portal in someone's iframe must not pull
    // the keyboard away from the page around it when an evacuation ends elsewhere.
    const active = deepActiveElement();
    if (ended && document.hasFocus() && (!active || active === document.body)) endedRef.current?.focus();
  }, [ended]);

  const name = target.name ?? t('evacuation.fallback.project');
  const sinceBy = (time: string | null, by: string | null) =>
    time && by ? t('evacuation.banner.sinceBy', { time: formatMoment(time), name: by }) : time ? t('evacuation.control.since', { time: formatMoment(time) }) : '';

  if (!anyActive) {
    if (ended) {
      return (
        <div ref={endedRef} className="evac-ended" role="status" tabIndex={-1} part="banner-ended">
          <p className="evac-ended-text">
            <CheckIcon />
            <span>{t('evacuation.banner.ended', { name })}</span>
          </p>
          <button type="button" className="v-btn v-btn--small" onClick={() => setEnded(false)}>
            {t('evacuation.banner.dismiss')}
          </button>
        </div>
      );
    }
    if (entry?.error && !status && !entry.loading) {
      return (
        <div className="v-message evac-stale" role="alert">
          <span>{t('evacuation.control.unavailable')}</span>
          <button type="button" className="v-btn v-btn--small" onClick={() => void fetchStatus('project', project)}>
            {t('evacuation.control.checkAgain')}
          </button>
        </div>
      );
    }
    return null;
  }

  const canAbort = target.canEvacuate !== false;
  return (
    <section className="evac-banner" aria-labelledby={headingId} part="banner">
      <div className="evac-banner-head" role="alert">
        <WarningIcon />
        <h2 id={headingId}>{t('evacuation.banner.title')}</h2>
      </div>
      <ul className="evac-banner-list" aria-label={t('evacuation.banner.label')}>
        {projectActive && (
          <li>
            <div className="evac-banner-what">
              <strong>{t('evacuation.banner.project', { name })}</strong>
              <span>{sinceBy(status!.started_at, status!.started_by)}</span>
            </div>
            {canAbort && <EvacuationAction scope="project" uuid={project} name={target.name} action="abort" layout="compact" />}
          </li>
        )}
        {sites.map((site) => (
          <li key={site.uuid}>
            <div className="evac-banner-what">
              <strong>{site.name}</strong>
              <span>{sinceBy(site.started_at, site.started_by)}</span>
            </div>
            {canAbort && <EvacuationAction scope="site" uuid={site.uuid} name={site.name} action="abort" layout="compact" />}
          </li>
        ))}
      </ul>
      <p className="evac-banner-checked">
        {entry?.error
          ? t('evacuation.control.stale', { time: formatChecked(entry.checkedAt) })
          : t('evacuation.control.checkedAt', { time: formatChecked(entry?.checkedAt) })}
      </p>
    </section>
  );
}
