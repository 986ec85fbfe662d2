/**
 * The activity log of a project: one entry per change, written by the routes that make it
 * (schedules, exceptions, members, the two-step requirement, evacuations, exports).
 * Append-only: `recordActivity` is the only writer, nothing updates an entry (the table's
 * trigger refuses it) and no call deletes one. Entries keep the actor's name as the
 * project knew them when they acted, and the values before and after as JSON.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityEntry, ActivityTargetKind } from '../../src/core/api/contract.ts';
import { memberName } from './access.ts';
import { nowIso, type Db } from './db.ts';

export type { ActivityEntry };

/** Who acted: a signed-in account (named as the project knows them), or nobody (the system). */
export type Actor = { id: number; name: string } | null;

export interface ActivityInput {
  /** The project whose log gets the entry. */
  project: string;
  /** Dotted: `schedule.changed`, `user.permissions_changed`, `evacuation.started`, … */
  type: string;
  actor: Actor;
  target: { kind: ActivityTargetKind; uuid: string; name: string };
  /** One English sentence for exports and integrations; the portal words each type itself. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

type Row = {
  uuid: string;
  at: string;
  type: string;
  actor_name: string | null;
  target_kind: ActivityTargetKind;
  target_uuid: string;
  target_name: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
};

/** Appends one entry to the project's log (inside the caller's transaction, if any). */
export function recordActivity(db: Db, input: ActivityInput): void {
  const { project, type, actor, target, summary, before, after } = input;
  // Named as this project knows the person, never by a name another customer chose.
  const actorName = actor ? (memberName(db, actor.id, project) ?? actor.name) : null;
  db.run(
    `INSERT INTO activity_log (uuid, project_uuid, at, type, actor_user_id, actor_name, target_kind, target_uuid, target_name, summary, before_json, after_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    randomUUID(),
    project,
    nowIso(),
    type,
    actor?.id ?? null,
    actorName,
    target.kind,
    target.uuid,
    target.name,
    summary,
    before === undefined ? null : JSON.stringify(before),
    after === undefined ? null : JSON.stringify(after),
  );
}

export const activityView = (r: Row): ActivityEntry => ({
  uuid: r.uuid,
  at: r.at,
  type: r.type,
  actor: r.actor_name === null ? null : { name: r.actor_name },
  target: { kind: r.target_kind, uuid: r.target_uuid, name: r.target_name },
  summary: r.summary,
  ...(r.before_json === null ? {} : { before: JSON.parse(r.before_json) as unknown }),
  ...(r.after_json === null ? {} : { after: JSON.parse(r.after_json) as unknown }),
});

export interface ActivityFilters {
  /** A category (`schedule`) or a whole type (`schedule.changed`). */
  type?: string | undefined;
  /** The actor's name as the log holds it (any case). */
  actor?: string | undefined;
  /** ISO times, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

function where(project: string, f: ActivityFilters): { sql: string; params: string[] } {
  const parts = ['project_uuid = ?'];
  const params = [project];
  if (f.type) {
    parts.push(f.type.includes('.') ? 'type = ?' : `substr(type, 1, instr(type, '.') - 1) = ?`);
    params.push(f.type);
  }
  if (f.actor) {
    parts.push('actor_name = ? COLLATE NOCASE');
    params.push(f.actor);
  }
  if (f.from) {
    parts.push('at >= ?');
    params.push(f.from);
  }
  if (f.to) {
    parts.push('at <= ?');
    params.push(f.to);
  }
  return { sql: parts.join(' AND '), params };
}

/** A page of the project's log, newest first, and how many entries the filters match. */
export function readActivity(
  db: Db,
  project: string,
  f: ActivityFilters,
  limit: number,
  offset: number,
): { rows: ActivityEntry[]; total: number } {
  const { sql, params } = where(project, f);
  const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM activity_log WHERE ${sql}`, ...params)!.n;
  const rows = db.all<Row>(`SELECT * FROM activity_log WHERE ${sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`, ...params, limit, offset);
  return { rows: rows.map(activityView), total };
}
