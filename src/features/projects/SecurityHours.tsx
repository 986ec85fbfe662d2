import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { Schedule } from '../../core/api/contract.ts';
import { $language } from '../../core/i18n/languages.ts';
import { isUnsecured, securityHours, weekdayNames } from '../../core/projects/securityHours.ts';
import { useT } from '../common/useT.ts';

/** Read-only summary of a site's security hours: per day the secured intervals. */
export function SecurityHours({ schedule, timezone }: { schedule: Schedule | undefined; timezone: string }) {
  const t = useT();
  const language = useStore($language);
  const headingId = useId();
  const days = securityHours(schedule);
  const long = weekdayNames(language, 'long');
  const short = weekdayNames(language, 'short');
  return (
    <section className="v-card v-stack pj-hours" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('projects.site.securityHours')}</h2>
      <p className="v-muted v-small">{t('projects.site.securityHoursHint', { timezone: schedule?.timezone ?? timezone })}</p>
      {isUnsecured(days) ? (
        <p>{t('projects.site.unsecured')}</p>
      ) : (
        <dl className="pj-hours-list">
          {days.map((d) => (
            <div key={d.day} className="pj-hours-day">
              <dt>
                <abbr title={long[d.day]}>{short[d.day]}</abbr>
              </dt>
              <dd>
                {d.intervals.length === 0 ? (
                  <span className="v-muted">{t('projects.site.notSecured')}</span>
                ) : (
                  <ul>
                    {d.intervals.map((i) => (
                      <li key={`${i.from}-${i.to}`}>
                        {i.from}–{i.to}
                        {i.overnight && <span className="v-muted"> {t('projects.site.nextDay')}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
