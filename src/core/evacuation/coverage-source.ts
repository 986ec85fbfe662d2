/**
 * Where the derived evacuation state's inputs come from: the page-wide status entries
 * ($evacuations), the project, site and system caches and the projects list. Screens call
 * `readCoverage` / `readBar` (and `coverageTargets` to know which statuses to watch);
 * they never combine raw statuses themselves.
 */
import type { ProjectSummary } from '../api/contract.ts';
import { $projects } from '../projects/projects.ts';
import { projectCache, siteCache, systemCache } from '../resources/resources.ts';
import { deriveCoverage, UNCONFIRMED_AFTER_MS, type CoverageScope, type EvacuationCoverage } from './coverage.ts';
import { getEntry } from './evacuation.ts';

export interface CoverageTargets {
  /** The project whose status is needed (undefined while the site or system loads). */
  project: string | undefined;
  /** The site whose status is needed (scopes 'site' and 'system'). */
  site: string | undefined;
}

function summary(uuid: string | undefined): ProjectSummary | undefined {
  return uuid ? $projects.get().projects?.find((p) => p.uuid === uuid) : undefined;
}

function projectFacts(uuid: string | undefined, fallbackName?: string, fallbackPermissions?: readonly string[]) {
  const full = uuid ? projectCache.peek(uuid) : undefined;
  const listed = summary(uuid);
  return {
    uuid,
    name: full?.name ?? listed?.name ?? fallbackName,
    permissions: full?.permissions ?? listed?.permissions ?? fallbackPermissions,
  };
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

/** One line of the page-wide alarm bar. */
export interface BarItem {
  kind: 'project' | 'site';
  uuid: string;
  name: string;
  projectUuid: string;
  projectName: string;
  since: string | null;
  /** Its project's status could not be confirmed for a while (the last known state is shown). */
  unconfirmed: boolean;
}

/** The user's projects whose statuses the bar watches. */
export function barProjects(): string[] {
  return ($projects.get().projects ?? []).map((p) => p.uuid);
}

/**
 * Everything the user can see that is evacuating, from the projects list and each
 * project's status (which lists its sites evacuating on their own): whole projects first.
 */
export function readBar(now = Date.now()): BarItem[] {
  const items: BarItem[] = [];
  const sites: BarItem[] = [];
  for (const project of $projects.get().projects ?? []) {
    const entry = getEntry('project', project.uuid);
    const status = entry?.status;
    if (!status) continue;
    const unconfirmed = Boolean(entry.error) && (entry.checkedAt === undefined || now - entry.checkedAt > UNCONFIRMED_AFTER_MS);
    const base = { projectUuid: project.uuid, projectName: project.name, unconfirmed };
    if (status.status === 'active') items.push({ kind: 'project', uuid: project.uuid, name: project.name, since: status.started_at, ...base });
    for (const site of status.active_sites ?? []) sites.push({ kind: 'site', uuid: site.uuid, name: site.name, since: site.started_at, ...base });
  }
  return [...items, ...sites];
}
