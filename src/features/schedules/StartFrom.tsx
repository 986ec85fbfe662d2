import { useId } from 'react';
import type { Site } from '../../core/api/contract.ts';
import type { StartPoint } from '../../core/schedules/start.ts';
import { useT } from '../common/useT.ts';

export interface StartFromProps {
  sites: readonly Site[];
  /** '' = an empty week, 'current' = the chosen sites' shared schedule, else a site's uuid. */
  value: string;
  /** What the chosen sites have now (the default start: their shared schedule, or an empty week). */
  start: StartPoint;
  /** The start follows the chosen sites (nothing was picked by hand): say where it comes from. */
  automatic: boolean;
  onChange: (value: string) => void;
}

/**
 * Where painting starts: by default the chosen sites' current schedule when they all share
 * one ("Starting from the current schedule of all 3 sites"), else an empty week (and that
 * they differ); or a copy of one site's current schedule.
 */
export function StartFrom({ sites, value, start, automatic, onChange }: StartFromProps) {
  const t = useT();
  const id = useId();
  const note =
    automatic && start.kind === 'shared'
      ? t('schedules.multi.startShared', { count: start.count })
      : automatic && start.kind === 'differ'
        ? t('schedules.multi.startDiffer', { count: start.count })
        : '';
  return (
    <div className="v-field ss-start">
      <label className="v-label" htmlFor={id}>
        {t('schedules.multi.startFrom')}
      </label>
      <select id={id} className="v-select" value={value} aria-describedby={`${id}-note`} onChange={(e) => onChange(e.target.value)}>
        {start.kind === 'shared' && <option value="current">{t('schedules.multi.startCurrent')}</option>}
        <option value="">{t('schedules.multi.startEmpty')}</option>
        {sites.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {t('schedules.multi.startSite', { site: s.name })}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="ss-start-note v-small v-muted" role="status" part="start-note">
        {note}
      </p>
    </div>
  );
}
