import './messages/bundled.ts';
import './messages/bundled-history.ts';
import { isMissing, projectCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { Loading } from '../common/Loading.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';
import { EvacuationHistory } from './EvacuationHistory.tsx';

/**
 * The evacuation history page of a project (/projects/{uuid}/evacuations), readable with
 * 'view'. Shown once the project's name is known (or cannot be): its back link and its
 * title, which the name can make two lines long on a phone, then do not push the filters
 * down under the finger. The list is asked for meanwhile, out of sight.
 */
export function EvacuationHistoryPage({ uuid }: { uuid: string }) {
  const t = useT();
  const entry = useResource(projectCache, uuid, (e) => {
    if (isMissing(e)) notFound('Project');
  });
  const project = entry?.data;
  const settled = project !== undefined || entry?.status === 'failed' || entry?.status === 'missing';
  const title = project ? t('evacuation.history.titleWithProject', { project: project.name }) : t('evacuation.history.title');
  usePageTitle(title);
  return (
    <div className="v-stack">
      {!settled && <Loading />}
      {/* Out of sight, not unmounted: the list loads meanwhile. */}
      <div className="v-stack" style={settled ? undefined : { display: 'none' }}>
        {project && (
          <Link className="v-btn v-btn--ghost evh-back" to={pathTo('project', { uuid })}>
            {t('evacuation.history.back', { project: project.name })}
          </Link>
        )}
        <h1>{title}</h1>
        <p className="v-muted">{t('evacuation.history.intro')}</p>
        <EvacuationHistory project={uuid} />
      </div>
    </div>
  );
}
