import './messages/bundled.ts';
import { useEffect } from 'react';
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
import { SiteHead } from './SiteHead.tsx';
import { preloadable } from '../common/preloadable.tsx';
import { OtherSystems, SiteCameras } from './SiteCameras.tsx';

// The incidents (their list, filters and clock) are a chunk of their own, asked for as soon
// as this page's code runs, in parallel with the site's data: the page's own chunk stays
// small. Their answer is asked for with the site's too (below), not once the card shows.
// The cameras are not a chunk of their own: their card is the live view's tiles from the
// first paint (the grid's code is its own chunk, LazyLiveView), so nothing below them
// moves when they come.
const incidents = import('./SiteIncidents.tsx');

/** The incidents' card while its code loads (rarely seen: it loads beside the site's data). */
function IncidentsLoading() {
  const t = useT();
  return (
    <section className="v-card v-stack st-incidents" aria-busy="true">
      <h2>{t('projects.site.incidents')}</h2>
      <p className="v-muted">{t('core.common.loading')}</p>
    </section>
  );
}

const SiteIncidents = preloadable(
  () => incidents.then((m) => ({ default: m.SiteIncidents })),
  () => <IncidentsLoading />,
);
// Taken as soon as its code is there, so that a page whose incidents have already been
// answered shows the card with them from its first paint, not "Loading…" for a render.
SiteIncidents.preload().catch(() => {}); // a failed load shows in the card

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
  // The incidents are asked for while the site is: asked for by the card, once the site had
  // arrived, their list came later and pushed the cards below it down the screen. The card
  // takes this load (a watch shares one).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    incidents.then(
      (m) => {
        if (!gone) stop = m.watchSiteIncidents(uuid);
      },
      () => {}, // the card shows that its code could not load
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [uuid]);

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

  const cameraSystems = site.systems.filter((y) => y.type === CAMERA_SYSTEM);
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
        <SiteCameras systems={cameraSystems} timeZone={site.timezone} />
        <SiteIncidents site={uuid} timeZone={site.timezone} />
        {others.length > 0 && <OtherSystems systems={others} />}
        <section className="v-card v-stack st-schedule" aria-labelledby="st-schedule" part="schedule-link">
          <h2 id="st-schedule">{t('projects.site.scheduleTab')}</h2>
          <p className="v-muted">{t('projects.site.scheduleHint')}</p>
          <Link to={pathTo('siteSchedule', { uuid })}>{t('projects.site.editSchedule')}</Link>
        </section>
      </div>
    </div>
  );
}
