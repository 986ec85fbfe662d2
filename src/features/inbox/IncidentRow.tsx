import type { Incident } from '../../core/api/contract.ts';
import { SiteTime } from '../common/SiteTime.tsx';
import { useT } from '../common/useT.ts';
import { HandlingState } from './HandlingState.tsx';
import { RowAction, type RowTarget } from './RowAction.tsx';
import { RowThumb } from './RowThumb.tsx';
import { SeverityPill } from './SeverityPill.tsx';
import type { RowProps } from './VirtualList.tsx';

export interface IncidentRowProps extends RowProps {
  incident: Incident;
  target: RowTarget;
}

/**
 * One incident in the list, for triage: its picture, title, where (site and system),
 * severity, open or handled, and when. Columns on a wide screen, stacked on a phone.
 */
export function IncidentRow({ incident, target, tabIndex }: IncidentRowProps) {
  const t = useT();
  return (
    <RowAction target={target} uuid={incident.uuid} tabIndex={tabIndex} className="vi-row vi-irow" part="row">
      <span className={`vi-mark vi-mark--${incident.severity}`} aria-hidden="true" />
      <RowThumb url={incident.media[0]} />
      <span className="vi-irow-title vi-row-title">{incident.title}</span>
      <span className="vi-irow-place">
        <span className="vi-irow-site">{incident.site?.name ?? t('inbox.incident.unknown')}</span>
        {incident.system && <span className="vi-irow-system">{incident.system.name}</span>}
      </span>
      <span className="vi-irow-facts">
        <span className="vi-irow-sev">
          <SeverityPill
            severity={incident.severity}
            label={t('inbox.row.severity', { severity: t(`inbox.severity.${incident.severity}`) })}
          />
        </span>
        <HandlingState handled={incident.handled_by !== null} />
      </span>
      {/* On the site's clock, zone named; the viewer's own clock on hover. */}
      <SiteTime className="vi-irow-time" at={incident.occurred_at} timeZone={incident.site?.timezone} date="always" />
    </RowAction>
  );
}
