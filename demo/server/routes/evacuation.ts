/**
 * Evacuations of a project or a site: a state machine inactive → active → inactive,
 * stored with its history. Starting an active evacuation or aborting an inactive one
 * changes nothing and answers the current state. An `Idempotency-Key` header (per user)
 * replays the first answer instead of acting twice. Actions are limited per user and minute
 * (limits.ts); a replay does not count.
 */
import type { EvacuationStatus } from '../../../src/core/api/contract.ts';
import { evacuableTarget, memberName, memberProject, memberSite } from '../access.ts';
import { nowIso, type Db } from '../db.ts';
import { checkEvacuateMfa } from '../mfa.ts';
import { invalid, readJson, type App, type Ctx, type Deps, type UserRow } from '../http.ts';
import { Quotas } from '../limits.ts';
import { EVACUATION_MODES, readStart, type Start } from './evacuation-start.ts';
import { text } from '../messages.ts';
import { logEvacuation } from '../activity-events.ts';

type Scope = 'project' | 'site';
type Action = 'start' | 'abort';
type StateRow = {
  status: 'inactive' | 'active';
  started_at: string | null;
  started_by: string | null;
  aborted_at: string | null;
  mode: Start['mode'];
  message: string | null;
};

function state(db: Db, scope: Scope, uuid: string): EvacuationStatus {
  const row = db.get<StateRow>(
    'SELECT status, started_at, started_by, aborted_at, mode, message FROM evacuations WHERE scope = ? AND target_uuid = ?',
    scope,
    uuid,
  );
  if (!row) return { status: 'inactive', started_at: null, started_by: null, aborted_at: null, mode: null, message: null };
  // started_*, mode and message describe the latest start (still shown once aborted), aborted_at the latest abort.
  return {
    status: row.status,
    started_at: row.started_at,
    started_by: row.started_by,
    aborted_at: row.aborted_at,
    mode: row.mode,
    message: row.message,
  };
}

function projectState(db: Db, uuid: string): EvacuationStatus {
  const activeSites = db.all<{
    uuid: string;
    name: string;
    started_at: string | null;
    started_by: string | null;
    mode: Start['mode'];
    message: string | null;
  }>(
    `SELECT s.uuid, s.name, e.started_at, e.started_by, e.mode, e.message FROM sites s
     JOIN evacuations e ON e.scope = 'site' AND e.target_uuid = s.uuid AND e.status = 'active'
     WHERE s.project_uuid = ? ORDER BY s.position, s.name`,
    uuid,
  );
  return { ...state(db, 'project', uuid), active_sites: activeSites };
}

const current = (db: Db, scope: Scope, uuid: string) => (scope === 'project' ? projectState(db, uuid) : state(db, scope, uuid));

/** The project of an evacuation's target. */
const projectOf = (db: Db, scope: Scope, uuid: string): string =>
  scope === 'project' ? uuid : db.get<{ project_uuid: string }>('SELECT project_uuid FROM sites WHERE uuid = ?', uuid)!.project_uuid;

/** A change that happened: the new status, who made it and when, and the evacuation's mode. */
type Change = { status: 'active' | 'inactive'; by: string; at: string; mode: Start['mode'] };

/** Applies `action`; a no-op (no event, no change) when the evacuation is already in the target state. */
function transition(
  db: Db,
  scope: Scope,
  uuid: string,
  action: Action,
  user: UserRow,
  start: Start = { mode: 'real', message: null },
): { answer: EvacuationStatus; change: Change | undefined } {
  return db.transaction(() => {
    const before = state(db, scope, uuid);
    const target = action === 'start' ? 'active' : 'inactive';
    let change: Change | undefined;
    if (before.status !== target) {
      const at = nowIso();
      // Named as this project knows the person, never by a name another customer chose.
      const by = memberName(db, user.id, projectOf(db, scope, uuid)) ?? user.name;
      // An end carries the mode of the evacuation it ends.
      const mode = action === 'start' ? start.mode : (before.mode ?? 'real');
      change = { status: target, by, at, mode };
      db.run(
        'INSERT INTO evacuation_events (scope, target_uuid, action, user_id, user_name, at, mode, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        scope,
        uuid,
        action,
        user.id,
        by,
        at,
        mode,
        action === 'start' ? start.message : null,
      );
      if (action === 'start') {
        db.run(
          `INSERT INTO evacuations (scope, target_uuid, status, started_at, started_by, mode, message) VALUES (?, ?, 'active', ?, ?, ?, ?)
           ON CONFLICT(scope, target_uuid) DO UPDATE SET status = 'active', started_at = excluded.started_at,
             started_by = excluded.started_by, mode = excluded.mode, message = excluded.message`,
          scope,
          uuid,
          at,
          by,
          start.mode,
          start.message,
        );
      } else {
        db.run(`UPDATE evacuations SET status = 'inactive', aborted_at = ? WHERE scope = ? AND target_uuid = ?`, at, scope, uuid);
      }
    }
    return { answer: current(db, scope, uuid), change };
  });
}

