import { formatNumber } from '../../core/i18n/i18n.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import type { Neighbours } from './useNeighbours.ts';

/**
 * Previous / next through the list the user came from, and the incident's place in it;
 * without `around` (the list not known yet, or its code still loading: `IncidentWalk.tsx`)
 * the same buttons, inactive, so nothing moves when the neighbours come.
 */
export function WalkView({ around, search }: { around?: Neighbours; search: Record<string, string> }) {
  const t = useT();
  return (
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
}
