/**
 * The entries each kind of change writes to the activity log (activity.ts), one function
 * per change so that a route hooks in with one line. Schedules and permissions carry the
 * values before and after; the portal words them (docs/activity.md lists every type).
 */
import { sortPermissions } from './access.ts';
import { recordActivity, type Actor } from './activity.ts';
import type { Db } from './db.ts';
import { localized } from './http.ts';
import { exceptionView, type ExceptionInput, type ExceptionRow } from './exceptions.ts';

type Place = { uuid: string; name: string };
type SiteOf = Place & { project_uuid: string };

/** A site's week as the log keeps it: its zone and its days (Monday first), intervals as sent. */
export type WeekValue = { timezone: string; days: unknown };
type ExceptionValue = ExceptionInput & { uuid: string; site: Place };

const weekOf = (schedule: string | null, timezone: string): WeekValue => ({
  timezone,
  days: schedule ? (JSON.parse(schedule) as unknown) : null,
});

/** A site's weekly schedule replaced (nothing when it stays the same). */
export function logScheduleChanged(
  db: Db,
  actor: Actor,
  site: SiteOf & { schedule: string | null; timezone: string },
  days: string,
  timezone: string,
): void {
  const before = weekOf(site.schedule, site.timezone);
  const after = weekOf(days, timezone);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  recordActivity(db, {
    project: site.project_uuid,
    type: 'schedule.changed',
    actor,
    target: { kind: 'site', uuid: site.uuid, name: site.name },
    summary: `Changed the weekly schedule of ${site.name}`,
    before,
    after,
  });
}

/** An exception as the log keeps it: what the API answers for it, without "past" (which changes by itself). */
function exceptionValue(row: ExceptionRow, site: Place): ExceptionValue {
  const { past: _past, ...value } = exceptionView(row, '');
  return { ...(value as ExceptionValue), site: { uuid: site.uuid, name: site.name } };
}

/**
 * A date exception added to, changed on or removed from a site's schedule. Answers the row
 * after the change (else the one before), so that a route can hook it around its insert.
 */
export function logException(
  db: Db,
  actor: Actor,
  site: SiteOf,
  change: 'added' | 'changed' | 'removed',
  before: ExceptionRow | undefined,
  after?: ExceptionRow,
): ExceptionRow {
  const row = (after ?? before)!;
  recordActivity(db, {
    project: site.project_uuid,
    type: `schedule.exception_${change}`,
    actor,
    // The exception itself, by its label; its site is in the values.
    target: { kind: 'exception', uuid: row.uuid, name: row.label },
    summary: `${change[0]!.toUpperCase()}${change.slice(1)} the exception "${row.label}" of ${site.name}`,
    ...(before && { before: exceptionValue(before, site) }),
    ...(after && { after: exceptionValue(after, site) }),
  });
  return row;
}

/** A member invited to (added), changed on or removed from the project, or their invitation sent again or cancelled. */
export function logMember(
  db: Db,
  actor: Actor,
  project: Place,
  member: Place,
  change: 'invited' | 'invitation_resent' | 'invitation_cancelled' | 'permissions_changed' | 'renamed' | 'removed',
  before?: { permissions?: string[]; name?: string },
  after?: { permissions?: string[]; name?: string },
): void {
  const words = {
    invited: 'Invited',
    invitation_resent: 'Sent a new invitation to',
    invitation_cancelled: 'Cancelled the invitation of',
    permissions_changed: 'Changed the permissions of',
    renamed: 'Renamed',
    removed: 'Removed',
  }[change];
  recordActivity(db, {
    project: project.uuid,
    type: `user.${change}`,
    actor,
    target: { kind: 'user', uuid: member.uuid, name: member.name },
    summary: `${words} ${member.name}`,
    ...(before && { before }),
    ...(after && { after }),
  });
}

