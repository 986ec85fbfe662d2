/**
 * Attacks on project membership, written as the attacker tries them: a manager who locks
 * everybody out, a manager who hands out (or takes) more than they hold, a name one
 * customer chooses showing up in another customer's records.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROJECTS, USERS } from './seed-ids.ts';
import { evacuationHistory } from './routes/evacuation.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
const usersOf = (project: string) => `/api/v2/projects/${project}/users`;
const NW = usersOf(PROJECTS.northwind);

/** Sets a member's permissions directly (the seed's starting point for an attack). */
function grant(email: string, project: string, permissions: readonly string[]): void {
  app.deps.db.run(
    'UPDATE memberships SET permissions = ? WHERE project_uuid = ? AND user_id = (SELECT id FROM users WHERE email = ?)',
    JSON.stringify(permissions),
    project,
    email,
  );
}
const permissionsOf = (email: string, project: string): string[] | undefined => {
  const row = app.deps.db.get<{ permissions: string }>(
    'SELECT permissions FROM memberships WHERE project_uuid = ? AND user_id = (SELECT id FROM users WHERE email = ?)',
    project,
    email,
  );
  return row && (JSON.parse(row.permissions) as string[]);
};

beforeEach(() => {
  app = testApp();
});

describe('the last manager', () => {
  it("cannot demote herself to ['manage users'] without 'view' (which counts as no membership)", async () => {
    const manager = await login(app, 'manager@vigil.test');
    const res = await call(app, 'PATCH', `${NW}/${USERS.manager}`, { token: manager, body: { permissions: ['manage users'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'permissions', message: expect.stringMatching(/View/) }]);
    expect(permissionsOf('manager@vigil.test', PROJECTS.northwind)).toEqual(['view', 'manage users', 'evacuate', 'edit schedules']);
    // She can still manage the project's users.
    expect((await call(app, 'GET', NW, { token: manager })).status).toBe(200);
  });

  it("is not replaced by a member holding only ['manage users']: adding one is refused, demoting then too", async () => {
    const manager = await login(app, 'manager@vigil.test');
    const add = await call(app, 'POST', NW, {
      token: manager,
      body: { email: 'ghost@northwind.example', name: 'Ghost', permissions: ['manage users'] },
    });
    expect(add.status).toBe(422);
    expect(add.body.errors[0].field).toBe('permissions');
    expect(app.deps.db.get('SELECT 1 FROM users WHERE email = ?', 'ghost@northwind.example')).toBeUndefined();
    // Such a membership planted directly (older data) does not count as a manager either.
    grant('tom.becker@northwind.example', PROJECTS.northwind, ['manage users']);
    const demote = await call(app, 'PATCH', `${NW}/${USERS.manager}`, { token: manager, body: { permissions: ['view'] } });
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual([{ field: 'permissions', message: 'A project needs at least one user who can manage users.' }]);
    expect((await call(app, 'DELETE', `${NW}/${USERS.manager}`, { token: manager })).status).toBe(422);
    // With a real second manager the first may step down.
    grant('tom.becker@northwind.example', PROJECTS.northwind, ['view', 'manage users']);
    expect((await call(app, 'PATCH', `${NW}/${USERS.manager}`, { token: manager, body: { permissions: ['view'] } })).status).toBe(200);
  });

  it("refuses any permission list without 'view', for others too", async () => {
    const manager = await login(app, 'manager@vigil.test');
    for (const permissions of [[], ['evacuate'], ['evacuate', 'edit schedules']]) {
      const res = await call(app, 'PATCH', `${NW}/${USERS.tom}`, { token: manager, body: { permissions } });
      expect(res.status, JSON.stringify(permissions)).toBe(422);
      expect(res.body.errors[0].field).toBe('permissions');
    }
    expect(permissionsOf('tom.becker@northwind.example', PROJECTS.northwind)).toEqual(['view']);
  });
});

describe("'manage users' grants only what its holder holds", () => {
  it('a manager without evacuate or edit schedules cannot give them to herself', async () => {
    grant('viewer@vigil.test', PROJECTS.northwind, ['view', 'manage users']);
    const vic = await login(app, 'viewer@vigil.test');
    for (const extra of ['evacuate', 'edit schedules']) {
      const res = await call(app, 'PATCH', `${NW}/${USERS.viewer}`, {
        token: vic,
        body: { permissions: ['view', 'manage users', extra] },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: 'permissions', message: 'You can only give permissions you hold yourself.' }]);
    }
    expect(permissionsOf('viewer@vigil.test', PROJECTS.northwind)).toEqual(['view', 'manage users']);
    expect((await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, { token: vic })).status).toBe(403);
  });

  it('nor to others, nor to a user she creates; what she holds she may give and take', async () => {
    grant('viewer@vigil.test', PROJECTS.northwind, ['view', 'manage users']);
    const vic = await login(app, 'viewer@vigil.test');
    const raise = await call(app, 'PATCH', `${NW}/${USERS.tom}`, { token: vic, body: { permissions: ['view', 'evacuate'] } });
    expect(raise.status).toBe(422);
    const create = await call(app, 'POST', NW, {
      token: vic,
      body: { email: 'accomplice@example.com', name: 'Accomplice', permissions: ['view', 'evacuate', 'edit schedules'] },
    });
    expect(create.status).toBe(422);
    expect(create.body.errors[0]).toEqual({ field: 'permissions', message: 'You can only give permissions you hold yourself.' });
    expect(app.deps.db.get('SELECT 1 FROM users WHERE email = ?', 'accomplice@example.com')).toBeUndefined();
    // What she holds is hers to give.
    const ok = await call(app, 'POST', NW, {
      token: vic,
      body: { email: 'helper@example.com', name: 'Helper', permissions: ['view', 'manage users'] },
    });
    expect(ok.status).toBe(201);
  });
});

