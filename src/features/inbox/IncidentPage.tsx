import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { filterQuery } from '../../core/inbox/filters.ts';
import { incidentCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { IncidentDetail } from './IncidentDetail.tsx';
import { readUrlFilters } from './urlFilters.ts';
import { useNeighbours } from './useNeighbours.ts';

/**
 * Portal page of /inbox/incident/{uuid}; a missing incident goes to /404 (docs/product.md#session).
 * The query carries the filters of the list the user came from: Back returns to that list,
 * and previous / next walk it in its order.
 */
export function IncidentPage({ uuid }: { uuid: string }) {
  const t = useT();
  const entries = useStore(incidentCache.$entries, { keys: [uuid] });
  usePageTitle(entries[uuid]?.data?.title ?? t('inbox.tabs.incidents'));
  // The page opens again for each incident: the URL is read once per page.
  const filters = useMemo(() => readUrlFilters().filters, []);
  const search = filterQuery(filters);
  const around = useNeighbours(uuid, filters);
  const walk = (
    <nav className="vi-walk" aria-label={t('inbox.incident.walk')}>
      {around?.previous ? (
        <Link to={pathTo('incident', { uuid: around.previous }, search)} className="v-btn v-btn--small" rel="prev">
          <span aria-hidden="true">← </span>
          {t('inbox.incident.previous')}
        </Link>
      ) : (
        <span className="v-btn v-btn--small vi-walk-none" aria-hidden="true">
          <span>← </span>
          {t('inbox.incident.previous')}
        </span>
      )}
      {around && (
        <span className="vi-walk-position v-muted v-small">
          {t('inbox.incident.position', { index: formatNumber(around.index + 1), total: formatNumber(around.total) })}
        </span>
      )}
      {around?.next ? (
        <Link to={pathTo('incident', { uuid: around.next }, search)} className="v-btn v-btn--small" rel="next">
          {t('inbox.incident.next')}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : (
        <span className="v-btn v-btn--small vi-walk-none" aria-hidden="true">
          {t('inbox.incident.next')}
          <span> →</span>
        </span>
      )}
    </nav>
  );
  return (
    <IncidentDetail
      uuid={uuid}
      heading="h1"
      onMissing={() => notFound('Incident')}
      back={
        <div className="vi-detail-bar">
          <Link to={pathTo('inbox', {}, search)} className="v-btn v-btn--ghost vi-back">
            {t('inbox.back.incidents')}
          </Link>
          {walk}
        </div>
      }
    />
  );
}
