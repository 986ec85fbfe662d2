import { useId } from 'react';
import type { Site } from '../../core/api/contract.ts';
import { useT } from '../common/useT.ts';

export interface StartFromProps {
  sites: readonly Site[];
  /** '' = an empty week, else a site's uuid. */
  value: string;
  onChange: (value: string) => void;
}

/** Where painting starts: an empty week, or a copy of one site's current schedule. */
export function StartFrom({ sites, value, onChange }: StartFromProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="v-field ss-start">
      <label className="v-label" htmlFor={id}>
        {t('schedules.multi.startFrom')}
      </label>
      <select id={id} className="v-select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('schedules.multi.startEmpty')}</option>
        {sites.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {t('schedules.multi.startSite', { site: s.name })}
          </option>
        ))}
      </select>
    </div>
  );
}
