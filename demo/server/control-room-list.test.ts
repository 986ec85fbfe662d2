import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { PROJECTS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
}, 30_000);

describe('the control rooms in the projects list', () => {
  it('gives each of the user’s projects its control room, read as the contract says', async () => {
    const res = await call(app, 'GET', '/api/v2/projects', { token: manager });
    expect(res.status).toBe(200);
    const list = parse(Answers.projects, res.body).data;
    expect(list.map((p) => [p.uuid, p.control_room])).toEqual([
      [PROJECTS.northwind, { name: 'Vigil control room Antwerp', phone: '+32 3 555 01 23' }],
      [PROJECTS.atlas, { name: 'Vigil control room Liège', phone: '+32 4 555 02 34' }],
    ]);
  });

  it('never names the control room of a project the user is not a member of', async () => {
    const res = await call(app, 'GET', '/api/v2/projects', { token: manager });
    expect(JSON.stringify(res.body)).not.toContain('New York');
    expect(JSON.stringify(res.body)).not.toContain(PROJECTS.hudson);
  });

  it('answers no list at all without a valid token', async () => {
    expect((await call(app, 'GET', '/api/v2/projects')).status).toBe(401);
    expect((await call(app, 'GET', '/api/v2/projects', { token: 'forged' })).status).toBe(401);
  });
});
