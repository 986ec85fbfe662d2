import './messages/bundled.ts';
import { isMissing, siteCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import css from './projects.css?inline';
import siteCss from './site.css?inline';
import { PendingResource } from './ResourceState.tsx';
import { SiteHead } from './SiteHead.tsx';
import { Loading } from '../common/Loading.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The editor is the heaviest part of the page: its own chunk, asked for as soon as this page's
// code runs, in parallel with the site's data.
const editor = import('../schedules/ScheduleMatrix.tsx');
const ScheduleMatrixEditor = preloadable(
  () => editor.then((m) => ({ default: m.ScheduleMatrixEditor })),
  () => <Loading />,
);

/**
 * A site's security hours and date exceptions (`/site/{uuid}/schedule`): the editor, under
 * the site's head, apart from the operations view. Leaving with unsaved changes asks first
 * (the editor holds the page's leave guard).
 */
export function SiteSchedulePage({ uuid }: { uuid: string }) {
  useStyles(css, siteCss);
  const t = useT();
  const entry = useResource(siteCache, uuid, (e) => {
    if (isMissing(e)) notFound('Site');
  });
  const site = entry?.data;
  usePageTitle(site ? t('projects.site.scheduleTitle', { site: site.name }) : t('projects.breadcrumb.projects'));

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
  return (
    <div className="pj v-stack" part="site-schedule">
      <SiteHead site={site} section="schedule" />
      <ScheduleMatrixEditor site={uuid} />
    </div>
  );
}
