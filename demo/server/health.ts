/**
 * Health at a glance (docs/product.md "Health at a glance"): what needs attention in a
 * project or a site, computed from the stored rows at the moment of the call (no columns
 * of its own): its offline systems (every type), its open incidents (not handled yet, of
 * any age: the same set as the inbox's `filter[open]=true` narrowed to the project or site)
 * with the worst severity among them, and those of the last 24 hours apart, whether it is
 * being evacuated (a project-wide evacuation covers every site), and how many systems of
 * each type it has.
 *
 * Callers check access first: these functions read whatever project or site they are given.
 */
import { SEVERITIES, type Schedule, type Severity } from '../../src/core/api/contract.ts';
import type { SiteRow } from './access.ts';
import type { Db } from './db.ts';
import { scheduleOf } from './views.ts';

/** The window of `open_incidents_24h` (kept for older clients; the cards count every open incident). */
export const OPEN_INCIDENTS_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface OfflineSystem {
  uuid: string;
  name: string;
  site_uuid: string;
}

export interface Health {
  systems_offline: OfflineSystem[];
  /** Every incident of it not handled yet, whenever it occurred, and the worst severity among them. */
  open_incidents: { count: number; worst_severity: Severity | null };
  /** The open incidents that occurred in the last 24 hours (a window, named as one wherever shown). */
  open_incidents_24h: { count: number; worst_severity: Severity | null };
  evacuating: boolean;
  /** What the evacuation is when one is active: `real` when any real one covers it, else `drill`; null when none. */
  evacuation_mode: EvacuationMode | null;
  /** Systems per type (`UFO` camera systems, `ALARM` alarm panels, …), every type counted. */
  systems_by_type: Record<string, number>;
}

export interface ProjectHealth extends Health {
  /** Each site's security hours and evacuation, for "secured now" on the project's card. */
  sites: { uuid: string; name: string; evacuating: boolean; evacuation_mode: EvacuationMode | null; schedule: Schedule }[];
}

type Scope = { project: string; site?: string };
type EvacuationMode = 'real' | 'drill';

/** The mode that counts among active evacuations: a real one outweighs any drill. */
const strongest = (modes: readonly (string | null | undefined)[]): EvacuationMode | null =>
  modes.includes('real') ? 'real' : modes.includes('drill') ? 'drill' : null;

const worst = (severities: readonly string[]): Severity | null => {
  let rank = -1;
  for (const s of severities) rank = Math.max(rank, SEVERITIES.indexOf(s as Severity));
  return rank < 0 ? null : SEVERITIES[rank]!;
};

function projectEvacuation(db: Db, project: string): EvacuationMode | null {
  const row = db.get<{ mode: string }>(
    `SELECT mode FROM evacuations WHERE scope = 'project' AND target_uuid = ? AND status = 'active'`,
    project,
  );
  return strongest([row?.mode]);
}

function siteEvacuation(db: Db, site: string): EvacuationMode | null {
  const row = db.get<{ mode: string }>(`SELECT mode FROM evacuations WHERE scope = 'site' AND target_uuid = ? AND status = 'active'`, site);
  return strongest([row?.mode]);
}

function healthOf(db: Db, { project, site }: Scope, now: number): Health {
  const where = site ? 'y.site_uuid = ?' : 's.project_uuid = ?';
  const key = site ?? project;
  const systems = db.all<{ uuid: string; name: string; site_uuid: string; type: string; online: number }>(
    `SELECT y.uuid, y.name, y.site_uuid, y.type, y.online FROM systems y JOIN sites s ON s.uuid = y.site_uuid
     WHERE ${where} ORDER BY s.position, s.name, y.position, y.name`,
    key,
  );
  const since = new Date(now - OPEN_INCIDENTS_WINDOW_MS).toISOString();
  const until = new Date(now).toISOString();
  const incidents = db.all<{ severity: string; occurred_at: string }>(
    `SELECT severity, occurred_at FROM incidents WHERE ${site ? 'site_uuid = ?' : 'project_uuid = ?'} AND handled_by IS NULL`,
    key,
  );
  const recent = incidents.filter((i) => i.occurred_at >= since && i.occurred_at <= until);
  const byType: Record<string, number> = {};
  for (const y of systems) byType[y.type] = (byType[y.type] ?? 0) + 1;
  const mode = site
    ? strongest([projectEvacuation(db, project), siteEvacuation(db, site)])
    : strongest([
        projectEvacuation(db, project),
        ...db
          .all<{ mode: string }>(
            `SELECT e.mode FROM evacuations e JOIN sites s ON e.scope = 'site' AND e.target_uuid = s.uuid WHERE s.project_uuid = ? AND e.status = 'active'`,
            project,
          )
          .map((r) => r.mode),
      ]);
  return {
    systems_offline: systems.filter((y) => y.online !== 1).map((y) => ({ uuid: y.uuid, name: y.name, site_uuid: y.site_uuid })),
    open_incidents: { count: incidents.length, worst_severity: worst(incidents.map((i) => i.severity)) },
    open_incidents_24h: { count: recent.length, worst_severity: worst(recent.map((i) => i.severity)) },
    evacuating: mode !== null,
    evacuation_mode: mode,
    systems_by_type: byType,
  };
}

/** One site's health (its project's evacuation counts as the site's). */
export function siteHealth(db: Db, site: Pick<SiteRow, 'uuid' | 'project_uuid'>, now = Date.now()): Health {
  return healthOf(db, { project: site.project_uuid, site: site.uuid }, now);
}

/** A project's health over all its sites, with each site's schedule for "secured now". */
export function projectHealth(db: Db, project: string, now = Date.now()): ProjectHealth {
  const whole = projectEvacuation(db, project);
  const sites = db.all<SiteRow>(
    'SELECT uuid, project_uuid, name, address, timezone, schedule FROM sites WHERE project_uuid = ? ORDER BY position, name',
    project,
  );
  return {
    ...healthOf(db, { project }, now),
    sites: sites.map((s) => {
      const mode = strongest([whole, siteEvacuation(db, s.uuid)]);
      return { uuid: s.uuid, name: s.name, evacuating: mode !== null, evacuation_mode: mode, schedule: scheduleOf(db, s) };
    }),
  };
}
