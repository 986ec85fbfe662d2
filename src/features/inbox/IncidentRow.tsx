import { useRef, useState } from 'react';
import type { Incident } from '../../core/api/contract.ts';
import { formatDateTime } from '../../core/i18n/i18n.ts';
import { acknowledgeIncident } from '../../core/inbox/incident-actions.ts';
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
 * severity, open, acknowledged or handled, and when. Columns on a wide screen, stacked on a
 * phone. An open incident nobody acknowledged yet has its Acknowledge button beside the
 * row (a sibling of the row's link: Tab reaches it after the row, touch hits it alone).
 */
export function IncidentRow({ incident, target, tabIndex }: IncidentRowProps) {
  const t = useT();
  const ackable = incident.handled_by === null && !incident.acknowledged_at;
  return (
    <>
      <RowAction
        target={target}
        uuid={incident.uuid}
        tabIndex={tabIndex}
        className={ackable ? 'vi-row vi-irow vi-irow--ack' : 'vi-row vi-irow'}
        part="row"
      >
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
          <HandlingState handled={incident.handled_by !== null} acknowledged={Boolean(incident.acknowledged_at)} />
        </span>
        <time className="vi-irow-time" dateTime={incident.occurred_at}>
          {formatDateTime(incident.occurred_at)}
        </time>
      </RowAction>
      <span className="vi-irow-act">{ackable && <RowAcknowledge incident={incident} tabIndex={tabIndex} />}</span>
    </>
  );
}

/** "Acknowledge" on a row; once done the row says Acknowledged and focus goes back to the row. */
function RowAcknowledge({ incident, tabIndex }: { incident: Incident; tabIndex: 0 | -1 }) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const acknowledge = () => {
    const button = ref.current;
    if (pending || !button) return;
    const hadFocus = (button.getRootNode() as Document | ShadowRoot).activeElement === button;
    const row = button.closest('[data-index]')?.querySelector<HTMLElement>('[data-row]');
    setPending(true);
    void acknowledgeIncident(incident.uuid).then((result) => {
      setPending(false);
      // The button leaves with the row's new state: focus stays in the list.
      if (result.ok && hadFocus) row?.focus();
    });
  };
  return (
    <button
      ref={ref}
      type="button"
      className="v-btn v-btn--small vi-ack"
      part="acknowledge"
      tabIndex={tabIndex}
      aria-label={t('inbox.work.rowAcknowledgeLabel', { title: incident.title })}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={acknowledge}
    >
      {t('inbox.work.rowAcknowledge')}
    </button>
  );
}
