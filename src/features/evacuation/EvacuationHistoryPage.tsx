import './messages/bundled.ts';
import './messages/bundled-history.ts';
import { isMissing, projectCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useResource } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';
import { EvacuationHistory } from './EvacuationHistory.tsx';

/** The evacuation history page of a project (/projects/{uuid}/evacuations), readable with 'view'. */
export function EvacuationHistoryPage({ uuid }: { uuid: string }) {
  const t = useT();
  const project = useResource(projectCache, uuid, (e) => {
    if (isMissing(e)) notFound('Project');
  })?.data;
  const title = project ? t('evacuation.history.titleWithProject', { project: project.name }) : t('evacuation.history.title');
  usePageTitle(title);
  return (
    <div className="v-stack">
      {project && (
        <Link className="v-btn v-btn--ghost evh-back" to={pathTo('project', { uuid })}>
          {t('evacuation.history.back', { project: project.name })}
        </Link>
      )}
      <h1>{title}</h1>
      <p className="v-muted">{t('evacuation.history.intro')}</p>
      <EvacuationHistory project={uuid} />
    </div>
  );
}
