/**
 * Project users: list, add (creating the account when the e-mail is new), change, remove.
 * Needs 'manage users'. An account is shared by every project it is in, so a manager
 * never learns or changes what other customers see: adding an existing account answers
 * with the name the manager typed (kept as this project's name for it), and the account's
 * own name changes only when every project of the account is one this manager manages.
 */
import { Bodies, MANAGE_USERS, VIEW, type ProjectUser } from '../../../src/core/api/contract.ts';
import { managedProject, sortPermissions } from '../access.ts';
import { nowIso, type Db } from '../db.ts';
import { invalid, notFound, readBody, type App, type Deps } from '../http.ts';
import { text } from '../messages.ts';
import { hashPassword, randomToken } from '../security.ts';
import { stableUuid } from '../seed-data/util.ts';

type MemberRow = { id: number; uuid: string; name: string; email: string; permissions: string };

const MEMBER_SELECT = `SELECT u.id, u.uuid, COALESCE(m.name, u.name) AS name, u.email, m.permissions FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = ?`;

const view = (m: MemberRow): ProjectUser => ({
  uuid: m.uuid,
  name: m.name,
  email: m.email,
  permissions: sortPermissions(JSON.parse(m.permissions) as string[]),
});

function member(db: Db, project: string, userUuid: string): MemberRow {
  const row = db.get<MemberRow>(`${MEMBER_SELECT} AND u.uuid = ?`, project, userUuid);
  if (!row) throw notFound('projectUser');
  return row;
}

/** Refuses a change that would leave the project without anyone who can manage its users. */
function keepOneManager(db: Db, project: string, target: MemberRow, field: string): void {
  if (!(JSON.parse(target.permissions) as string[]).includes(MANAGE_USERS)) return;
  const managers = db
    .all<{ permissions: string }>('SELECT permissions FROM memberships WHERE project_uuid = ?', project)
    .filter((m) => (JSON.parse(m.permissions) as string[]).includes(MANAGE_USERS)).length;
  if (managers <= 1) throw invalid(field, text('users.lastManager'));
}

/** Whether every project of the account is one where `manager` holds 'view' and 'manage users'. */
function managesAllProjectsOf(db: Db, managerId: number, accountId: number): boolean {
  const outside = db.get(
    `SELECT 1 FROM memberships t WHERE t.user_id = ? AND NOT EXISTS (
       SELECT 1 FROM memberships m WHERE m.project_uuid = t.project_uuid AND m.user_id = ?
         AND EXISTS (SELECT 1 FROM json_each(m.permissions) WHERE json_each.value = '${VIEW}')
         AND EXISTS (SELECT 1 FROM json_each(m.permissions) WHERE json_each.value = '${MANAGE_USERS}'))`,
    accountId,
    managerId,
  );
  return !outside;
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

export function projectUserRoutes(app: App, { db, log }: Deps): void {
  const base = '/api/v2/projects/:uuid/users';

  app.get(base, (c) => {
    const project = managedProject(db, c.get('user'), c.req.param('uuid'));
    return c.json({ data: db.all<MemberRow>(`${MEMBER_SELECT} ORDER BY u.name COLLATE NOCASE`, project.uuid).map(view) });
  });

  app.post(base, async (c) => {
    const project = managedProject(db, c.get('user'), c.req.param('uuid'));
    const body = await readBody(c, Bodies.createProjectUser);
    const created = db.transaction(() => {
      let user = db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', body.email);
      const existing = Boolean(user);
      if (user && db.get('SELECT 1 FROM memberships WHERE project_uuid = ? AND user_id = ?', project.uuid, user.id)) {
        throw invalid('email', text('users.alreadyMember'));
      }
      if (!user) {
        const r = db.run(
          'INSERT INTO users (uuid, email, username, name, password_hash, locale, terms_accepted, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)',
          stableUuid(`user:${body.email.toLowerCase()}:${randomToken()}`),
          body.email,
          uniqueUsername(db, body.email),
          body.name,
          hashPassword(randomToken()),
          'en',
          nowIso(),
        );
        user = { id: r.lastInsertRowid };
        log(`Created user ${body.email} for ${project.name}; they set a password with "Forgot password".`);
      }
      // An existing account is known here by the name the manager typed, never by its own.
      db.run(
        'INSERT INTO memberships (project_uuid, user_id, permissions, name) VALUES (?, ?, ?, ?)',
        project.uuid,
        user.id,
        JSON.stringify(sortPermissions(body.permissions)),
        existing ? body.name : null,
      );
      return db.get<MemberRow>(`${MEMBER_SELECT} AND u.id = ?`, project.uuid, user.id)!;
    });
    return c.json({ data: view(created) }, 201);
  });

  app.patch(`${base}/:userUuid`, async (c) => {
    const me = c.get('user');
    const project = managedProject(db, me, c.req.param('uuid'));
    const target = member(db, project.uuid, c.req.param('userUuid'));
    const body = await readBody(c, Bodies.updateProjectUser);
    const rename = body.name !== undefined && body.name !== target.name;
    if (rename && !managesAllProjectsOf(db, me.id, target.id)) throw invalid('name', text('users.foreignAccount'));
    if (body.permissions && !body.permissions.includes(MANAGE_USERS)) keepOneManager(db, project.uuid, target, 'permissions');
    db.transaction(() => {
      if (rename) {
        db.run('UPDATE users SET name = ? WHERE id = ?', body.name!, target.id);
        db.run('UPDATE memberships SET name = NULL WHERE user_id = ?', target.id);
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
    return c.json({ data: view(member(db, project.uuid, target.uuid)) });
  });

  app.delete(`${base}/:userUuid`, (c) => {
    const project = managedProject(db, c.get('user'), c.req.param('uuid'));
    const target = member(db, project.uuid, c.req.param('userUuid'));
    keepOneManager(db, project.uuid, target, 'user');
    db.run('DELETE FROM memberships WHERE project_uuid = ? AND user_id = ?', project.uuid, target.id);
    return c.body(null, 204);
  });
}
