/**
 * What people do with an incident (docs/product.md#acknowledge-comment-handle): acknowledge
 * it ("I'm on it"), comment on it, handle it with an outcome. Each is recorded once in
 * `incident_activity` (append-only) under the name the incident's project knows the person
 * by; the incident keeps its first acknowledgement and its handling. The timeline is read
 * back from there, after the moments every incident has (it occurred, the customer was alerted).
 */
import type { IncidentOutcome, TimelineEntry } from '../../src/core/api/contract.ts';
import { memberName } from './access.ts';
import { logIncident } from './activity-events.ts';
import type { Db } from './db.ts';
import { nowIso } from './db.ts';
import type { EventHub } from './events.ts';
import { failure, type UserRow } from './http.ts';
import { text } from './messages.ts';

type ActivityRow = {
  kind: 'acknowledged' | 'comment' | 'handled';
  at: string;
  user_name: string;
  text: string | null;
  outcome: string | null;
};

/**
 * The incident's timeline, oldest first. The demo alerts the customer as it records an
 * incident, so `alerted` is the moment it occurred; a production API gives its own time.
 */
export function timelineOf(db: Db, incident: { uuid: string; occurred_at: string }): TimelineEntry[] {
  const activity = db.all<ActivityRow>(
    'SELECT kind, at, user_name, text, outcome FROM incident_activity WHERE incident_uuid = ? ORDER BY at, id',
    incident.uuid,
  );
  return [
    { kind: 'occurred', at: incident.occurred_at },
    { kind: 'alerted', at: incident.occurred_at },
    ...activity.map((a): TimelineEntry => {
      const entry: TimelineEntry = { kind: a.kind, at: a.at, by: a.user_name };
      if (a.text !== null) entry.text = a.text;
      if (a.kind === 'handled') entry.outcome = a.outcome as IncidentOutcome | null;
      return entry;
    }),
  ];
}

type Target = { uuid: string; project: string; acknowledged_at: string | null; handled_by: string | null };

const record = (
  db: Db,
  incident: string,
  user: UserRow,
  name: string,
  kind: ActivityRow['kind'],
  at: string,
  more: { text?: string | null; outcome?: string } = {},
) =>
  db.run(
    'INSERT INTO incident_activity (incident_uuid, kind, at, user_id, user_name, text, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)',
    incident,
    kind,
    at,
    user.id,
    name,
    more.text ?? null,
    more.outcome ?? null,
  );

/** The name the incident's project knows the user by (they are a member: they read it). */
const nameIn = (db: Db, user: UserRow, project: string) => memberName(db, user.id, project) ?? user.name;

/**
 * Acknowledges the incident for its project. Idempotent: only the first acknowledgement
 * counts (a second keeps its who and when, and tells nobody); a handled incident needs none.
 */
export function acknowledge(db: Db, events: EventHub, target: Target, user: UserRow): void {
  if (target.acknowledged_at !== null || target.handled_by !== null) return;
  const at = nowIso();
  const name = nameIn(db, user, target.project);
  const changed = db.transaction(() => {
    const { changes } = db.run(
      'UPDATE incidents SET acknowledged_at = ?, acknowledged_by = ? WHERE uuid = ? AND acknowledged_at IS NULL AND handled_by IS NULL',
      at,
      name,
      target.uuid,
    );
    if (changes) {
      record(db, target.uuid, user, name, 'acknowledged', at);
      logIncident(db, user, target, 'acknowledged');
    }
    return changes > 0;
  });
  if (changed) events.publish('incident_updated', { project: target.project }, { uuid: target.uuid, project: target.project });
}

/** Adds a comment (plain text, validated by the contract) to the incident's timeline. */
export function comment(db: Db, events: EventHub, target: Target, user: UserRow, body: string): void {
  db.transaction(() => {
    record(db, target.uuid, user, nameIn(db, user, target.project), 'comment', nowIso(), { text: body });
    logIncident(db, user, target, 'commented', { text: body });
  });
  events.publish('incident_updated', { project: target.project }, { uuid: target.uuid, project: target.project });
}

/**
 * Handles the incident: `handled_by` becomes the user (their username, as the control
 * room's handlers), so it is no longer open anywhere. An incident handled already (by the
 * control room or a colleague, maybe a moment ago) is a 409 and stays as it was.
 */
export function handle(db: Db, events: EventHub, target: Target, user: UserRow, outcome: IncidentOutcome, note: string | null): void {
  const at = nowIso();
  const handled = db.transaction(() => {
    const { changes } = db.run(
      'UPDATE incidents SET handled_by = ?, outcome = ? WHERE uuid = ? AND handled_by IS NULL',
      user.username,
      outcome,
      target.uuid,
    );
    if (changes) {
      record(db, target.uuid, user, nameIn(db, user, target.project), 'handled', at, { text: note || null, outcome });
      logIncident(db, user, target, 'handled', { outcome, note: note || null });
    }
    return changes > 0;
  });
  if (!handled) throw failure(409, text('incidents.alreadyHandled'), 'incident_already_handled');
  const data = { uuid: target.uuid, project: target.project };
  events.publish('incident_handled', { project: target.project }, data);
  events.publish('incident_updated', { project: target.project }, data);
}
