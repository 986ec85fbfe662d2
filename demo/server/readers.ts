/**
 * Who may read a project: the members holding 'view' on it (a membership without 'view' is
 * no membership). A leaf module: access.ts builds the call rules on it, and the live
 * events' hub (events.ts) decides with it who receives a project's events.
 */
import { VIEW } from '../../src/core/api/contract.ts';
import type { Db } from './db.ts';

/**
 * SQL: the projects the user (the one `?` parameter) may read, i.e. holds 'view' on.
 * Every query that lists or looks up project data goes through it.
 */
export const READABLE_PROJECTS = `(SELECT m.project_uuid FROM memberships m WHERE m.user_id = ? AND EXISTS (SELECT 1 FROM json_each(m.permissions) WHERE json_each.value = '${VIEW}'))`;

/** The ids of the users who may read the project (hold 'view' on it). */
export function projectReaders(db: Db, projectUuid: string): number[] {
  return db
    .all<{ user_id: number }>(
      `SELECT m.user_id FROM memberships m WHERE m.project_uuid = ? AND EXISTS (SELECT 1 FROM json_each(m.permissions) WHERE json_each.value = '${VIEW}')`,
      projectUuid,
    )
    .map((r) => r.user_id);
}

/** The uuids of the projects the user may read. */
export function readableProjects(db: Db, userId: number): string[] {
  return db.all<{ uuid: string }>(`SELECT uuid FROM projects WHERE uuid IN ${READABLE_PROJECTS}`, userId).map((r) => r.uuid);
}
