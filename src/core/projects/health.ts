/**
 * Health at a glance (docs/product.md#health-at-a-glance): what the API says needs attention
 * in a project or a site — offline systems, its open incidents (every one not handled yet,
 * the same set the inbox lists with `open=1`) with the worst severity, evacuation, system counts per type — read defensively from the `health` field
 * of the home list's items and of a project's sites (an older API without it: undefined, and
 * the cards say nothing rather than "all well").
 */
import type { Schedule, Severity } from '../api/contract.ts';
import { SEVERITIES } from '../api/constants.ts';

export interface OfflineSystem {
  uuid: string;
  name: string;
  site_uuid?: string;
}

/** A drill, or a real evacuation (also when an older API does not say: never a calm state). */
export type EvacuationMode = 'real' | 'drill';

export interface Health {
  systems_offline: OfflineSystem[];
  /** Every open incident (not handled yet, of any age) and the worst severity among them. */
  open_incidents: { count: number; worst_severity: Severity | null };
  evacuating: boolean;
  /** What the evacuation under way is; null when none. */
  evacuation_mode: EvacuationMode | null;
  /** Systems per type: `UFO` camera systems, `ALARM` alarm panels, others as sent. */
  systems_by_type: Record<string, number>;
}

export interface SiteSchedule {
  uuid: string;
  name: string;
  evacuating: boolean;
  evacuation_mode: EvacuationMode | null;
  schedule: Schedule;
}

export interface ProjectHealth extends Health {
  sites: SiteSchedule[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
/** Only a drill the API names as one reads as a drill. */
const modeOf = (evacuating: boolean, mode: unknown): EvacuationMode | null => (!evacuating ? null : mode === 'drill' ? 'drill' : 'real');

function readHealth(x: unknown): Health | undefined {
  if (!isObject(x)) return undefined;
  // Only the count of every open incident: an API that gives the last 24 h alone would make
  // a card read calm while older incidents are open, so such a health is not read at all.
  const { systems_offline: offline, open_incidents: open, evacuating, systems_by_type: byType } = x;
  if (!Array.isArray(offline) || !isObject(open) || typeof evacuating !== 'boolean' || !isObject(byType)) return undefined;
  const systems = offline.filter((s): s is OfflineSystem => isObject(s) && typeof s.uuid === 'string' && typeof s.name === 'string');
  if (systems.length !== offline.length || !isCount(open.count)) return undefined;
  const worst = SEVERITIES.includes(open.worst_severity as Severity) ? (open.worst_severity as Severity) : null;
  if (open.count > 0 && !worst) return undefined;
  const counts: Record<string, number> = {};
  for (const [type, n] of Object.entries(byType)) if (isCount(n)) counts[type] = n;
  return {
    systems_offline: systems.map((s) => ({ uuid: s.uuid, name: s.name, ...(s.site_uuid ? { site_uuid: s.site_uuid } : {}) })),
    open_incidents: { count: open.count, worst_severity: open.count > 0 ? worst : null },
    evacuating,
    evacuation_mode: modeOf(evacuating, x.evacuation_mode),
    systems_by_type: counts,
  };
}

/** The `health` of a site of GET /api/v2/projects/{uuid}, if the answer has a well-formed one. */
export function siteHealth(site: object): Health | undefined {
  return readHealth((site as { health?: unknown }).health);
}

/** The `health` of an item of GET /api/v2/projects, with its sites' schedules, if well-formed. */
export function projectHealth(project: object): ProjectHealth | undefined {
  const raw = (project as { health?: unknown }).health;
  const health = readHealth(raw);
  const sites = isObject(raw) && Array.isArray(raw.sites) ? raw.sites : undefined;
  if (!health || !sites) return undefined;
  const read = sites.filter(
    (s): s is SiteSchedule =>
      isObject(s) &&
      typeof s.uuid === 'string' &&
      typeof s.name === 'string' &&
      typeof s.evacuating === 'boolean' &&
      isObject(s.schedule) &&
      typeof s.schedule.timezone === 'string' &&
      Array.isArray(s.schedule.days),
  );
  if (read.length !== sites.length) return undefined;
  return {
    ...health,
    sites: read.map(({ uuid, name, evacuating, evacuation_mode, schedule }) => ({
      uuid,
      name,
      evacuating,
      evacuation_mode: modeOf(evacuating, evacuation_mode),
      schedule,
    })),
  };
}

/** Nothing needs attention: no system offline, no open incident at all, no evacuation. */
export function isCalm(health: Health): boolean {
  return health.systems_offline.length === 0 && health.open_incidents.count === 0 && !health.evacuating;
}

/** The type of camera systems (the rest are alarm panels or other systems). */
export const CAMERA_SYSTEM = 'UFO';
export const ALARM_PANEL = 'ALARM';

/**
 * The systems counted per kind, in the order shown: camera systems, alarm panels, then any
 * other type; kinds with none are left out (a site with none at all gives []).
 */
export function systemCounts(byType: Record<string, number>): { kind: 'camera' | 'alarm' | 'other'; count: number }[] {
  const cameras = byType[CAMERA_SYSTEM] ?? 0;
  const alarms = byType[ALARM_PANEL] ?? 0;
  const other = Object.entries(byType).reduce((n, [type, c]) => (type === CAMERA_SYSTEM || type === ALARM_PANEL ? n : n + c), 0);
  return (
    [
      { kind: 'camera', count: cameras },
      { kind: 'alarm', count: alarms },
      { kind: 'other', count: other },
    ] as const
  ).filter((k) => k.count > 0);
}

/** How many of a project's sites are secured now, given each site's state (unknown ones are left out). */
export function securedTally(states: readonly ({ secured: boolean } | null)[]): { secured: number; known: number } {
  const known = states.filter((s) => s !== null);
  return { secured: known.filter((s) => s.secured).length, known: known.length };
}
