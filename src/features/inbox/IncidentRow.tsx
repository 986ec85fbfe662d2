import type { Incident } from '../../core/api/contract.ts';
import { formatDateTime } from '../../core/i18n/i18n.ts';
import { useT } from '../common/useT.ts';
import { RowAction, type RowTarget } from './RowAction.tsx';
import { SeverityPill } from './SeverityPill.tsx';
import type { RowProps } from './VirtualList.tsx';

export interface IncidentRowProps extends RowProps {
  incident: Incident;
  target: RowTarget;
}

/** One incident in the list: title, severity, when and where. */
export function IncidentRow({ incident, target, tabIndex }: IncidentRowProps) {
  const t = useT();
  const place = [incident.site?.name, incident.system?.name].filter(Boolean).join(' – ');
  return (
    <RowAction target={target} uuid={incident.uuid} tabIndex={tabIndex} className="vi-row" part="row">
      <span className={`vi-mark vi-mark--${incident.severity}`} aria-hidden="true" />
      <span className="vi-row-text">
        <span className="vi-row-title">{incident.title}</span>
        <span className="vi-row-meta">
          <SeverityPill
            severity={incident.severity}
            label={t('inbox.row.severity', { severity: t(`inbox.severity.${incident.severity}`) })}
          />
          <span>
            <time dateTime={incident.occurred_at}>{formatDateTime(incident.occurred_at)}</time>
          </span>
          {place && <span className="vi-row-place">{place}</span>}
        </span>
      </span>
    </RowAction>
  );
}
