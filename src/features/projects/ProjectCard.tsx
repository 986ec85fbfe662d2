import type { ProjectSummary } from '../../core/api/contract.ts';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';

/** One project on the home list; the whole card opens it. */
export function ProjectCard({ project }: { project: ProjectSummary }) {
  const t = useT();
  return (
    <li className="v-card pj-card" part="project">
      <div className="pj-card-head">
        <h2 className="pj-card-title">
          <Link to={pathTo('project', { uuid: project.uuid })} className="pj-card-link">
            {project.name}
          </Link>
        </h2>
        {project.evacuation_active && (
          <span className="pj-evac" part="evacuation-active">
            <span className="pj-evac-icon" aria-hidden="true">
              !
            </span>
            {t('projects.list.evacuationActive')}
          </span>
        )}
      </div>
      {project.description && <p className="v-muted pj-card-desc">{project.description}</p>}
      <dl className="pj-counts">
        <div>
          <dt>{t('projects.list.sites')}</dt>
          <dd>{formatNumber(project.sites_count)}</dd>
        </div>
        <div>
          <dt>{t('projects.list.systems')}</dt>
          <dd>{formatNumber(project.systems_count)}</dd>
        </div>
      </dl>
    </li>
  );
}
