/**
 * The one derived evacuation state of a project, a site or a system. Every screen and
 * element shows this, never the raw statuses: a project-wide evacuation covers every site
 * and system of the project, so a site's state comes from its own status AND its
 * project's, and a system's from its site's. Pure: the inputs are the page-wide status
 * entries, the names and the project's permissions (see `readCoverage` in
 * `coverage-source.ts` for where they come from).
 */
import { EVACUATE } from '../api/constants.ts';
import type { EvacuationMode, EvacuationStatus } from '../api/contract.ts';
import type { EvacuationAction, EvacuationEntry, EvacuationScope } from './evacuation.ts';
import { POLL_MS } from './polling.ts';

export type CoverageScope = EvacuationScope | 'system';

/** How long the status may go unconfirmed (failing polls) before the screen says so. */
export const UNCONFIRMED_AFTER_MS = 3 * POLL_MS;

/** An evacuation in progress: since when, started by whom (as the server said). */
export interface Ongoing {
  since: string | null;
  by: string | null;
  /** A drill or a real evacuation (real when the server does not say). */
  mode: EvacuationMode;
  /** The reason given when it started, if any. */
  message: string | null;
}

/** One action the user is offered, on the project or the site it concerns. */
export interface OfferedAction {
  scope: EvacuationScope;
  uuid: string;
  action: EvacuationAction;
  /** The project's or site's name, when known. */
  name: string | undefined;
  /** For an end: whether it ends a drill or a real evacuation. */
  mode?: EvacuationMode;
}

export interface ActiveSite extends Ongoing {
  uuid: string;
  name: string;
  /** Abort this site's evacuation (absent without the permission). */
  abort?: OfferedAction;
}

export interface CoverageInput {
  scope: CoverageScope;
  uuid: string;
  /** The target's project (the project itself for scope 'project'); uuid undefined while unknown. */
  project: { uuid: string | undefined; name?: string | undefined; permissions?: readonly string[] | undefined };
  /** The target's site (scope 'site' and 'system'); uuid undefined while unknown. */
  site?: { uuid: string | undefined; name?: string | undefined };
  projectEntry: EvacuationEntry | undefined;
  siteEntry?: EvacuationEntry | undefined;
  now: number;
}

export interface EvacuationCoverage {
  scope: CoverageScope;
  uuid: string;
  /**
   * 'loading': not known yet; 'unavailable': could not be loaded at all; 'known': shown
   * (an evacuation seen in any status is always 'known', even while the rest loads).
   */
  phase: 'loading' | 'unavailable' | 'known';
  /** What covers the target: its project's evacuation, its site's own, both, or none. */
  covered: 'none' | 'project' | 'site' | 'both';
  /** Anything of the target is evacuating (for a project: itself or any of its sites). */
  evacuating: boolean;
  /** The project-wide evacuation, while active. */
  projectEvacuation: Ongoing | undefined;
  /** The site's own evacuation, while active (scopes 'site' and 'system'). */
  siteEvacuation: Ongoing | undefined;
  /** A project's sites evacuating on their own (scope 'project'). */
  activeSites: ActiveSite[];
  /** When the target's own last evacuation ended, while none is active. */
  lastEnded: string | null;
  projectUuid: string | undefined;
  projectName: string | undefined;
  siteUuid: string | undefined;
  siteName: string | undefined;
  /** The project's 'evacuate' permission: 'unknown' while its permissions load (the server decides). */
  permission: 'allowed' | 'denied' | 'unknown';
  /** The actions offered, the main one first; none without the permission or a known state. */
  actions: OfferedAction[];
  /** An action is under way on a status this state depends on. */
  pending: EvacuationAction | undefined;
  /** When the server last confirmed every status this state depends on (the oldest of them). */
  confirmedAt: number | undefined;
  /** The state could not be confirmed for longer than {@link UNCONFIRMED_AFTER_MS}. */
  unconfirmed: boolean;
  /** The server accepted this action, but the status after it could not be loaded yet. */
  actionUnconfirmed: EvacuationAction | undefined;
  /**
   * While the state is not known on this visit: the evacuation that statuses kept from an
   * earlier visit showed, and when they were loaded — told as what was, never as now.
   */
  kept: { at: number; mode: EvacuationMode } | undefined;
}

const active = (s: EvacuationStatus | undefined): boolean => s?.status === 'active';
const ongoing = (s: EvacuationStatus | undefined): Ongoing | undefined =>
  active(s) ? { since: s!.started_at, by: s!.started_by, mode: s!.mode ?? 'real', message: s!.message ?? null } : undefined;

/** True when this entry's status has gone unconfirmed too long (or never came and failed). */
function stale(entry: EvacuationEntry | undefined, now: number): boolean {
  if (!entry?.error) return false;
  if (entry.checkedAt === undefined) return true;
  return now - entry.checkedAt > UNCONFIRMED_AFTER_MS;
}

/** A status kept from an earlier visit says nothing of now (docs/product.md#a-second-visit): as if still loading. */
const unkept = (e: EvacuationEntry | undefined): EvacuationEntry | undefined =>
  e?.kept ? { ...e, status: undefined, loading: !e.error } : e;

