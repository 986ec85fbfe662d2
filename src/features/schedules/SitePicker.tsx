import { memo, useEffect, useId, useRef } from 'react';
import type { Site } from '../../core/api/contract.ts';
import { siteWeek, siteZone } from '../../core/schedules/convert.ts';
import { describeWeek } from '../../core/schedules/describe.ts';
import { timeZoneLabel } from '../../core/text/capitalize.ts';
import { useT } from '../common/useT.ts';

export interface SitePickerProps {
  sites: readonly Site[];
  selected: readonly string[];
  /** Without it the list only shows the schedules. */
  onChange?: (selected: string[]) => void;
}

/** The project's sites with their current schedule (compact) and time zone; choose several. */
export const SitePicker = memo(function SitePicker({ sites, selected, onChange }: SitePickerProps) {
  const t = useT();
  const id = useId();
  const allRef = useRef<HTMLInputElement>(null);
  const summaries = new Map(sites.map((s) => [s.uuid, s.schedule ? describeWeek(siteWeek(s)) : t('schedules.runs.never')]));
  const all = sites.length > 0 && sites.every((s) => selected.includes(s.uuid));
  const some = !all && sites.some((s) => selected.includes(s.uuid));

  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);

  if (sites.length === 0) return <p className="v-state">{t('schedules.multi.noSites')}</p>;

  const toggle = (uuid: string, on: boolean) =>
    onChange?.(
      on ? sites.filter((s) => s.uuid === uuid || selected.includes(s.uuid)).map((s) => s.uuid) : selected.filter((u) => u !== uuid),
    );

  return (
    <div className="ss-sites">
      {onChange && (
        <label className="ss-all">
          <input ref={allRef} type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked ? sites.map((s) => s.uuid) : [])} />
          {t('schedules.multi.selectAll', { count: sites.length })}
        </label>
      )}
      <ul className="ss-site-list">
        {sites.map((site) => {
          const zone = siteZone(site);
          const checked = selected.includes(site.uuid);
          return (
            <li key={site.uuid} className={checked ? 'ss-site ss-site--on' : 'ss-site'}>
              {onChange ? (
                <input
                  id={`${id}-${site.uuid}`}
                  type="checkbox"
                  checked={checked}
                  aria-describedby={`${id}-${site.uuid}-d`}
                  onChange={(e) => toggle(site.uuid, e.target.checked)}
                />
              ) : null}
              <div className="ss-site-text">
                {onChange ? (
                  <label htmlFor={`${id}-${site.uuid}`} className="ss-site-name">
                    {site.name}
                  </label>
                ) : (
                  <span className="ss-site-name">{site.name}</span>
                )}
                <span id={`${id}-${site.uuid}-d`} className="ss-site-meta v-small">
                  <span className="ss-zone">{timeZoneLabel(zone)}</span> · {summaries.get(site.uuid)}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
