import './messages/bundled.ts';
import { EVACUATE } from '../../core/api/constants.ts';
import { timeZoneLabel } from '../../core/text/capitalize.ts';
import { isMissing, siteCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { LazyEvacuationControl } from '../evacuation/LazyEvacuationControl.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { lazy, Suspense } from 'react';
// The evacuation components do not bundle their English fallback themselves (yet).
import '../evacuation/messages/bundled.ts';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
import css from './projects.css?inline';
import { ALARM_PANEL, CAMERA_SYSTEM } from '../../core/projects/health.ts';
import { securedAt } from '../../core/schedules/secured.ts';
import { useNow, useSecuredText } from './Health.tsx';
import { PendingResource } from './ResourceState.tsx';
import { SystemList } from './SystemList.tsx';

// The schedule editor is below the fold and the heaviest part of the page: it loads in
// parallel as its own chunk, so the site's facts and the evacuation control come first.
const ScheduleMatrixEditor = lazy(() => import('../schedules/ScheduleMatrix.tsx').then((m) => ({ default: m.ScheduleMatrixEditor })));

/**
 * Site detail: address, time zone, evacuation, its systems in groups (camera systems with
 * their latest stills, alarm panels, any others) and the security-hours matrix.
 */
export function SitePage({ uuid }: { uuid: string }) {
  useStyles(css);
  const t = useT();
  const entry = useResource(siteCache, uuid, (e) => {
    if (isMissing(e)) notFound('Site');
  });
  const site = entry?.data;
  const now = useNow();
  const securedText = useSecuredText();
  usePageTitle(site?.name ?? t('projects.breadcrumb.projects'));
  const crumbs: Crumb[] = [{ label: t('projects.breadcrumb.projects'), to: pathTo('home') }];

  if (!site) {
    return (
      <PendingResource
        crumbs={crumbs}
        cache={siteCache}
        id={uuid}
        entry={entry}
        missingText={t('projects.site.notFound')}
        errorText={t('core.errors.loadSite')}
      />
    );
  }

  // "Secured now" from the weekly hours and the date exceptions, as on the cards (one function).
  const state = site.schedule ? securedAt(site.schedule, site.schedule.timezone, now) : null;
  const projectUuid = site.project?.uuid ?? site.project_uuid;
  if (site.project && projectUuid) crumbs.push({ label: site.project.name, to: pathTo('project', { uuid: projectUuid }) });
  crumbs.push({ label: site.name });
  const groups = [
    { id: 'cameras', title: t('projects.site.cameraSystems'), systems: site.systems.filter((y) => y.type === CAMERA_SYSTEM) },
    { id: 'alarms', title: t('projects.site.alarmPanels'), systems: site.systems.filter((y) => y.type === ALARM_PANEL) },
    {
      id: 'other',
      title: t('projects.site.otherSystems'),
      systems: site.systems.filter((y) => y.type !== CAMERA_SYSTEM && y.type !== ALARM_PANEL),
    },
  ];

  return (
    <div className="pj v-stack" part="site">
      <Breadcrumbs items={crumbs} />
      <div className="pj-head">
        <div className="pj-head-text">
          <h1>{site.name}</h1>
          <dl className="pj-facts">
            <div>
              <dt>{t('projects.site.address')}</dt>
              <dd>{site.address}</dd>
            </div>
            <div>
              <dt>{t('projects.site.timezone')}</dt>
              <dd>{timeZoneLabel(site.timezone)}</dd>
            </div>
            {state && (
              <div>
                <dt>{t('projects.site.securedNow')}</dt>
                <dd part="secured-now">
                  {state.exception
                    ? t('projects.health.byException', { state: securedText(state), label: state.exception })
                    : securedText(state)}
                </dd>
              </div>
            )}
          </dl>
        </div>
      </div>
      <LazyEvacuationControl scope="site" uuid={uuid} name={site.name} withAction={site.project?.permissions?.includes(EVACUATE) ?? true} />
      <section className="v-card v-stack" aria-labelledby="pj-site-systems">
        <h2 id="pj-site-systems">{t('projects.site.systems')}</h2>
        {site.systems.length === 0 ? (
          <p className="v-muted">{t('projects.site.noSystems')}</p>
        ) : (
          groups.map(
            (group) =>
              group.systems.length > 0 && (
                <section key={group.id} className="v-stack pj-group" aria-labelledby={`pj-group-${group.id}`} part={`systems-${group.id}`}>
                  <h3 id={`pj-group-${group.id}`}>
                    {group.title} <span className="v-muted pj-group-count">({group.systems.length})</span>
                  </h3>
                  <SystemList systems={group.systems} thumbnails={group.id === 'cameras'} />
                </section>
              ),
          )
        )}
      </section>
      <Suspense fallback={<Spinner label={t('core.common.loading')} />}>
        <ScheduleMatrixEditor site={uuid} />
      </Suspense>
    </div>
  );
}
