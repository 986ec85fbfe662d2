import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { notificationCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { NotificationDetail } from './NotificationDetail.tsx';

/** Portal page of /inbox/notification/{uuid}; a missing notification goes to /404 (docs/product.md#session). */
export function NotificationPage({ uuid }: { uuid: string }) {
  const t = useT();
  const entries = useStore(notificationCache.$entries, { keys: [uuid] });
  usePageTitle(entries[uuid]?.data?.title ?? t('inbox.tabs.notifications'));
  return (
    <NotificationDetail
      uuid={uuid}
      heading="h1"
      onMissing={() => notFound('Notification')}
      back={
        <Link to={pathTo('notifications')} className="v-btn v-btn--ghost vi-back">
          {t('inbox.back.notifications')}
        </Link>
      }
    />
  );
}
