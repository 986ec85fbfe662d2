/**
 * Who may see and do what: project membership and permissions (the matrix is in README.md).
 *
 * - A membership without 'view' is no membership: everything of that project answers 404,
 *   exactly as for a stranger, so existence never leaks.
 * - A member with 'view' who lacks the permission a call needs ('evacuate', 'edit
 *   schedules', 'manage users') gets 403 `errors.unauthorized`.
 */
import { EDIT_SCHEDULES, EVACUATE, MANAGE_USERS, PERMISSIONS, VIEW, type Permission } from '../../src/core/api/contract.ts';
import type { Db } from './db.ts';
import { failure, notFound, type UserRow } from './http.ts';
import { text } from './messages.ts';

export type ProjectRow = { uuid: string; name: string; description: string | null };
export type SiteRow = { uuid: string; project_uuid: string; name: string; address: string; timezone: string; schedule: string | null };

// Who may read a project: in readers.ts (a leaf, which the live events' hub reads too).
export { projectReaders, READABLE_PROJECTS, readableProjects } from './readers.ts';

/** Permissions in the contract's order, unknown ones dropped. */
export function sortPermissions(list: readonly string[]): string[] {
  return PERMISSIONS.filter((p) => list.includes(p));
}

/** The user's permissions on a project, or undefined when not a member or without 'view'. */
export function permissionsOn(db: Db, user: UserRow, projectUuid: string): string[] | undefined {
  const row = db.get<{ permissions: string }>(
    'SELECT permissions FROM memberships WHERE project_uuid = ? AND user_id = ?',
    projectUuid,
    user.id,
  );
  const permissions = row ? sortPermissions(JSON.parse(row.permissions) as string[]) : undefined;
  return permissions?.includes(VIEW) ? permissions : undefined;
}

/** The project with the user's permissions; 404 when unknown or the user may not read it. */
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

/** 403 unless `permissions` include `needed`. */
export function requirePermission(permissions: readonly string[], needed: Permission): void {
  if (!permissions.includes(needed)) throw failure(403, text('errors.unauthorized'));
}

/** The project, if the user may manage its users: 404 for non-readers, 403 without 'manage users'. */
export function managedProject(db: Db, user: UserRow, uuid: string): ProjectRow {
  const { project, permissions } = memberProject(db, user, uuid);
  requirePermission(permissions, MANAGE_USERS);
  return project;
}

/** The project, if the user may edit its sites' schedules: 404 for non-readers, 403 without 'edit schedules'. */
export function scheduleEditableProject(db: Db, user: UserRow, uuid: string): ProjectRow {
  const { project, permissions } = memberProject(db, user, uuid);
  requirePermission(permissions, EDIT_SCHEDULES);
  return project;
}

/** The project or site to evacuate: 404 for non-readers, 403 without 'evacuate'. */
export function evacuableTarget(db: Db, user: UserRow, scope: 'project' | 'site', uuid: string): void {
  const { permissions } = scope === 'project' ? memberProject(db, user, uuid) : memberSite(db, user, uuid);
  requirePermission(permissions, EVACUATE);
}

/**
 * The name a project knows a member by: the name its manager typed when adding them, else
 * the account's own. Records of the project (who started an evacuation) use it, so a
 * name another customer chose for a shared account never shows here.
 */
export function memberName(db: Db, userId: number, projectUuid: string): string | undefined {
  return db.get<{ name: string }>(
    'SELECT COALESCE(m.name, u.name) AS name FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = ? AND m.user_id = ?',
    projectUuid,
    userId,
  )?.name;
}