/** A member as the users' routes read them: permissions as stored (JSON). */
type MemberOf = Place & { permissions: string };
const permissionsOf = (m: MemberOf): string[] => sortPermissions(JSON.parse(m.permissions) as string[]);

/** A member's change (PATCH): one entry for a new name, one for new permissions. Answers `after`. */
export function logMemberChange<M extends MemberOf>(db: Db, actor: Actor, project: Place, before: M, after: M): M {
  if (before.name !== after.name) logMember(db, actor, project, after, 'renamed', { name: before.name }, { name: after.name });
  const [was, is] = [permissionsOf(before), permissionsOf(after)];
  if (was.join() !== is.join()) logMember(db, actor, project, after, 'permissions_changed', { permissions: was }, { permissions: is });
  return after;
}

/** A member removed from the project, with the permissions they had. */
export function logMemberRemoved(db: Db, actor: Actor, project: Place, member: MemberOf): void {
  logMember(db, actor, project, member, 'removed', { permissions: permissionsOf(member) });
}

/** The project's two-step requirement for evacuations turned on or off (nothing when unchanged). */
export function logTwoStepRequired(db: Db, actor: Actor, project: Place, before: boolean, after: boolean): void {
  if (before === after) return;
  recordActivity(db, {
    project: project.uuid,
    type: 'project.two_step_required',
    actor,
    target: { kind: 'project', uuid: project.uuid, name: project.name },
    summary: `Turned ${after ? 'on' : 'off'} the two-step requirement for evacuations`,
    before: { required: before },
    after: { required: after },
  });
}

/** An evacuation or a drill of the project or of one of its sites started or ended. */
export function logEvacuation(
  db: Db,
  actor: Actor,
  project: string,
  scope: 'project' | 'site',
  uuid: string,
  status: 'active' | 'inactive',
  mode: 'real' | 'drill',
): void {
  const name =
    db.get<{ name: string }>(
      scope === 'project' ? 'SELECT name FROM projects WHERE uuid = ?' : 'SELECT name FROM sites WHERE uuid = ?',
      uuid,
    )?.name ?? '';
  const started = status === 'active';
  recordActivity(db, {
    project,
    type: started ? 'evacuation.started' : 'evacuation.ended',
    actor,
    target: { kind: scope, uuid, name },
    summary: `${started ? 'Started' : 'Ended'} ${mode === 'drill' ? 'a drill' : 'an evacuation'} of ${name}`,
    after: { mode },
  });
}

/** The project's evacuation history exported as CSV. */
export function logEvacuationsExport(db: Db, actor: Actor, project: Place, rows: number): void {
  recordActivity(db, {
    project: project.uuid,
    type: 'export.evacuations',
    actor,
    target: { kind: 'project', uuid: project.uuid, name: project.name },
    summary: `Exported ${rows} evacuations as CSV`,
    after: { rows },
  });
}

/**
 * An incident acknowledged (the first time only), commented on or handled: the incident is
 * the target; a comment's text and a handling's outcome and note are kept as `after`.
 */
export function logIncident(
  db: Db,
  actor: Actor,
  incident: { uuid: string; project: string },
  action: 'acknowledged' | 'commented' | 'handled',
  after?: { text?: string; outcome?: string; note?: string | null },
): void {
  // Titles are kept in every language; the log names the incident in English, as its summaries.
  const stored = db.get<{ title: string }>('SELECT title FROM incidents WHERE uuid = ?', incident.uuid)?.title;
  const title = stored === undefined ? incident.uuid : localized(stored, 'en');
  const said = { acknowledged: 'Acknowledged', commented: 'Commented on', handled: 'Handled' }[action];
  recordActivity(db, {
    project: incident.project,
    type: `incident.${action}`,
    actor,
    target: { kind: 'incident', uuid: incident.uuid, name: title },
    summary: `${said} the incident “${title}”${after?.outcome ? ` (${after.outcome.replace('_', ' ')})` : ''}`,
    ...(after ? { after } : {}),
  });
}
