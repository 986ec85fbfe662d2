import { useId, useMemo } from 'react';
import { timeZoneNames } from '../../core/schedules/dst.ts';
import { useT } from '../common/useT.ts';

export interface TimeZoneSelectProps {
  /** '' keeps each site's own time zone. */
  value: string;
  onChange: (value: string) => void;
  /** Zones the project's sites use, offered first. */
  used: readonly string[];
}

/** Optional new time zone for every chosen site; by default each site keeps its own. */
export function TimeZoneSelect({ value, onChange, used }: TimeZoneSelectProps) {
  const t = useT();
  const id = useId();
  const all = useMemo(() => timeZoneNames(), []);
  return (
    <div className="v-field ss-zone-field">
      <label className="v-label" htmlFor={id}>
        {t('schedules.multi.timezoneLabel')}
      </label>
      <select id={id} className="v-select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('schedules.multi.keepZones')}</option>
        <optgroup label={t('schedules.multi.usedZones')}>
          {used.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('schedules.multi.allZones')}>
          {all
            .filter((z) => !used.includes(z))
            .map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
        </optgroup>
      </select>
    </div>
  );
}