describe("'manage users' takes away only what its holder holds", () => {
  it('a manager without evacuate cannot strip a full manager to view (then nobody could give evacuate again)', async () => {
    grant('viewer@vigil.test', PROJECTS.northwind, ['view', 'manage users']);
    const vic = await login(app, 'viewer@vigil.test');
    const strip = await call(app, 'PATCH', `${NW}/${USERS.manager}`, { token: vic, body: { permissions: ['view'] } });
    expect(strip.status).toBe(403);
    expect(strip.body.errors).toEqual([{ message: 'You can only take away permissions you hold yourself.', code: 'permission_not_held' }]);
    expect(permissionsOf('manager@vigil.test', PROJECTS.northwind)).toEqual(['view', 'manage users', 'evacuate', 'edit schedules']);
    // Nor one permission of Sofie's, nor Sofie as a whole (removing her takes all of hers).
    const lower = await call(app, 'PATCH', `${NW}/${USERS.sofie}`, { token: vic, body: { permissions: ['view', 'evacuate'] } });
    expect(lower.status).toBe(403);
    expect((await call(app, 'DELETE', `${NW}/${USERS.sofie}`, { token: vic })).status).toBe(403);
    expect(permissionsOf('sofie.peeters@northwind.example', PROJECTS.northwind)).toEqual(['view', 'evacuate', 'edit schedules']);
    // What she holds is hers to take: Tom ('view') may leave; a member she made may lose 'manage users'.
    await call(app, 'POST', NW, {
      token: vic,
      body: { email: 'helper@example.com', name: 'Helper', permissions: ['view', 'manage users'] },
    });
    const helper = app.deps.db.get<{ uuid: string }>('SELECT uuid FROM users WHERE email = ?', 'helper@example.com')!.uuid;
    expect((await call(app, 'PATCH', `${NW}/${helper}`, { token: vic, body: { permissions: ['view'] } })).status).toBe(200);
    expect((await call(app, 'DELETE', `${NW}/${USERS.tom}`, { token: vic })).status).toBe(204);
    // A full manager may take away anything.
    const morgan = await login(app, 'manager@vigil.test');
    const full = await call(app, 'PATCH', `${NW}/${USERS.sofie}`, { token: morgan, body: { permissions: ['view'] } });
    expect(full.status).toBe(200);
  });
});

