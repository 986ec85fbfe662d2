/**
 * Where the derived evacuation state's inputs come from: the page-wide status entries
 * ($evacuations) and the project, site and system caches. Screens call `readCoverage`
 * (and `coverageTargets` to know which statuses to watch); they never combine raw
 * statuses themselves. The alarm bar's source is `bar-source.ts`.
 */
import { projectCache, siteCache, systemCache } from '../resources/resources.ts';
import { deriveCoverage, type CoverageScope, type EvacuationCoverage } from './coverage.ts';
import { getEntry } from './evacuation.ts';

export interface CoverageTargets {
  /** The project whose status is needed (undefined while the site or system loads). */
  project: string | undefined;
  /** The site whose status is needed (scopes 'site' and 'system'). */
  site: string | undefined;
}

function projectFacts(uuid: string | undefined, fallbackName?: string, fallbackPermissions?: readonly string[]) {
  const full = uuid ? projectCache.peek(uuid) : undefined;
  return { uuid, name: full?.name ?? fallbackName, permissions: full?.permissions ?? fallbackPermissions };
}

/** The project and site a target belongs to, as far as the caches know them now. */
export function coverageTargets(scope: CoverageScope, uuid: string): CoverageTargets {
  if (scope === 'project') return { project: uuid, site: undefined };
  if (scope === 'site') {
    const site = siteCache.peek(uuid);
    return { project: site?.project?.uuid ?? site?.project_uuid, site: uuid };
  }
  const system = systemCache.peek(uuid);
  const siteUuid = system?.site?.uuid ?? system?.site_uuid;
  const site = siteUuid ? siteCache.peek(siteUuid) : undefined;
  return { project: system?.project_uuid ?? site?.project_uuid ?? site?.project?.uuid, site: siteUuid };
}

/** The derived state of a project, site or system from what the page knows now. */
export function readCoverage(scope: CoverageScope, uuid: string, now = Date.now()): EvacuationCoverage {
  const targets = coverageTargets(scope, uuid);
  let siteName: string | undefined;
  let project;
  if (scope === 'project') project = projectFacts(uuid);
  else {
    const site = targets.site ? siteCache.peek(targets.site) : undefined;
    const system = scope === 'system' ? systemCache.peek(uuid) : undefined;
    siteName = site?.name ?? system?.site?.name;
    project = projectFacts(targets.project, site?.project?.name, site?.project?.permissions);
  }
  return deriveCoverage({
    scope,
    uuid,
    project,
    site: scope === 'project' ? undefined : { uuid: targets.site, name: siteName },
    projectEntry: targets.project ? getEntry('project', targets.project) : undefined,
    siteEntry: targets.site ? getEntry('site', targets.site) : undefined,
    now,
  });
}
