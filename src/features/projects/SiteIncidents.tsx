import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Incident } from '../../core/api/contract.ts';
import { filterQuery } from '../../core/inbox/filters.ts';
import { reloadSiteIncidents, siteIncidents, watchSiteIncidents } from '../../core/projects/siteIncidents.ts';
import { pathTo } from '../../core/router/routes.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { Link } from '../common/Link.tsx';
import { SiteTime } from '../common/SiteTime.tsx';
import { useT } from '../common/useT.ts';

// The site page starts watching with the site's own request (SitePage.tsx): this chunk carries it.
export { watchSiteIncidents };

/**
 * The site's incidents: the open ones first (newest first, as the server lists them),
 * how many are open with a link to exactly those in the inbox, the latest handled ones, and
 * the way to all of them. Loaded again when the live channel says incidents changed, and in
 * a new language (the server translates titles).
 */
export function SiteIncidents({ site, timeZone }: { site: string; timeZone: string }) {
  const t = useT();
  const entry = useStore(siteIncidents.$entries, { keys: [site] })[site];
  useEffect(() => watchSiteIncidents(site), [site]);
  const data = entry?.data;

  return (
    <section className="v-card v-stack st-incidents" aria-labelledby="st-incidents" part="incidents">
      <h2 id="st-incidents">{t('projects.site.incidents')}</h2>
      {!data ? (
        <LoadState
          status={entry?.status}
          loading={<p className="v-muted">{t('core.common.loading')}</p>}
          missingText={t('projects.site.incidentsFailed')}
          failedText={t('projects.site.incidentsFailed')}
          retryLabel={t('core.common.retry')}
          onRetry={() => reloadSiteIncidents(site)}
        />
      ) : (
        <>
          <p className={data.openTotal > 0 ? 'st-open-count st-open-count--some' : 'st-open-count'}>
            {data.openTotal > 0 ? (
              <Link to={pathTo('inbox', {}, filterQuery({ site, open: true }))}>
                {t('projects.site.openIncidents', { count: data.openTotal })}
              </Link>
            ) : (
              t('projects.site.noOpenIncidents')
            )}
          </p>
          {data.open.length > 0 && <IncidentLines incidents={data.open} site={site} timeZone={timeZone} />}
          {data.handled.length > 0 && (
            <>
              <h3 className="st-subhead">{t('projects.site.recentlyHandled')}</h3>
              <IncidentLines incidents={data.handled} site={site} timeZone={timeZone} />
            </>
          )}
          {data.openTotal === 0 && data.handled.length === 0 && <p className="v-muted">{t('projects.site.noIncidents')}</p>}
          <Link className="st-all" to={pathTo('inbox', {}, filterQuery({ site }))}>
            {t('projects.site.allIncidents')}
          </Link>
        </>
      )}
    </section>
  );
}

/** One line each: the title as a link, then its severity (a word, not colour alone), when on the site's clock and where. */
function IncidentLines({ incidents, site, timeZone }: { incidents: readonly Incident[]; site: string; timeZone: string }) {
  const t = useT();
  return (
    <ul className="st-incident-list">
      {incidents.map((incident) => (
        <li key={incident.uuid} className="st-incident">
          <Link className="st-incident-title" to={pathTo('incident', { uuid: incident.uuid }, filterQuery({ site }))}>
            {incident.title}
          </Link>
          <span className="st-incident-facts v-small">
            <span className={`pj-sev pj-sev--${incident.severity}`}>{t(`projects.health.severity.${incident.severity}`)}</span>
            <SiteTime className="v-muted" at={incident.occurred_at} timeZone={incident.site?.timezone ?? timeZone} />
            {incident.system && <span className="v-muted">{incident.system.name}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
