/**
 * Project users: list, add (inviting the person; the account is created when the e-mail is
 * new), change, remove, and an invitation sent again or cancelled. Needs 'manage users'.
 * An account is shared by every project it is in, so a manager never learns or changes what
 * other customers see, nor whether the account exists: adding answers the same for a new
 * e-mail and a known one (both are invited, and an invited member shows no sign-in facts),
 * the name a manager types is this project's name for the person (never the account's own),
 * and e-mail addresses are compared and shown to managers in lower case.
 */
import { Bodies, MANAGE_USERS, VIEW, type ProjectUser } from '../../../src/core/api/contract.ts';
import { memberProject, requirePermission, sortPermissions, type ProjectRow } from '../access.ts';
import { nowIso, type Db } from '../db.ts';
import { failure, invalid, notFound, readBody, type App, type Deps, type UserRow } from '../http.ts';
import { requireSecondStepWhereRequired } from '../mfa.ts';
import { text } from '../messages.ts';
import { hashPassword, randomToken } from '../security.ts';
import { stableUuid } from '../seed-data/util.ts';
import { logMember, logMemberChange, logMemberRemoved } from '../activity-events.ts';
import { dropUnusedAccount, sendInvitation, voidInvitations } from '../invitations.ts';
import { Quotas } from '../limits.ts';

type MemberRow = {
  id: number;
  uuid: string;
  name: string;
  email: string;
  permissions: string;
  mfa_enabled_at: string | null;
  last_sign_in_at: string | null;
  /** While the person has not come in since being added (invitations.ts). */
  invited_at: string | null;
};

/**
 * A member as the project's managers see them: the project's name for the person, and the
 * address in lower case — how addresses are compared — so that the answer to adding an
 * e-mail never shows whether (or how) an account elsewhere spells it.
 */
const MEMBER_SELECT = `SELECT u.id, u.uuid, COALESCE(m.name, u.name) AS name, lower(u.email) AS email, m.permissions, u.mfa_enabled_at, u.last_sign_in_at, m.invited_at FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = ?`;

const view = (m: MemberRow): ProjectUser => ({
  uuid: m.uuid,
  name: m.name,
  email: m.email,
  permissions: sortPermissions(JSON.parse(m.permissions) as string[]),
  // What a manager needs to see who would be refused an evacuation, and who never signs in.
  // An invited member shows none of the account's facts: they would tell whether the
  // address had an account before (docs/security.md).
  ...(m.invited_at === null
    ? { two_step: m.mfa_enabled_at !== null, last_sign_in_at: m.last_sign_in_at, status: 'active' }
    : { two_step: false, last_sign_in_at: null, status: 'invited', invited_at: m.invited_at }),
});

function member(db: Db, project: string, userUuid: string): MemberRow {
  const row = db.get<MemberRow>(`${MEMBER_SELECT} AND u.uuid = ?`, project, userUuid);
  if (!row) throw notFound('projectUser');
  return row;
}

/** A manager holds 'manage users' and 'view' (without 'view' a membership is none, access.ts). */
const manages = (permissions: readonly string[]): boolean => permissions.includes(VIEW) && permissions.includes(MANAGE_USERS);

/**
 * Refuses a change after which nobody in the project can manage its users: `after` is the
 * target's permissions once the change is made (null when it leaves the project). Runs
 * on every change (add, change, remove), counting only members who really manage.
 */
function keepOneManager(db: Db, project: string, targetId: number, after: readonly string[] | null, field: string): void {
  // An invited member does not count: they may never come.
  const managers = db
    .all<{ user_id: number; permissions: string }>(
      'SELECT user_id, permissions FROM memberships WHERE project_uuid = ? AND invited_at IS NULL',
      project,
    )
    .filter((m) => (m.user_id === targetId ? after !== null && manages(after) : manages(JSON.parse(m.permissions) as string[])));
  if (!managers.length) throw invalid(field, text('users.lastManager'));
}

/**
 * Every permission implies 'view': a list without it would be a membership that counts as
 * none (and, with 'manage users', a manager who cannot manage), so it is refused.
 */
function requireView(permissions: readonly string[]): void {
  if (!permissions.includes(VIEW)) throw invalid('permissions', text('users.viewRequired'));
}

