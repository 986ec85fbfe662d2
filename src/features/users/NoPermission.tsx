import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';

/** Shown instead of the users when the signed-in user lacks 'manage users' on the project. */
export function NoPermission({ project }: { project: string }) {
  const t = useT();
  return (
    <section className="v-card vu-no-permission" aria-labelledby="vu-no-permission-title" part="no-permission">
      <h2 id="vu-no-permission-title">{t('users.noPermission.title')}</h2>
      <p className="v-muted">{t('users.noPermission.body')}</p>
      <p>
        <Link to={pathTo('project', { uuid: project })}>{t('users.noPermission.back')}</Link>
      </p>
    </section>
  );
}
