import { useRef, useState } from 'react';
import type { Incident } from '../../core/api/contract.ts';
import { acknowledgeIncident } from '../../core/inbox/incident-actions.ts';
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
 * severity, open, acknowledged or handled, and when. Columns on a wide screen, stacked on a
 * phone. An open incident nobody acknowledged yet has its Acknowledge button beside the
 * row (a sibling of the row's link: Tab reaches it after the row, touch hits it alone).
 */
export function IncidentRow({ incident, target, tabIndex, kept = false }: IncidentRowProps) {
  const t = useT();
  // A row kept from an earlier visit claims no state (open, handled) and offers no action yet.
  const ackable = !kept && incident.handled_by === null && !incident.acknowledged_at;
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
          {kept ? (
            <span className="v-muted" part="state-checking">
              {t('inbox.kept.state')}
            </span>
          ) : (
            <HandlingState handled={incident.handled_by !== null} acknowledged={Boolean(incident.acknowledged_at)} />
          )}
        </span>
        {/* On the site's clock, zone named; the viewer's own clock on hover. */}
        <SiteTime className="vi-irow-time" at={incident.occurred_at} timeZone={incident.site?.timezone} date="always" />
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
      title={t('inbox.work.rowAcknowledge')}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={acknowledge}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M8 3.5c3.1 0 5.4 2.3 6.5 4.5-1.1 2.2-3.4 4.5-6.5 4.5S2.6 10.2 1.5 8C2.6 5.8 4.9 3.5 8 3.5Zm0 1.7c-2 0-3.7 1.3-4.6 2.8.9 1.5 2.6 2.8 4.6 2.8s3.7-1.3 4.6-2.8C11.7 6.5 10 5.2 8 5.2Zm0 1.1a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4Z"
        />
      </svg>
      {/* On a phone the eye alone (its name is the label above; `title` says it to pointers). */}
      <span className="vi-ack-text">{t('inbox.work.rowAcknowledge')}</span>
    </button>
  );
}