/** Nobody gives a permission they do not hold themselves (so 'manage users' never raises its own). */
function onlyOwnPermissions(mine: readonly string[], given: readonly string[]): void {
  if (given.some((p) => !mine.includes(p))) throw invalid('permissions', text('users.notYours'));
}

/**
 * Nobody takes away a permission they do not hold either: a member who may manage users
 * but not evacuate cannot strip 'evacuate' from a full manager (after which nobody could
 * give it again). Removing a member takes away all of theirs.
 */
function onlyOwnRemovals(mine: readonly string[], removed: readonly string[]): void {
  if (removed.some((p) => !mine.includes(p))) throw failure(403, text('users.notYoursToRemove'), 'permission_not_held');
}

function uniqueUsername(db: Db, email: string): string {
  const base =
    email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '') || 'user';
  let name = base;
  for (let n = 2; db.get('SELECT 1 FROM users WHERE username = ?', name); n++) name = `${base}${n}`;
  return name;
}

/** The project and the caller's permissions on it: 404 for non-readers, 403 without 'manage users'. */
function managed(db: Db, user: UserRow, uuid: string): { project: ProjectRow; mine: string[] } {
  const { project, permissions } = memberProject(db, user, uuid);
  requirePermission(permissions, MANAGE_USERS);
  return { project, mine: permissions };
}

