import './messages/bundled.ts';
import './messages/bundled-not-found.ts';
import { useStore } from '@nanostores/react';
import type { NotFoundResource } from '../../core/router/routes.ts';
import { pathTo } from '../../core/router/routes.ts';
import { $currentUser } from '../../core/session/session.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';

const RESOURCES: readonly NotFoundResource[] = ['Project', 'Site', 'System', 'Incident', 'Notification'];

function isResource(value: string | undefined): value is NotFoundResource {
  return RESOURCES.includes(value as NotFoundResource);
}

/**
 * /404 (where every unknown path goes): names the resource when a load failed
 * (`?resource=Project`) and the address that was asked for (`?path=/projects/…`), so the
 * person sees what they typed or followed and can correct it.
 */
export function NotFoundPage({ resource, asked }: { resource?: string | undefined; asked?: string | undefined }) {
  const t = useT();
  const user = useStore($currentUser);
  usePageTitle(t('layout.notFound.title'));
  const known = isResource(resource) ? resource : null;
  return (
    <div className="state-page">
      <p className="state-code" aria-hidden="true">
        404
      </p>
      <h1>{known ? t(`layout.notFound.resource.${known}`) : t('layout.notFound.heading')}</h1>
      <p className="v-muted">{known ? t('layout.notFound.resourceBody') : t('layout.notFound.body')}</p>
      {asked?.startsWith('/') && (
        <p>
          {t('layout.notFound.asked')} <code>{asked.length > 200 ? `${asked.slice(0, 200)}…` : asked}</code>
        </p>
      )}
      {user ? (
        <Link className="v-btn v-btn--primary" to={pathTo('home')}>
          {t('layout.notFound.home')}
        </Link>
      ) : (
        <Link className="v-btn v-btn--primary" to={pathTo('login')}>
          {t('layout.notFound.signIn')}
        </Link>
      )}
    </div>
  );
}