describe('names in records are the project’s own', () => {
  it("an evacuation started by an account another customer named is recorded with Hudson's name for the person", async () => {
    // Northwind's manager creates the account first and names it after Hudson's manager.
    const morgan = await login(app, 'manager@vigil.test');
    const planted = await call(app, 'POST', NW, {
      token: morgan,
      body: { email: 'pre@hudson-retail.example', name: 'Dana Rivera', permissions: ['view'] },
    });
    expect(planted.status).toBe(201);
    // Hudson adds the same person as "Pre Hire", allowed to evacuate.
    const dana = await login(app, 'dana.rivera@hudson-retail.example');
    const added = await call(app, 'POST', usersOf(PROJECTS.hudson), {
      token: dana,
      body: { email: 'pre@hudson-retail.example', name: 'Pre Hire', permissions: ['view', 'evacuate'] },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.name).toBe('Pre Hire');
    // The person sets a password and starts an evacuation of Hudson.
    await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'pre@hudson-retail.example' } });
    const link = app.deps.state.lastResetLink!;
    const reset = await call(app, 'POST', '/api/v2/user/reset-password', {
      body: { token: link.token, email: link.email, password: 'pre-hire-secret', password_confirmation: 'pre-hire-secret' },
    });
    expect(reset.status).toBe(200);
    const pre = await login(app, 'pre@hudson-retail.example', 'pre-hire-secret');
    // The account's own name is its e-mail, not what Northwind's manager typed.
    expect((await call(app, 'GET', '/api/v2/user', { token: pre })).body.data.name).toBe('pre@hudson-retail.example');
    await call(app, 'PUT', '/api/v2/user/terms', { token: pre, body: { terms_accepted_web_portal: true } });
    const start = await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.hudson}/evacuation/start`, { token: pre });
    expect(start.status).toBe(200);
    expect(start.body.data.started_by).toBe('Pre Hire');
    const status = await call(app, 'GET', `/api/public/v2/projects/${PROJECTS.hudson}/evacuation/status`, { token: dana });
    expect(status.body.data.started_by).toBe('Pre Hire');
    expect(evacuationHistory(app.deps.db, 'project', PROJECTS.hudson).map((e) => e.user_name)).toEqual(['Pre Hire']);
    expect(JSON.stringify(status.body)).not.toContain('Dana Rivera');
  });

  it('adding an e-mail answers the same whether or not it has an account: name as typed, address in lower case', async () => {
    const morgan = await login(app, 'manager@vigil.test');
    // NEW@vigil.test has an account (Nina, in Hudson); NOBODY.YET@vigil.test has none.
    const known = await call(app, 'POST', NW, {
      token: morgan,
      body: { email: 'NEW@vigil.test', name: 'Fake Name', permissions: ['view'] },
    });
    const fresh = await call(app, 'POST', NW, {
      token: morgan,
      body: { email: 'NOBODY.YET@vigil.test', name: 'Fake Name', permissions: ['view'] },
    });
    expect([known.status, fresh.status]).toEqual([201, 201]);
    const shape = (a: typeof known) => ({ ...a.body.data, uuid: 'x' });
    // No sign-in facts either: a known account answers as a new one would, both invited.
    const neutral = { two_step: false, last_sign_in_at: null, status: 'invited', invited_at: expect.any(String) };
    expect(shape(known)).toEqual({ uuid: 'x', name: 'Fake Name', email: 'new@vigil.test', permissions: ['view'], ...neutral });
    expect(shape(fresh)).toEqual({ uuid: 'x', name: 'Fake Name', email: 'nobody.yet@vigil.test', permissions: ['view'], ...neutral });
    expect(JSON.stringify(known.body)).not.toContain('Nina');
    // The list shows them the same way afterwards.
    const list = (await call(app, 'GET', NW, { token: morgan })).body.data as { uuid: string; email: string; name: string }[];
    expect(list.find((u) => u.uuid === known.body.data.uuid)).toMatchObject({ email: 'new@vigil.test', name: 'Fake Name', ...neutral });
    expect(list.find((u) => u.uuid === fresh.body.data.uuid)).toMatchObject({
      email: 'nobody.yet@vigil.test',
      name: 'Fake Name',
      ...neutral,
    });
    // MANAGER@VIGIL.TEST is the manager herself: already a member, compared without case.
    const self = await call(app, 'POST', NW, { token: morgan, body: { email: 'MANAGER@VIGIL.TEST', name: 'M', permissions: ['view'] } });
    expect(self.status).toBe(422);
    expect(self.body.errors[0].field).toBe('email');
    // Renaming answers the same for both, and never touches the account's own name.
    for (const added of [known, fresh]) {
      const renamed = await call(app, 'PATCH', `${NW}/${added.body.data.uuid}`, { token: morgan, body: { name: 'Renamed' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.name).toBe('Renamed');
    }
    const named = await call(app, 'GET', '/api/users/newcomer', { token: morgan });
    expect(named.body.data).toEqual({ username: 'newcomer', name: 'Renamed' });
    // Hudson still knows her by her own name; she herself too.
    const dana = await login(app, 'dana.rivera@hudson-retail.example');
    expect((await call(app, 'GET', '/api/users/newcomer', { token: dana })).body.data.name).toBe('Nina Newcomer');
  });
});
