import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { incidentCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { IncidentDetail } from './IncidentDetail.tsx';

/** Portal page of /inbox/incident/{uuid}; a missing incident goes to /404 (docs/product.md#session). */
export function IncidentPage({ uuid }: { uuid: string }) {
  const t = useT();
  const entries = useStore(incidentCache.$entries, { keys: [uuid] });
  usePageTitle(entries[uuid]?.data?.title ?? t('inbox.tabs.incidents'));
  return (
    <IncidentDetail
      uuid={uuid}
      heading="h1"
      onMissing={() => notFound('Incident')}
      back={
        <Link to={pathTo('inbox')} className="v-btn v-btn--ghost vi-back">
          {t('inbox.back.incidents')}
        </Link>
      }
    />
  );
}
