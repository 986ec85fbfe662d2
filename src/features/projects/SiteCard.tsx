import { Fragment } from 'react';
import type { Site } from '../../core/api/contract.ts';
import { timeZoneName } from '../../core/i18n/names.ts';
import { siteHealth } from '../../core/projects/health.ts';
import { pathTo } from '../../core/router/routes.ts';
import { securedAt } from '../../core/schedules/secured.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { EvacuationMarker, HealthLines, useSecuredText, useSystemCountsText } from './Health.tsx';
import { SystemList } from './SystemList.tsx';

/**
 * A site on its project's page: name (link), evacuation marker, address, time zone, its
 * systems counted by kind ("3 camera systems · 1 alarm panel", all of them, so the count
 * never disagrees with the site's page), what needs attention and whether it is secured
 * now, then its camera systems (the project's answer lists only those,
 * docs/product.md#constants-and-limits).
 */
export function SiteCard({ site, now }: { site: Site; now: number }) {
  const t = useT();
  const securedText = useSecuredText();
  const countsText = useSystemCountsText();
  const health = siteHealth(site);
  const state = site.schedule ? securedAt(site.schedule, site.timezone, now) : null;
  const counts = health ? countsText(health.systems_by_type) : [t('projects.project.systems', { count: site.systems.length })];

  return (
    <li className="v-card v-stack pj-site" part="site">
      <div className="v-stack pj-site-head">
        <div className="pj-card-head">
          <h3>
            <Link to={pathTo('site', { uuid: site.uuid })}>{site.name}</Link>
          </h3>
          {health?.evacuating && <EvacuationMarker mode={health.evacuation_mode} />}
        </div>
        <p className="v-muted v-small">
          {site.address} · {timeZoneName(site.timezone)} ·{' '}
          <span part="system-counts">
            {counts.map((text, i) => (
              <Fragment key={text}>
                {i > 0 && ' · '}
                <span className="pj-count">{text}</span>
              </Fragment>
            ))}
          </span>
        </p>
      </div>
      {health && (
        <HealthLines
          health={health}
          scope={{ site: site.uuid }}
          secured={
            state
              ? {
                  text: state.exception
                    ? t('projects.health.byException', { state: securedText(state), label: state.exception })
                    : securedText(state),
                  secured: state.secured,
                }
              : undefined
          }
        />
      )}
      <SystemList systems={site.systems} />
    </li>
  );
}
