import type { Site } from '../../core/api/contract.ts';
import { securedAt } from '../../core/schedules/secured.ts';
import { timeZoneLabel } from '../../core/text/capitalize.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
import { useNow, useSecuredText } from './Health.tsx';

export type SiteSection = 'overview' | 'schedule';

/**
 * The head both of a site's pages share: where it is, its zone, whether it is secured now
 * (from the weekly hours and the exceptions, as on the cards), and the way between the
 * operations view and the security hours.
 */
export function SiteHead({ site, section }: { site: Site; section: SiteSection }) {
  const t = useT();
  const now = useNow();
  const securedText = useSecuredText();
  const state = site.schedule ? securedAt(site.schedule, site.schedule.timezone, now) : null;
  const crumbs: Crumb[] = [{ label: t('projects.breadcrumb.projects'), to: pathTo('home') }];
  const projectUuid = site.project?.uuid ?? site.project_uuid;
  if (site.project && projectUuid) crumbs.push({ label: site.project.name, to: pathTo('project', { uuid: projectUuid }) });
  if (section === 'overview') crumbs.push({ label: site.name });
  else crumbs.push({ label: site.name, to: pathTo('site', { uuid: site.uuid }) }, { label: t('projects.site.scheduleTab') });
  const tabs: { id: SiteSection; label: string; to: string }[] = [
    { id: 'overview', label: t('projects.site.overviewTab'), to: pathTo('site', { uuid: site.uuid }) },
    { id: 'schedule', label: t('projects.site.scheduleTab'), to: pathTo('siteSchedule', { uuid: site.uuid }) },
  ];

  return (
    <>
      <Breadcrumbs items={crumbs} />
      <div className="pj-head">
        <div className="pj-head-text">
          <h1>{site.name}</h1>
          <dl className="pj-facts st-facts">
            {state && (
              <div className={`st-secured st-secured--${state.secured ? 'on' : 'off'}`}>
                <dt>{t('projects.site.securedNow')}</dt>
                <dd part="secured-now">
                  {state.exception
                    ? t('projects.health.byException', { state: securedText(state), label: state.exception })
                    : securedText(state)}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('projects.site.address')}</dt>
              <dd>{site.address}</dd>
            </div>
            <div>
              <dt>{t('projects.site.timezone')}</dt>
              <dd>{timeZoneLabel(site.timezone)}</dd>
            </div>
          </dl>
        </div>
      </div>
      <nav className="st-tabs" aria-label={t('projects.site.sections', { site: site.name })} part="site-sections">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.id}>
              <Link to={tab.to} className="st-tab" aria-current={tab.id === section ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
