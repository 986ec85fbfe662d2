import { useState } from 'react';
import type { Incident } from '../../core/api/contract.ts';
import { formatMoment } from '../../core/time/moments.ts';
import { showError } from '../../core/toasts/toasts.ts';
import { useT } from '../common/useT.ts';
import { HandlingState } from './HandlingState.tsx';
import { useUserName } from './useUserName.ts';
import { preloadable } from '../common/preloadable.tsx';

// The dialog (and the platform dialog's styles) load with the first "Handle…"; the actions'
// code (shared with the comment form) with the first action, so the page does not carry it.
const HandleDialog = preloadable(() => import('./HandleDialog.tsx').then((m) => ({ default: m.HandleDialog })));

/** The name of whoever handled it: as the project knows them when a member handled it, else resolved from the username. */
function useHandlerName(incident: Incident): string | undefined {
  const handled = incident.timeline?.findLast((e) => e.kind === 'handled');
  const resolved = useUserName(handled?.by ? null : incident.handled_by);
  return handled?.by ?? resolved ?? incident.handled_by ?? undefined;
}

/**
 * Where an incident stands and what a member can do about it: the state line ("Open",
 * "Acknowledged by X · time", "Handled by X · outcome") and, while it is open, Acknowledge
 * (until someone did) and Handle (a dialog: the outcome and a note).
 */
export function IncidentWork({ incident }: { incident: Incident }) {
  const t = useT();
  const [acknowledging, setAcknowledging] = useState(false);
  const [handling, setHandling] = useState(false);
  const handler = useHandlerName(incident);
  const handled = incident.handled_by !== null;
  const acknowledged = Boolean(incident.acknowledged_at);

  let line: string;
  if (handled) {
    const name = handler ?? t('inbox.timeline.someone');
    line = incident.outcome
      ? t('inbox.work.stateHandledOutcome', { name, outcome: t(`inbox.work.outcome.${incident.outcome}`) })
      : t('inbox.work.stateHandled', { name });
  } else if (acknowledged) {
    line = t('inbox.work.stateAcknowledged', {
      name: incident.acknowledged_by ?? t('inbox.timeline.someone'),
      time: formatMoment(incident.acknowledged_at),
    });
  } else line = t('inbox.work.stateOpen');

  const acknowledge = () => {
    if (acknowledging) return;
    setAcknowledging(true);
    void import('../../core/inbox/incident-actions.ts')
      .then((actions) => actions.acknowledgeIncident(incident.uuid))
      .catch(() => showError('core.toastErrors.acknowledgeIncident')) // its code could not be loaded
      .finally(() => setAcknowledging(false));
  };

  return (
    <div className="vi-work" part="work">
      <p
        className={`vi-open-state vi-open-state--${handled ? 'handled' : acknowledged ? 'acknowledged' : 'open'}`}
        part="open-state"
        role="status"
      >
        <HandlingState handled={handled} acknowledged={acknowledged} iconOnly />
        <span {...(handled && handler === undefined ? { 'aria-busy': true } : {})}>{line}</span>
      </p>
      {!handled && (
        <div className="vi-work-actions">
          {!acknowledged && (
            <button
              type="button"
              className="v-btn v-btn--primary"
              part="acknowledge"
              onClick={acknowledge}
              aria-disabled={acknowledging || undefined}
              aria-busy={acknowledging || undefined}
              title={t('inbox.work.acknowledgeHint')}
            >
              {t('inbox.work.acknowledge')}
            </button>
          )}
          <button type="button" className="v-btn" part="handle" aria-haspopup="dialog" onClick={() => setHandling(true)}>
            {t('inbox.work.handle')}
          </button>
        </div>
      )}
      {handling && (
        <>
          <HandleDialog incident={incident} onClose={() => setHandling(false)} />
        </>
      )}
    </div>
  );
}
