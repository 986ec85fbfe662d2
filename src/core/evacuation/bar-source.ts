/**
 * The page-wide alarm bar's source: the user's projects (the projects list) and each
 * project's status, which lists its sites evacuating on their own.
 */
import { EVACUATE } from '../api/constants.ts';
import { $projects } from '../projects/projects.ts';
import { UNCONFIRMED_AFTER_MS } from './coverage.ts';
import { getEntry } from './evacuation.ts';

/** One line of the page-wide alarm bar. */
export interface BarItem {
  kind: 'project' | 'site';
  uuid: string;
  name: string;
  projectUuid: string;
  projectName: string;
  since: string | null;
  /** How many sites it covers: all of the project's for a whole project, else one. */
  sites: number;
  /** Its project's status could not be confirmed for a while (the last known state is shown). */
  unconfirmed: boolean;
  /** A drill is never shown as the real thing, nor a real one as a drill. */
  mode: 'real' | 'drill';
  /** The reason given when it started, if any. */
  message: string | null;
  /** The user may end it: 'evacuate' on its project (the server decides again). */
  mayEnd: boolean;
}

/** The user's projects whose statuses the bar watches. */
export function barProjects(): string[] {
  return ($projects.get().list?.data ?? []).map((p) => p.uuid);
}

/**
 * Everything the user can see that is evacuating, from the projects list and each
 * project's status (which lists its sites evacuating on their own): whole projects first.
 */
export function readBar(now = Date.now()): BarItem[] {
  const items: BarItem[] = [];
  const sites: BarItem[] = [];
  for (const project of $projects.get().list?.data ?? []) {
    const entry = getEntry('project', project.uuid);
    const status = entry?.status;
    // A status kept from an earlier visit is no alarm to raise: the bar says only what the
    // server said on this visit (the control on the project's page tells what was kept).
    if (!status || entry.kept) continue;
    const unconfirmed = Boolean(entry.error) && (entry.checkedAt === undefined || now - entry.checkedAt > UNCONFIRMED_AFTER_MS);
    const base = { projectUuid: project.uuid, projectName: project.name, unconfirmed, mayEnd: project.permissions.includes(EVACUATE) };
    if (status.status === 'active')
      items.push({
        kind: 'project',
        uuid: project.uuid,
        name: project.name,
        since: status.started_at,
        sites: project.sites_count,
        mode: status.mode ?? 'real',
        message: status.message ?? null,
        ...base,
      });
    for (const site of status.active_sites ?? [])
      sites.push({
        kind: 'site',
        uuid: site.uuid,
        name: site.name,
        since: site.started_at,
        sites: 1,
        mode: site.mode ?? 'real',
        message: site.message ?? null,
        ...base,
      });
  }
  return [...items, ...sites];
}

/** How many sites the bar's items cover together: a site of a project evacuating as a whole counts once. */
export function barSiteCount(items: BarItem[]): number {
  const whole = new Set(items.filter((i) => i.kind === 'project').map((i) => i.projectUuid));
  return items.reduce((n, i) => n + (i.kind === 'project' ? i.sites : whole.has(i.projectUuid) ? 0 : 1), 0);
}
