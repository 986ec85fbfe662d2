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
    // Taking away a permission she lacks is not giving it: Sofie keeps only what is sent.
    const lower = await call(app, 'PATCH', `${NW}/${USERS.sofie}`, { token: vic, body: { permissions: ['view', 'evacuate'] } });
    expect(lower.status).toBe(200);
    expect(lower.body.data.permissions).toEqual(['view', 'evacuate']);
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

  it('adding an existing account leaks neither its name nor its stored e-mail', async () => {
    const morgan = await login(app, 'manager@vigil.test');
    const add = await call(app, 'POST', NW, {
      token: morgan,
      body: { email: 'NEW@vigil.test', name: 'Fake Name', permissions: ['view'] },
    });
    expect(add.status).toBe(201);
    expect(add.body.data).toMatchObject({ name: 'Fake Name', email: 'NEW@vigil.test', permissions: ['view'] });
    expect(JSON.stringify(add.body)).not.toContain('new@vigil.test');
    const named = await call(app, 'GET', '/api/users/newcomer', { token: morgan });
    expect(named.status).toBe(200);
    expect(named.body.data).toEqual({ username: 'newcomer', name: 'Fake Name' });
    expect(JSON.stringify(named.body)).not.toContain('Nina');
    // Hudson still knows her by her own name; she herself too.
    const dana = await login(app, 'dana.rivera@hudson-retail.example');
    expect((await call(app, 'GET', '/api/users/newcomer', { token: dana })).body.data.name).toBe('Nina Newcomer');
  });
});
