import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { filterQuery } from '../../core/inbox/filters.ts';
import { incidentCache } from '../../core/resources/resources.ts';
import { notFound } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { IncidentDetail } from './IncidentDetail.tsx';
import { readUrlFilters } from './urlFilters.ts';
import { WalkView } from './WalkView.tsx';
import { preloadable } from '../common/preloadable.tsx';

// Until the walk's code is there, its links without their targets (the same place).
const IncidentWalk = preloadable(
  () => import('./IncidentWalk.tsx').then((m) => ({ default: m.IncidentWalk })),
  ({ search }) => <WalkView search={search} />,
);

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
          <IncidentWalk uuid={uuid} filters={filters} search={search} />
        </div>
      }
    />
  );
}