export function projectUserRoutes(app: App, deps: Deps): void {
  const { db } = deps;
  const base = '/api/v2/projects/:uuid/users';

  app.get(base, (c) => {
    const { project } = managed(db, c.get('user'), c.req.param('uuid'));
    return c.json({ data: db.all<MemberRow>(`${MEMBER_SELECT} ORDER BY u.name COLLATE NOCASE`, project.uuid).map(view) });
  });

  app.post(base, async (c) => {
    const { project, mine } = managed(db, c.get('user'), c.req.param('uuid'));
    requireSecondStepWhereRequired(db, c.get('session'), project.uuid);
    const body = await readBody(c, Bodies.createProjectUser);
    requireView(body.permissions);
    onlyOwnPermissions(mine, body.permissions);
    // Compared without case (the column's collation) and kept in lower case for a new account.
    const email = body.email.trim().toLowerCase();
    const created = db.transaction(() => {
      let user = db.get<{ id: number; email: string }>('SELECT id, email FROM users WHERE email = ?', email);
      if (user && db.get('SELECT 1 FROM memberships WHERE project_uuid = ? AND user_id = ?', project.uuid, user.id)) {
        throw invalid('email', text('users.alreadyMember'));
      }
      if (!user) {
        // No password of its own until its person chooses one with the invitation's link.
        const r = db.run(
          'INSERT INTO users (uuid, email, username, name, password_hash, locale, terms_accepted, created_at, invited_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)',
          stableUuid(`user:${email}:${randomToken()}`),
          email,
          uniqueUsername(db, email),
          // The account's own name is its e-mail until the person sets one: a name typed by
          // one customer's manager must never be what another customer sees.
          email,
          hashPassword(randomToken()),
          'en',
          nowIso(),
          nowIso(),
        );
        user = { id: r.lastInsertRowid, email };
      }
      // The project knows the person by the name the manager typed, never by the account's own.
      db.run(
        'INSERT INTO memberships (project_uuid, user_id, permissions, name) VALUES (?, ?, ?, ?)',
        project.uuid,
        user.id,
        JSON.stringify(sortPermissions(body.permissions)),
        body.name,
      );
      keepOneManager(db, project.uuid, user.id, body.permissions, 'permissions');
      // Everyone added is invited, a new e-mail and a known one alike.
      sendInvitation(deps, project, user);
      return db.get<MemberRow>(`${MEMBER_SELECT} AND u.id = ?`, project.uuid, user.id)!;
    });
    // The same answer for a new account and a known one: the name the manager typed, the
    // address in lower case (as the list shows it later), invited, no sign-in facts.
    logMember(db, c.get('user'), project, { uuid: created.uuid, name: body.name }, 'invited', undefined, {
      permissions: view(created).permissions,
    });
    return c.json({ data: { ...view(created), name: body.name } }, 201);
  });

  app.patch(`${base}/:userUuid`, async (c) => {
    const me = c.get('user');
    const { project, mine } = managed(db, me, c.req.param('uuid'));
    const target = member(db, project.uuid, c.req.param('userUuid'));
    const body = await readBody(c, Bodies.updateProjectUser);
    requireSecondStepWhereRequired(db, c.get('session'), project.uuid);
    if (body.permissions) {
      const before = JSON.parse(target.permissions) as string[];
      requireView(body.permissions);
      // What is added must be the caller's own, and so must what is taken away.
      onlyOwnPermissions(
        mine,
        body.permissions.filter((p) => !before.includes(p)),
      );
      onlyOwnRemovals(
        mine,
        before.filter((p) => !(body.permissions as readonly string[]).includes(p)),
      );
      keepOneManager(db, project.uuid, target.id, body.permissions, 'permissions');
    }
    db.transaction(() => {
      // A name is this project's name for the person, whoever else uses the account: the
      // account's own name is never a manager's to change, so renaming answers the same
      // whether or not the account is in other customers' projects.
      if (body.name !== undefined) {
        db.run('UPDATE memberships SET name = ? WHERE project_uuid = ? AND user_id = ?', body.name, project.uuid, target.id);
      }
      if (body.permissions) {
        db.run(
          'UPDATE memberships SET permissions = ? WHERE project_uuid = ? AND user_id = ?',
          JSON.stringify(sortPermissions(body.permissions)),
          project.uuid,
          target.id,
        );
      }
    });
    return c.json({ data: view(logMemberChange(db, me, project, target, member(db, project.uuid, target.uuid))) });
  });

  app.delete(`${base}/:userUuid`, (c) => {
    const { project, mine } = managed(db, c.get('user'), c.req.param('uuid'));
    requireSecondStepWhereRequired(db, c.get('session'), project.uuid);
    const target = member(db, project.uuid, c.req.param('userUuid'));
    onlyOwnRemovals(mine, JSON.parse(target.permissions) as string[]);
    keepOneManager(db, project.uuid, target.id, null, 'user');
    db.transaction(() => {
      voidInvitations(db, project.uuid, target.id);
      db.run('DELETE FROM memberships WHERE project_uuid = ? AND user_id = ?', project.uuid, target.id);
      dropUnusedAccount(db, target.id);
    });
    logMemberRemoved(db, c.get('user'), project, target);
    return c.body(null, 204);
  });

  /** An invited member, for the invitation's calls: 422 for one who came in already. */
  const invited = (project: string, userUuid: string): MemberRow => {
    const target = member(db, project, userUuid);
    if (target.invited_at === null) throw invalid('user', text('users.notInvited'));
    return target;
  };

  /** Sends the invitation again: the old link stops working. Limited per member (limits.ts). */
  app.post(`${base}/:userUuid/invitation`, (c) => {
    const { project } = managed(db, c.get('user'), c.req.param('uuid'));
    requireSecondStepWhereRequired(db, c.get('session'), project.uuid);
    const target = invited(project.uuid, c.req.param('userUuid'));
    Quotas.take(deps.quotas.invitations, `${project.uuid}:${target.id}`);
    sendInvitation(deps, project, target);
    logMember(db, c.get('user'), project, target, 'invitation_resent');
    return c.json({ data: view(member(db, project.uuid, target.uuid)) });
  });

  /** Cancels an invitation: the member leaves the project and the link stops working. */
  app.delete(`${base}/:userUuid/invitation`, (c) => {
    const { project, mine } = managed(db, c.get('user'), c.req.param('uuid'));
    requireSecondStepWhereRequired(db, c.get('session'), project.uuid);
    const target = invited(project.uuid, c.req.param('userUuid'));
    onlyOwnRemovals(mine, JSON.parse(target.permissions) as string[]);
    db.transaction(() => {
      voidInvitations(db, project.uuid, target.id);
      db.run('DELETE FROM memberships WHERE project_uuid = ? AND user_id = ?', project.uuid, target.id);
      dropUnusedAccount(db, target.id);
    });
    logMember(db, c.get('user'), project, target, 'invitation_cancelled', { permissions: JSON.parse(target.permissions) as string[] });
    return c.body(null, 204);
  });
}
