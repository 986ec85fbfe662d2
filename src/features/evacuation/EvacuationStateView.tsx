import './messages/bundled.ts';
import './messages/bundled-modes.ts';
import type { ReactNode } from 'react';
import { onlyDrills, type EvacuationCoverage, type Ongoing } from '../../core/evacuation/coverage.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { DrillTag } from './DrillTag.tsx';
import { EvacuationAction } from './EvacuationAction.tsx';
import { momentParams } from '../../core/time/moments.ts';
import { CheckIcon, WarningIcon } from './icons.tsx';

export interface EvacuationStateViewProps {
  state: EvacuationCoverage;
  /** Tells an evacuation's moments on the site's clock (else the viewer's), see {@link MomentText}. */
  moment?: MomentText | undefined;
}

/**
 * A moment of an evacuation for a sentence, as `momentParams` gives it, with the viewer's own
 * clock for a title. A site's page passes one that tells it on the site's clock, zone named
 * (docs/product.md#times); the control does not carry that code itself, so a page that only
 * shows the evacuation element does not load it.
 */
export type MomentText = (at: string | number | null | undefined) => { time: string; context?: 'day'; viewer?: string };

/**
 * Since when and by whom one evacuation runs; with a site's `moment`, on the site's clock with
 * the zone named and the viewer's own clock on hover (docs/product.md#times).
 */
export function SinceBy({ ongoing: o, moment = momentParams }: { ongoing: Ongoing; moment?: MomentText | undefined }) {
  const t = useT();
  const { viewer, ...params } = moment(o.since);
  const text =
    o.since && o.by
      ? t('evacuation.banner.sinceBy', { ...params, name: o.by })
      : o.since
        ? t('evacuation.control.since', params)
        : o.by
          ? t('evacuation.control.startedBy', { name: o.by })
          : '';
  return <span title={o.since && viewer ? t('core.time.yourTime', { time: viewer }) : undefined}>{text}</span>;
}

/**
 * The derived state of one project, site or system, told in words, an icon and a frame
 * (colour only adds to it). Evacuating, it says what covers the target (the whole project,
 * the site's own, both; a project's sites each once), since when and by whom; unconfirmed,
 * it says so and keeps the last confirmed state — an evacuation never turns calm for it.
 * Only the state is a live region; "Last confirmed at 14:32" changes every poll and is not announced.
 */
export function EvacuationStateView({ state, moment }: EvacuationStateViewProps) {
  const t = useT();
  const { evacuating, unconfirmed } = state;
  // A drill says so beside what it covers, and the reason given, to everyone who sees it.
  const about = (o: Ongoing) => (
    <>
      {o.mode === 'drill' && <DrillTag />}
      <SinceBy ongoing={o} moment={moment} />
      {o.message && <span className="evac-reason-line">{t('evacuation.modes.reason', { message: o.message })}</span>}
    </>
  );
  const projectName = state.projectName ?? t('evacuation.fallback.project');
  const siteName = state.siteName ?? t('evacuation.fallback.site');
  const projectLink = state.projectUuid && state.scope !== 'project' && (
    <Link className="evac-link" to={pathTo('project', { uuid: state.projectUuid })}>
      {t('evacuation.control.openProject', { name: projectName })}
    </Link>
  );
  const siteLink = state.siteUuid && state.scope === 'system' && (
    <Link className="evac-link" to={pathTo('site', { uuid: state.siteUuid })}>
      {t('evacuation.control.openSite', { name: siteName })}
    </Link>
  );

  const lines: ReactNode[] = [];
  if (state.projectEvacuation) {
    const what =
      state.scope === 'project'
        ? t('evacuation.control.wholeProject')
        : state.scope === 'site'
          ? t('evacuation.control.coveredByProject', { project: projectName })
          : t('evacuation.control.systemCoveredByProject', { project: projectName, site: siteName });
    lines.push(
      <li key="project" className="evac-line">
        <strong>{what}</strong>
        {about(state.projectEvacuation)}
        {projectLink}
      </li>,
    );
  }
  if (state.siteEvacuation) {
    const what =
      state.scope === 'system'
        ? t('evacuation.control.systemSite', { site: siteName })
        : t(state.projectEvacuation ? 'evacuation.control.siteOwnToo' : 'evacuation.control.siteOwn');
    lines.push(
      <li key="site" className="evac-line">
        <strong>{what}</strong>
        {about(state.siteEvacuation)}
      </li>,
    );
  }
  if (siteLink && lines.length > 0) lines.push(<li key="open-site">{siteLink}</li>);

  const title =
    unconfirmed && !evacuating
      ? t('evacuation.control.unconfirmedTitle')
      : evacuating && onlyDrills(state)
        ? t('evacuation.modes.drillTitle')
        : t(evacuating ? 'evacuation.control.active' : 'evacuation.control.inactive');
  const tone = evacuating ? (onlyDrills(state) ? 'active evac-status--drill' : 'active') : unconfirmed ? 'unconfirmed' : 'inactive';
  return (
    <div className="v-stack evac-status-block">
      <div className={`evac-status evac-status--${tone}`} part="status">
        <span className="evac-status-icon">{evacuating || unconfirmed ? <WarningIcon /> : <CheckIcon />}</span>
        <div className="evac-status-text">
          <div className="evac-status-live" role="status">
            <p className="evac-state">{title}</p>
            {unconfirmed && (
              <p className="evac-unconfirmed">
                {t(
                  evacuating ? 'evacuation.control.unconfirmedActive' : 'evacuation.control.unconfirmedInactive',
                  momentParams(state.confirmedAt),
                )}
              </p>
            )}
            {lines.length > 0 && <ul className="evac-lines">{lines}</ul>}
            {!evacuating && state.scope === 'system' && state.siteName && <p>{t('evacuation.control.systemNone', { site: siteName })}</p>}
            {!evacuating && state.lastEnded && (
              <p className="v-small">{t('evacuation.control.lastEnded', (moment ?? momentParams)(state.lastEnded))}</p>
            )}
          </div>
          {state.activeSites.length > 0 && (
            <div className={`evac-sites${lines.length > 0 ? ' evac-sites--after' : ''}`}>
              <p className="evac-sites-title">{t('evacuation.control.activeSites')}</p>
              <ul>
                {state.activeSites.map((site) => (
                  <li key={site.uuid}>
                    <div className="evac-site-what">
                      <Link className="evac-site-name" to={pathTo('site', { uuid: site.uuid })}>
                        {site.name}
                      </Link>
                      {about(site)}
                    </div>
                    {site.abort && (
                      <EvacuationAction
                        scope="site"
                        uuid={site.uuid}
                        name={site.name}
                        action="abort"
                        layout="compact"
                        projectUuid={state.projectUuid}
                        mode={site.mode}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      {state.actionUnconfirmed && (
        <p className="v-message">
          {t(state.actionUnconfirmed === 'start' ? 'evacuation.control.unconfirmedStart' : 'evacuation.control.unconfirmedAbort')}
        </p>
      )}
    </div>
  );
}