/**
 * Runs `act` once per (user, Idempotency-Key); later calls with the key get the stored
 * answer. `admit` runs just before `act` (never for a replay): it may refuse the action.
 */
function idempotent(
  db: Db,
  c: Ctx,
  admit: () => void,
  act: () => EvacuationStatus,
): { body: { data: EvacuationStatus }; replayed: boolean } {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) {
    admit();
    return { body: { data: act() }, replayed: false };
  }
  if (!key.trim() || key.length > 255) throw invalid('Idempotency-Key', text('evacuation.keyLength'));
  const user = c.get('user');
  const request = `${c.req.method} ${c.req.path}`;
  return db.transaction(() => {
    const stored = db.get<{ request: string; body: string }>(
      'SELECT request, body FROM idempotency WHERE user_id = ? AND key = ?',
      user.id,
      key,
    );
    if (stored) {
      if (stored.request !== request) throw invalid('Idempotency-Key', text('evacuation.keyReused'));
      return { body: JSON.parse(stored.body) as { data: EvacuationStatus }, replayed: true };
    }
    admit();
    const body = { data: act() };
    db.run(
      'INSERT INTO idempotency (user_id, key, request, status, body, created_at) VALUES (?, ?, ?, 200, ?, ?)',
      user.id,
      key,
      request,
      JSON.stringify(body),
      nowIso(),
    );
    return { body, replayed: false };
  });
}

export function evacuationRoutes(app: App, { db, events, quotas }: Deps): void {
  /** The target's uuid: 404 for non-readers; starting and aborting also need 'evacuate' (403). */
  const target = (c: Ctx, scope: Scope, act = false): string => {
    const user = c.get('user');
    const uuid = c.req.param('uuid')!;
    if (act) {
      evacuableTarget(db, user, scope, uuid);
      checkEvacuateMfa(db, c.get('session'), user, projectOf(db, scope, uuid));
    } else if (scope === 'project') memberProject(db, user, uuid);
    else memberSite(db, user, uuid);
    return uuid;
  };

  for (const [scope, plural] of [
    ['project', 'projects'],
    ['site', 'sites'],
  ] as const) {
    app.get(`/api/public/v2/${plural}/:uuid/evacuation/status`, (c) => c.json({ data: current(db, scope, target(c, scope)) }));

    for (const action of ['start', 'abort'] as const) {
      app.post(`/api/public/v1/${plural}/:uuid/evacuation/${action}`, async (c) => {
        const uuid = target(c, scope, true);
        // A start may say drill or real and why; an end's body carries nothing (malformed JSON is still a 400).
        const json = await readJson(c);
        const start = action === 'start' ? readStart(json) : undefined;
        let change: Change | undefined;
        // A person never needs many actions a minute; a replay of one already taken is free (limits.ts).
        const admit = () => Quotas.take(quotas.evacuations, `user:${c.get('user').id}`);
        const { body, replayed } = idempotent(db, c, admit, () => {
          const done = transition(db, scope, uuid, action, c.get('user'), start);
          change = done.change;
          return done.answer;
        });
        if (replayed) c.header('Idempotent-Replayed', 'true');
        // Committed: every member who may see the status hears of the change (a replay changed nothing).
        if (change && !replayed) {
          const project = projectOf(db, scope, uuid);
          const { status, by, at, mode } = change;
          events.publish('evacuation', { project }, { scope, uuid, project, status, by, at, mode });
          logEvacuation(db, c.get('user'), project, scope, uuid, status, mode);
        }
        return c.json(body);
      });
    }
  }
}

/** The event history of one evacuation, oldest first (used by tests). */
export function evacuationHistory(
  db: Db,
  scope: Scope,
  uuid: string,
): { action: Action; user_name: string; at: string; mode: (typeof EVACUATION_MODES)[number]; message: string | null }[] {
  return db.all(
    'SELECT action, user_name, at, mode, message FROM evacuation_events WHERE scope = ? AND target_uuid = ? ORDER BY id',
    scope,
    uuid,
  );
}
