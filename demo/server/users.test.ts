import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { PROJECTS, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
const users = `/api/v2/projects/${PROJECTS.northwind}/users`;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
});

describe('project users', () => {
  it("need 'manage users': 403 without it, 404 for non-members", async () => {
    const forbidden = await call(app, 'GET', users, { token: viewer });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ errors: [{ message: 'This action is unauthorized.' }] });
    expect((await call(app, 'GET', `/api/v2/projects/${PROJECTS.atlas}/users`, { token: manager })).status).toBe(403);
    expect((await call(app, 'POST', users, { token: viewer, body: { email: 'x@example.com', name: 'X', permissions: [] } })).status).toBe(
      403,
    );
    expect((await call(app, 'DELETE', `${users}/${USERS.tom}`, { token: viewer })).status).toBe(403);
    expect((await call(app, 'GET', `/api/v2/projects/${PROJECTS.hudson}/users`, { token: manager })).status).toBe(404);
  });

  it('lists the members with their permissions', async () => {
    const list = parse(Answers.projectUsers, (await call(app, 'GET', users, { token: manager })).body).data;
    expect(list.map((u) => u.name)).toEqual(['Morgan Manager', 'Sofie Peeters', 'Tom Becker', 'Vic Viewer']);
    expect(list.find((u) => u.uuid === USERS.viewer)!.permissions).toEqual(['view', 'evacuate']);
  });

  it('adds a new person, creating the account, and an existing one', async () => {
    const created = await call(app, 'POST', users, {
      token: manager,
      body: { email: 'ines.claes@northwind.example', name: 'Ines Claes', permissions: ['view', 'evacuate'] },
    });
    expect(created.status).toBe(201);
    expect(parse(Answers.projectUser, created.body).data).toMatchObject({
      name: 'Ines Claes',
      email: 'ines.claes@northwind.example',
      permissions: ['view', 'evacuate'],
    });
    expect(app.logs.some((l) => l.includes('ines.claes@northwind.example'))).toBe(true);
    // An existing account: the answer holds what the manager typed, never the account's own name.
    const existing = await call(app, 'POST', users, {
      token: manager,
      body: { email: 'lucas.dubois@atlas-dc.example', name: 'L. Dubois', permissions: ['view'] },
    });
    expect(existing.status).toBe(201);
    expect(existing.body.data).toMatchObject({ uuid: USERS.lucas, name: 'L. Dubois', email: 'lucas.dubois@atlas-dc.example' });
    expect(JSON.stringify(existing.body)).not.toContain('Lucas Dubois');
  });

  it('refuses an existing member and invalid data with field errors', async () => {
    const dup = await call(app, 'POST', users, {
      token: manager,
      body: { email: 'VIEWER@vigil.test', name: 'Vic', permissions: ['view'] },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual([{ field: 'email', message: 'This user is already a member of the project.' }]);
    const bad = await call(app, 'POST', users, { token: manager, body: { email: 'nope', name: '', permissions: ['fly'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'name', 'permissions.0']);
    expect((await call(app, 'POST', users, { token: manager, rawBody: 'nope' })).status).toBe(400);
  });

  it('changes name and permissions', async () => {
    const res = await call(app, 'PATCH', `${users}/${USERS.tom}`, {
      token: manager,
      body: { name: 'Thomas Becker', permissions: ['evacuate', 'view'] },
    });
    expect(parse(Answers.projectUser, res.body).data).toEqual({
      uuid: USERS.tom,
      name: 'Thomas Becker',
      email: 'tom.becker@northwind.example',
      permissions: ['view', 'evacuate'],
      two_step: false,
      last_sign_in_at: null,
      status: 'active',
    });
    expect((await call(app, 'PATCH', `${users}/${USERS.tom}`, { token: manager, body: { permissions: 'all' } })).status).toBe(422);
    expect((await call(app, 'PATCH', `${users}/${USERS.dana}`, { token: manager, body: { name: 'X' } })).status).toBe(404);
  });

  it("renames only this project's name for the person: the account's own name and other projects stay as they were", async () => {
    // viewer@vigil.test is also in Hudson, which this manager does not manage.
    const rename = await call(app, 'PATCH', `${users}/${USERS.viewer}`, {
      token: manager,
      body: { name: 'Hacked Name', permissions: ['view'] },
    });
    expect(rename.status).toBe(200);
    expect(rename.body.data).toMatchObject({ name: 'Hacked Name', permissions: ['view'] });
    const viewerToken = await login(app, 'viewer@vigil.test');
    expect((await call(app, 'GET', '/api/v2/user', { token: viewerToken })).body.data.name).toBe('Vic Viewer');
    const dana = await login(app, 'dana.rivera@hudson-retail.example');
    const hudson = (await call(app, 'GET', `/api/v2/projects/${PROJECTS.hudson}/users`, { token: dana })).body.data as {
      uuid: string;
      name: string;
    }[];
    expect(hudson.find((u) => u.uuid === USERS.viewer)?.name).not.toBe('Hacked Name');
    await call(app, 'PATCH', `${users}/${USERS.viewer}`, {
      token: manager,
      body: { name: 'Vic Viewer', permissions: ['view', 'evacuate'] },
    });
  });

  it('an added existing account is known here by the typed name; its own name and other projects stay as they were', async () => {
    const lucas = await login(app, 'lucas.dubois@atlas-dc.example');
    const list = parse(Answers.projectUsers, (await call(app, 'GET', users, { token: manager })).body).data;
    expect(list.find((u) => u.uuid === USERS.lucas)?.name).toBe('L. Dubois');
    expect((await call(app, 'GET', '/api/v2/user', { token: lucas })).body.data.name).toBe('Lucas Dubois');
    // Lucas is in Atlas too, which this manager does not manage: renaming him here changes this project's name only.
    const renamed = await call(app, 'PATCH', `${users}/${USERS.lucas}`, { token: manager, body: { name: 'Someone Else' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Someone Else');
    const atlas = parse(
      Answers.projectUsers,
      (await call(app, 'GET', `/api/v2/projects/${PROJECTS.atlas}/users`, { token: lucas })).body,
    ).data;
    expect(atlas.find((u) => u.uuid === USERS.lucas)?.name).toBe('Lucas Dubois');
    expect((await call(app, 'GET', '/api/v2/user', { token: lucas })).body.data.name).toBe('Lucas Dubois');
  });

  it('keeps at least one user who can manage users', async () => {
    const res = await call(app, 'PATCH', `${users}/${USERS.manager}`, { token: manager, body: { permissions: ['view'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('permissions');
    expect((await call(app, 'DELETE', `${users}/${USERS.manager}`, { token: manager })).status).toBe(422);
  });

  it('removes a member', async () => {
    expect((await call(app, 'DELETE', `${users}/${USERS.tom}`, { token: manager })).status).toBe(204);
    const list = parse(Answers.projectUsers, (await call(app, 'GET', users, { token: manager })).body).data;
    expect(list.some((u) => u.uuid === USERS.tom)).toBe(false);
    expect((await call(app, 'DELETE', `${users}/${USERS.tom}`, { token: manager })).status).toBe(404);
  });
});
