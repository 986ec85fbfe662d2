import { useId, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { capitalizeFirst } from '../../core/text/capitalize.ts';
import { timeZoneOptions } from '../../core/i18n/names.ts';
import { $language } from '../../core/i18n/languages.ts';
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
  const language = useStore($language);
  // Each zone by its name in the applied language with its offset now; sorted by that name.
  const usedOptions = useMemo(() => timeZoneOptions(used), [used, language]); // eslint-disable-line react-hooks/exhaustive-deps -- language: timeZoneOptions names zones in it
  const allOptions = useMemo(() => timeZoneOptions(timeZoneNames().filter((z) => !used.includes(z))), [used, language]); // eslint-disable-line react-hooks/exhaustive-deps -- language: timeZoneOptions names zones in it
  return (
    <div className="v-field ss-zone-field">
      <label className="v-label" htmlFor={id}>
        {t('schedules.multi.timezoneLabel')}
      </label>
      <select id={id} className="v-select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('schedules.multi.keepZones')}</option>
        <optgroup label={t('schedules.multi.usedZones')}>
          {usedOptions.map((z) => (
            <option key={z.value} value={z.value}>
              {capitalizeFirst(z.label, language)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('schedules.multi.allZones')}>
          {allOptions.map((z) => (
            <option key={z.value} value={z.value}>
              {capitalizeFirst(z.label, language)}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
