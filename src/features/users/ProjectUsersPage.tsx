import { nameContext } from '../../core/i18n/elision.ts';
import './messages/bundled.ts';
import { isMissing, projectCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { canManageUsers } from '../../core/users/guard.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { retryLoad, useResource } from '../common/useResource.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { NoPermission } from './NoPermission.tsx';
import { UsersView } from './UsersView.tsx';
import usersCss from './users.css?inline';

/**
 * The project users page (docs/product.md#routes /projects/{uuid}/users), in the portal and in
 * `<vigil-project-users>`. It needs 'manage users' on the project: the portal's router
 * redirects to the project page before rendering it (portal-router.ts, the one place of
 * that rule); standing alone, or should the permission go while it is shown, it says so.
 */
export function ProjectUsersPage({ uuid }: { uuid: string }) {
  const t = useT();
  useStyles(usersCss);
  const entry = useResource(projectCache, uuid, (e) => {
    if (isMissing(e)) notFound('Project');
  });
  const project = entry?.data;
  const allowed = project ? canManageUsers(project.permissions) : undefined;
  usePageTitle(project ? t('users.titleWithProject', { project: project.name, ...nameContext(project.name) }) : t('users.title'));

  let body;
  if (!project) {
    body = (
      <LoadState
        status={entry?.status}
        loading={<Spinner label={t('users.loadingProject')} />}
        missingText={t('users.notFound')}
        failedText={t('users.projectError')}
        retryLabel={t('users.list.retry')}
        onRetry={retryLoad(projectCache, uuid)}
        className="v-state"
        textClassName=""
      />
    );
  } else if (!allowed) body = <NoPermission project={uuid} />;
  else body = <UsersView project={project} />;

  return (
    <div className="vu-root" part="users">
      <div className="vu-header">
        {project && allowed && (
          <Link className="v-btn v-btn--ghost vu-back" to={pathTo('project', { uuid })}>
            {t('users.backToProject', { project: project.name })}
          </Link>
        )}
        <h1>{project ? t('users.titleWithProject', { project: project.name, ...nameContext(project.name) }) : t('users.title')}</h1>
        {project && allowed && <p className="v-muted">{t('users.intro')}</p>}
      </div>
      {body}
    </div>
  );
}
