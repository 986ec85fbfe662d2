import './messages/bundled.ts';
import type { EvacuationEntry } from '../../core/evacuation/evacuation.ts';
import { isActive } from '../../core/evacuation/evacuation.ts';
import { useT } from '../common/useT.ts';
import { formatChecked, formatMoment } from './format.ts';
import { CheckIcon, WarningIcon } from './icons.tsx';

export interface EvacuationStatusViewProps {
  entry: EvacuationEntry;
  onCheckAgain: () => void;
}

/**
 * What the server last said about one evacuation: active (since when, by whom) or not,
 * told in words, an icon and a frame, not by colour alone. Only the state itself is a
 * live region; "checked at" changes every poll and is not announced.
 */
export function EvacuationStatusView({ entry, onCheckAgain }: EvacuationStatusViewProps) {
  const t = useT();
  const status = entry.status!;
  const active = isActive(status);
  const sites = status.active_sites ?? [];
  return (
    <div className="v-stack evac-status-block">
      <div className={`evac-status ${active ? 'evac-status--active' : 'evac-status--inactive'}`} role="status" part="status">
        <span className="evac-status-icon">{active ? <WarningIcon /> : <CheckIcon />}</span>
        <div className="evac-status-text">
          <p className="evac-state">{t(active ? 'evacuation.control.active' : 'evacuation.control.inactive')}</p>
          {active && status.started_at && <p>{t('evacuation.control.since', { time: formatMoment(status.started_at) })}</p>}
          {active && status.started_by && <p>{t('evacuation.control.startedBy', { name: status.started_by })}</p>}
          {!active && status.aborted_at && <p className="v-small">{t('evacuation.control.lastEnded', { time: formatMoment(status.aborted_at) })}</p>}
        </div>
      </div>
      {sites.length > 0 && (
        <div className="evac-sites" role="status">
          <p className="evac-sites-title">{t('evacuation.control.activeSites')}</p>
          <ul>
            {sites.map((site) => (
              <li key={site.uuid}>
                <WarningIcon /> <strong>{site.name}</strong>
                {site.started_at && (
                  <span className="v-small">
                    {' — '}
                    {site.started_by
                      ? t('evacuation.banner.sinceBy', { time: formatMoment(site.started_at), name: site.started_by })
                      : t('evacuation.control.since', { time: formatMoment(site.started_at) })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {entry.unconfirmed && (
        <p className="v-message">{t(entry.unconfirmed === 'start' ? 'evacuation.control.unconfirmedStart' : 'evacuation.control.unconfirmedAbort')}</p>
      )}
      {entry.error ? (
        <div className="v-message v-small evac-stale">
          <span>{t('evacuation.control.stale', { time: formatChecked(entry.checkedAt) })}</span>
          <button type="button" className="v-btn v-btn--small" onClick={onCheckAgain} disabled={entry.loading}>
            {t('evacuation.control.checkAgain')}
          </button>
        </div>
      ) : (
        <p className="v-small v-muted evac-checked">{t('evacuation.control.checkedAt', { time: formatChecked(entry.checkedAt) })}</p>
      )}
    </div>
  );
}
