import './messages/bundled.ts';
import { EVACUATE, MANAGE_USERS } from '../../core/api/constants.ts';
import { isMissing, projectCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { LazyEvacuationControl } from '../evacuation/LazyEvacuationControl.tsx';
// The evacuation components do not bundle their English fallback themselves (yet).
import '../evacuation/messages/bundled.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { useNow } from './Health.tsx';
import css from './projects.css?inline';
import { PendingResource } from './ResourceState.tsx';
import { SiteCard } from './SiteCard.tsx';
import { useHealthLive } from './useHealthLive.ts';

/**
 * Project detail: its evacuation state, its sites with what needs attention in each (kept
 * live) and their camera systems, links to schedules and users.
 */
export function ProjectPage({ uuid }: { uuid: string }) {
  useStyles(css);
  const t = useT();
  const entry = useResource(projectCache, uuid, (e) => {
    if (isMissing(e)) notFound('Project');
  });
  const project = entry?.data;
  const now = useNow();
  useHealthLive();
  const home = { label: t('projects.breadcrumb.projects'), to: pathTo('home') };
  usePageTitle(project?.name ?? home.label);

  if (!project) {
    return (
      <PendingResource
        crumbs={[home]}
        cache={projectCache}
        id={uuid}
        entry={entry}
        missingText={t('projects.project.notFound')}
        errorText={t('projects.project.loadFailed')}
      />
    );
  }

  const canManageUsers = project.permissions.includes(MANAGE_USERS);
  return (
    <div className="pj v-stack" part="project">
      <Breadcrumbs items={[home, { label: project.name }]} />
      <div className="pj-head">
        <div className="pj-head-text">
          <h1>{project.name}</h1>
          {project.description && <p className="v-muted">{project.description}</p>}
        </div>
        <div className="pj-actions">
          <Link className="v-btn" to={pathTo('siteSchedules', { uuid })}>
            {t('projects.project.siteSchedules')}
          </Link>
          {canManageUsers && (
            <Link className="v-btn" to={pathTo('projectUsers', { uuid })}>
              {t('projects.project.projectUsers')}
            </Link>
          )}
          {canManageUsers && (
            <Link className="v-btn" to={pathTo('projectActivity', { uuid })}>
              {t('projects.project.activity')}
            </Link>
          )}
        </div>
      </div>
      {/* One block: the project's evacuation and its sites' (each once), with Start or Abort behind a confirmation. */}
      <LazyEvacuationControl scope="project" uuid={uuid} name={project.name} withAction={project.permissions.includes(EVACUATE)} />
      <section className="v-stack" aria-labelledby="pj-sites">
        <h2 id="pj-sites">{t('projects.project.sites')}</h2>
        {project.sites.length === 0 ? (
          <p className="v-state" part="empty">
            {t('projects.project.noSites')}
          </p>
        ) : (
          <ul className="pj-sites">
            {project.sites.map((site) => (
              <SiteCard key={site.uuid} site={site} now={now} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
