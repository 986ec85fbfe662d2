import type { ProjectSummary } from '../../core/api/contract.ts';
import { SEVERITIES, type Severity } from '../../core/api/constants.ts';
import { openIncidentsPath } from '../../core/inbox/attention.ts';
import { projectHealth } from '../../core/projects/health.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { EvacuationMarker } from './Health.tsx';

/**
 * Home on a wide screen: beside the projects, what needs attention across all of them —
 * the evacuations under way, every open incident with the worst severity (a link to exactly
 * those in the inbox), every offline system by name (each a link to its page). Read from
 * the list's own health, so it costs no request and is as live as the cards; projects.css
 * shows it only where the page is wide enough for it beside the cards.
 */
export function HomeGlance({ projects }: { projects: readonly ProjectSummary[] }) {
  const t = useT();
  const read = projects.map((project) => ({ project, health: projectHealth(project) }));
  const evacuating = read.filter(({ project, health }) => project.evacuation_active || health?.evacuating);
  let open = 0;
  let worst: Severity | null = null;
  for (const { health } of read) {
    if (!health) continue;
    open += health.open_incidents.count;
    const severity = health.open_incidents.worst_severity;
    if (severity && (!worst || SEVERITIES.indexOf(severity) > SEVERITIES.indexOf(worst))) worst = severity;
  }
  const offline = read.flatMap(({ project, health }) => (health?.systems_offline ?? []).map((system) => ({ system, project })));
  const known = read.some(({ health }) => health);
  if (!known && evacuating.length === 0) return null;

  return (
    <div className="pj-glance" part="glance">
      <h2 className="pj-glance-title">{t('projects.glance.title')}</h2>
      {evacuating.length > 0 && (
        <div className="pj-glance-part">
          <h3>{t('projects.glance.evacuations')}</h3>
          <ul className="pj-glance-list">
            {evacuating.map(({ project, health }) => (
              <li key={project.uuid} className="pj-glance-row">
                <EvacuationMarker mode={health?.evacuation_mode} />
                <Link to={pathTo('project', { uuid: project.uuid })}>{project.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="pj-glance-part">
        <h3>{t('projects.glance.open')}</h3>
        {open > 0 && worst ? (
          <p className={`pj-health-line pj-health--${worst}`}>
            <span className="pj-health-icon" aria-hidden="true" />
            <span>
              <Link to={openIncidentsPath()} className="pj-health-link">
                {t('projects.health.incidents', { count: open })}
              </Link>{' '}
              <span className={`pj-sev pj-sev--${worst}`}>
                {t('projects.health.worst', { severity: t(`projects.health.severity.${worst}`) })}
              </span>
            </span>
          </p>
        ) : (
          <p className="pj-health-line pj-health--ok">
            <span className="pj-health-icon" aria-hidden="true" />
            <span>{t('projects.glance.noOpen')}</span>
          </p>
        )}
      </div>
      <div className="pj-glance-part">
        <h3>{t('projects.glance.offline')}</h3>
        {offline.length > 0 ? (
          <ul className="pj-glance-list">
            {offline.map(({ system, project }) => (
              <li key={system.uuid} className="pj-health-line pj-health--bad">
                <span className="pj-health-icon" aria-hidden="true" />
                <span>
                  <Link to={pathTo('system', { uuid: system.uuid })}>{system.name}</Link>
                  <span className="v-muted"> · {project.name}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pj-health-line pj-health--ok">
            <span className="pj-health-icon" aria-hidden="true" />
            <span>{t('projects.glance.allOnline')}</span>
          </p>
        )}
      </div>
    </div>
  );
}
