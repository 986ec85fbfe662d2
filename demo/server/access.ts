/** Who may see and do what: project membership and permissions. Non-members get 404, never 403, so existence does not leak. */
import { MANAGE_USERS, PERMISSIONS } from '../../src/core/api/contract.ts';
import type { Db } from './db.ts';
import { failure, notFound, type UserRow } from './http.ts';
import { text } from './messages.ts';

export type ProjectRow = { uuid: string; name: string; description: string | null };
export type SiteRow = { uuid: string; project_uuid: string; name: string; address: string; timezone: string; schedule: string | null };

/** Permissions in the contract's order, unknown ones dropped. */
export function sortPermissions(list: readonly string[]): string[] {
  return PERMISSIONS.filter((p) => list.includes(p));
}

/** The user's permissions on a project, or undefined when not a member. */
export function permissionsOn(db: Db, user: UserRow, projectUuid: string): string[] | undefined {
  const row = db.get<{ permissions: string }>('SELECT permissions FROM memberships WHERE project_uuid = ? AND user_id = ?', projectUuid, user.id);
  return row ? sortPermissions(JSON.parse(row.permissions) as string[]) : undefined;
}

/** The project with the user's permissions; 404 when unknown or the user is not a member. */
export function memberProject(db: Db, user: UserRow, uuid: string): { project: ProjectRow; permissions: string[] } {
  const project = db.get<ProjectRow>('SELECT uuid, name, description FROM projects WHERE uuid = ?', uuid);
  const permissions = project && permissionsOn(db, user, uuid);
  if (!project || !permissions) throw notFound('project');
  return { project, permissions };
}

export function memberSite(db: Db, user: UserRow, uuid: string): { site: SiteRow; project: ProjectRow; permissions: string[] } {
  const site = db.get<SiteRow>('SELECT uuid, project_uuid, name, address, timezone, schedule FROM sites WHERE uuid = ?', uuid);
  if (!site) throw notFound('site');
  try {
    return { site, ...memberProject(db, user, site.project_uuid) };
  } catch {
    throw notFound('site');
  }
}

/** The project, if the user may manage its users: 404 for non-members, 403 without 'manage users'. */
export function managedProject(db: Db, user: UserRow, uuid: string): ProjectRow {
  const { project, permissions } = memberProject(db, user, uuid);
  if (!permissions.includes(MANAGE_USERS)) throw failure(403, text('errors.unauthorized'));
  return project;
}

/** The project, if the user may edit its sites' schedules: 404 for non-members, 403 without 'edit schedules'. */
export function scheduleEditableProject(db: Db, user: UserRow, uuid: string): ProjectRow {
  const { project, permissions } = memberProject(db, user, uuid);
  if (!permissions.includes('edit schedules')) throw failure(403, text('errors.unauthorized'));
  return project;
}
