import type { ProjectSummary } from '../../core/api/contract.ts';
import { projectHealth, securedTally } from '../../core/projects/health.ts';
import { pathTo } from '../../core/router/routes.ts';
import { securedAt } from '../../core/schedules/secured.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { EvacuationMarker, HealthLines, useSecuredText } from './Health.tsx';

/**
 * One project on the home list; the whole card opens it. `now` is the time "secured now" is
 * read at. `checking`: the project is as kept from an earlier visit and not confirmed yet:
 * its health and evacuation say "checking", never a state (docs/product.md#a-second-visit).
 */
export function ProjectCard({ project, now, checking = false }: { project: ProjectSummary; now: number; checking?: boolean }) {
  const t = useT();
  const securedText = useSecuredText();
  const health = checking ? undefined : projectHealth(project);
  let secured: { text: string; secured: boolean } | undefined;
  if (health && health.sites.length > 0) {
    const states = health.sites.map((s) => securedAt(s.schedule, s.schedule.timezone, now));
    if (states.length === 1 && states[0]) secured = { text: securedText(states[0]), secured: states[0].secured };
    else if (states.length > 1) {
      const tally = securedTally(states);
      if (tally.known > 0)
        secured = { text: t('projects.health.sitesSecured', { secured: tally.secured, count: tally.known }), secured: tally.secured > 0 };
    }
  }
  return (
    <li className="v-card pj-card" part="project">
      <div className="pj-card-head">
        <h2 className="pj-card-title">
          <Link to={pathTo('project', { uuid: project.uuid })} className="pj-card-link">
            {project.name}
          </Link>
        </h2>
        {!checking && (project.evacuation_active || health?.evacuating) && <EvacuationMarker mode={health?.evacuation_mode} />}
      </div>
      {project.description && <p className="v-muted pj-card-desc">{project.description}</p>}
      {health && <HealthLines health={health} scope={{ project: project.uuid }} secured={secured} />}
      {checking && (
        <p className="v-muted pj-checking" part="health-checking">
          {t('projects.health.checking')}
        </p>
      )}
      {/* The list counts camera systems (type UFO) only, and says so. */}
      <p className="pj-counts v-muted" part="counts">
        <span className="pj-count">{t('projects.list.sites', { count: project.sites_count })}</span>
        {' · '}
        <span className="pj-count">{t('projects.health.cameraSystems', { count: project.systems_count })}</span>
      </p>
    </li>
  );
}
