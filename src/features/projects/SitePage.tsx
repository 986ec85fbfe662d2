import './messages/bundled.ts';
import { EVACUATE } from '../../core/api/constants.ts';
import { isMissing, siteCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { LazyEvacuationControl } from '../evacuation/LazyEvacuationControl.tsx';
// The evacuation components do not bundle their English fallback themselves (yet).
import '../evacuation/messages/bundled.ts';
import css from './projects.css?inline';
import siteCss from './site.css?inline';
import { CAMERA_SYSTEM } from '../../core/projects/health.ts';
import { siteMomentParams } from '../../core/time/siteMoment.ts';
import { PendingResource } from './ResourceState.tsx';
import { SiteCameras } from './SiteCameras.tsx';
import { SiteHead } from './SiteHead.tsx';
import { SiteIncidents } from './SiteIncidents.tsx';
import { SystemList } from './SystemList.tsx';

/**
 * A site's operations view (docs/product.md#the-site-page): what is happening there now. Its
 * evacuation state and whether it is secured, then its cameras' live tiles, its open and
 * recent incidents, and its other systems (alarm panels as what they are). The security
 * hours and exceptions are the site's other page (`/site/{uuid}/schedule`). One column on a
 * phone (state, cameras, incidents); on a wide screen the cameras take the main column and
 * the state and incidents stand beside them.
 */
export function SitePage({ uuid }: { uuid: string }) {
  useStyles(css, siteCss);
  const t = useT();
  const entry = useResource(siteCache, uuid, (e) => {
    if (isMissing(e)) notFound('Site');
  });
  const site = entry?.data;
  usePageTitle(site?.name ?? t('projects.breadcrumb.projects'));

  if (!site) {
    return (
      <PendingResource
        crumbs={[{ label: t('projects.breadcrumb.projects'), to: pathTo('home') }]}
        cache={siteCache}
        id={uuid}
        entry={entry}
        missingText={t('projects.site.notFound')}
        errorText={t('core.errors.loadSite')}
      />
    );
  }

  const cameras = site.systems.filter((y) => y.type === CAMERA_SYSTEM);
  const others = site.systems.filter((y) => y.type !== CAMERA_SYSTEM);

  return (
    <div className="pj v-stack" part="site">
      <SiteHead site={site} section="overview" />
      <div className="st-ops">
        <div className="st-evacuation">
          <LazyEvacuationControl
            scope="site"
            uuid={uuid}
            name={site.name}
            moment={(at) => siteMomentParams(at, site.timezone)}
            withAction={site.project?.permissions?.includes(EVACUATE) ?? true}
          />
        </div>
        <SiteCameras systems={cameras} timeZone={site.timezone} />
        <SiteIncidents site={uuid} timeZone={site.timezone} />
        {others.length > 0 && (
          <section className="v-card v-stack st-systems" aria-labelledby="st-systems" part="systems-other">
            <h2 id="st-systems">{t('projects.site.alarmsAndOthers')}</h2>
            <SystemList systems={others} />
          </section>
        )}
        <section className="v-card v-stack st-schedule" aria-labelledby="st-schedule" part="schedule-link">
          <h2 id="st-schedule">{t('projects.site.scheduleTab')}</h2>
          <p className="v-muted">{t('projects.site.scheduleHint')}</p>
          <Link to={pathTo('siteSchedule', { uuid })}>{t('projects.site.editSchedule')}</Link>
        </section>
      </div>
    </div>
  );
}
