import './messages/bundled.ts';
import { activitySearch, readActivitySearch, type ActivityFilters } from '../../core/activity/filters.ts';
import { isMissing, projectCache } from '../../core/resources/resources.ts';
import { navigate, notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';
import { ActivityLog } from './ActivityLog.tsx';

/**
 * The activity page of a project (/projects/{uuid}/activity), for members with 'manage
 * users' (the router sends others to the project). The filters and the page live in the
 * address, so a filtered view can be shared and Back undoes a filter.
 */
export function ActivityPage({ uuid, search }: { uuid: string; search: Readonly<Record<string, string>> }) {
  const t = useT();
  const project = useResource(projectCache, uuid, (e) => {
    if (isMissing(e)) notFound('Project');
  })?.data;
  const title = project ? t('activity.titleWithProject', { project: project.name }) : t('activity.title');
  usePageTitle(title);
  const filters = readActivitySearch(search);
  const show = (next: ActivityFilters) => navigate(pathTo('projectActivity', { uuid }, activitySearch(next)));
  return (
    <div className="v-stack">
      {project && (
        <Link className="v-btn v-btn--ghost act-back" to={pathTo('project', { uuid })}>
          {t('activity.back', { project: project.name })}
        </Link>
      )}
      <h1>{title}</h1>
      <p className="v-muted">{t('activity.intro')}</p>
      <ActivityLog project={uuid} filters={filters} onFilters={show} />
    </div>
  );
}