/** The evacuation a kept status showed (its own, or for a project one of its sites'), as what was. */
function keptOngoing(e: EvacuationEntry | undefined, sites: boolean): EvacuationCoverage['kept'] {
  const s = e?.kept ? e.status : undefined;
  const site = sites ? s?.active_sites?.[0] : undefined;
  if (!active(s) && !site) return undefined;
  return { at: e!.checkedAt ?? 0, mode: (active(s) ? s!.mode : site!.mode) ?? 'real' };
}

export function deriveCoverage(input: CoverageInput): EvacuationCoverage {
  const { scope, uuid, project, site, now } = input;
  const projectEntry = unkept(input.projectEntry);
  const siteEntry = unkept(input.siteEntry);
  const projectStatus = projectEntry?.status;
  const siteStatus = scope === 'project' ? undefined : siteEntry?.status;
  const permission = project.permissions ? (project.permissions.includes(EVACUATE) ? 'allowed' : 'denied') : 'unknown';
  const may = permission !== 'denied';

  // The statuses this state depends on: the project's, and the site's for a site or a system.
  const required: (EvacuationEntry | undefined)[] = scope === 'project' ? [projectEntry] : [projectEntry, siteEntry];
  const uuidsKnown = project.uuid !== undefined && (scope === 'project' || site?.uuid !== undefined);

  const projectEvacuation = ongoing(projectStatus);
  const siteEvacuation = scope === 'project' ? undefined : ongoing(siteStatus);
  const projectName = project.name;
  const siteName = site?.name;

  const activeSites: ActiveSite[] =
    scope === 'project'
      ? (projectStatus?.active_sites ?? []).map((s) => ({
          uuid: s.uuid,
          name: s.name,
          since: s.started_at,
          by: s.started_by,
          mode: s.mode ?? 'real',
          message: s.message ?? null,
          ...(may
            ? { abort: { scope: 'site' as const, uuid: s.uuid, action: 'abort' as const, name: s.name, mode: s.mode ?? 'real' } }
            : {}),
        }))
      : [];

  const covered = projectEvacuation && siteEvacuation ? 'both' : projectEvacuation ? 'project' : siteEvacuation ? 'site' : 'none';
  const evacuating = covered !== 'none' || activeSites.length > 0;

  const missing = !uuidsKnown || required.some((e) => !e?.status);
  const failed = required.some((e) => !e?.status && e?.error && !e.loading);
  const phase = evacuating || !missing ? 'known' : failed ? 'unavailable' : 'loading';

  const checked = required.map((e) => e?.checkedAt);
  const confirmedAt = checked.every((c) => c !== undefined)
    ? Math.min(...(checked as number[]))
    : evacuating
      ? checked.find((c) => c !== undefined)
      : undefined;
  const unconfirmed = phase === 'known' && (required.some((e) => stale(e, now)) || (missing && failed));

  const projectAction = (action: EvacuationAction): OfferedAction => ({
    scope: 'project',
    uuid: project.uuid!,
    action,
    name: projectName,
    ...(action === 'abort' && projectEvacuation ? { mode: projectEvacuation.mode } : {}),
  });
  const siteAction = (action: EvacuationAction): OfferedAction => ({
    scope: 'site',
    uuid: site!.uuid!,
    action,
    name: siteName,
    ...(action === 'abort' && siteEvacuation ? { mode: siteEvacuation.mode } : {}),
  });
  let actions: OfferedAction[] = [];
  if (may && phase === 'known' && scope !== 'system' && project.uuid) {
    if (scope === 'project') actions = [projectAction(projectEvacuation ? 'abort' : 'start')];
    else if (site?.uuid) {
      // Covered by the whole project: the way out is aborting that, never starting the site's.
      if (covered === 'both') actions = [projectAction('abort'), siteAction('abort')];
      else if (covered === 'project') actions = [projectAction('abort')];
      else if (covered === 'site') actions = [siteAction('abort')];
      else if (!missing) actions = [siteAction('start')];
    }
  }

  const own = scope === 'project' ? projectEntry : siteEntry;
  const lastEnded = !evacuating && own?.status?.status === 'inactive' ? own.status.aborted_at : null;
  const pending = required.find((e) => e?.pending)?.pending;

  return {
    scope,
    uuid,
    phase,
    covered,
    evacuating,
    projectEvacuation,
    siteEvacuation,
    activeSites,
    lastEnded,
    projectUuid: project.uuid,
    projectName,
    siteUuid: site?.uuid,
    siteName,
    permission,
    actions,
    pending,
    confirmedAt,
    unconfirmed,
    actionUnconfirmed: own?.unconfirmed,
    kept:
      phase === 'known'
        ? undefined
        : (keptOngoing(input.projectEntry, scope === 'project') ?? (scope === 'project' ? undefined : keptOngoing(input.siteEntry, false))),
  };
}

/** Everything of the target under way is a drill (false while nothing is). */
export function onlyDrills(state: Pick<EvacuationCoverage, 'projectEvacuation' | 'siteEvacuation' | 'activeSites'>): boolean {
  const under = [state.projectEvacuation, state.siteEvacuation, ...state.activeSites].filter((o): o is Ongoing => o !== undefined);
  return under.length > 0 && under.every((o) => o.mode === 'drill');
}
