/**
 * The permission matrix (README.md, "Permissions"): every project call without each
 * permission. Without 'view' a membership counts as none (404, like a stranger); with
 * 'view' but without the call's permission it is a 403 with an errors list.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { EDIT_SCHEDULES, EVACUATE, MANAGE_USERS, PERMISSIONS, VIEW, type Permission } from '../../src/core/api/contract.ts';
import { PROJECTS, SITES, SYSTEMS, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

const NW = PROJECTS.northwind;
const WEEK = { days: [[{ from: '18:00', to: '06:00' }], [], [], [], [], [], []] };

let app: TestApp;
let viewer: string;
let ids: { camera: string; incident: string; still: string };

/** Gives viewer@vigil.test exactly `permissions` on Northwind. */
function grant(permissions: readonly string[]): void {
  app.deps.db.run(
    `UPDATE memberships SET permissions = ? WHERE project_uuid = ? AND user_id = (SELECT id FROM users WHERE email = 'viewer@vigil.test')`,
    JSON.stringify(permissions),
    NW,
  );
}

type Call = { name: string; method: string; path: () => string; body?: unknown; needs: Permission };

const CALLS: Call[] = [
  { name: 'project', method: 'GET', path: () => `/api/v2/projects/${NW}`, needs: VIEW },
  { name: 'site', method: 'GET', path: () => `/api/v2/sites/${SITES.antwerpWarehouse}`, needs: VIEW },
  { name: 'system', method: 'GET', path: () => `/api/v2/systems/${SYSTEMS.antwerpDocks}`, needs: VIEW },
  { name: 'live media', method: 'GET', path: () => `/api/v2/media/${ids.camera}`, needs: VIEW },
  { name: 'incident', method: 'GET', path: () => `/api/v2/incidents/${ids.incident}`, needs: VIEW },
  { name: 'incident media', method: 'GET', path: () => `/api/v2/media/${ids.still}`, needs: VIEW },
  { name: 'project evacuation status', method: 'GET', path: () => `/api/public/v2/projects/${NW}/evacuation/status`, needs: VIEW },
  {
    name: 'site evacuation status',
    method: 'GET',
    path: () => `/api/public/v2/sites/${SITES.antwerpWarehouse}/evacuation/status`,
    needs: VIEW,
  },
  { name: 'project evacuation start', method: 'POST', path: () => `/api/public/v1/projects/${NW}/evacuation/start`, needs: EVACUATE },
  { name: 'project evacuation abort', method: 'POST', path: () => `/api/public/v1/projects/${NW}/evacuation/abort`, needs: EVACUATE },
  {
    name: 'site evacuation start',
    method: 'POST',
    path: () => `/api/public/v1/sites/${SITES.brusselsOffice}/evacuation/start`,
    needs: EVACUATE,
  },
  {
    name: 'site evacuation abort',
    method: 'POST',
    path: () => `/api/public/v1/sites/${SITES.brusselsOffice}/evacuation/abort`,
    needs: EVACUATE,
  },
  {
    name: 'schedules',
    method: 'POST',
    path: () => `/api/public/v3/projects/${NW}/update-site-schedules`,
    body: { siteUuids: [SITES.ghentDistribution], schedule: WEEK },
    needs: EDIT_SCHEDULES,
  },
  { name: 'users list', method: 'GET', path: () => `/api/v2/projects/${NW}/users`, needs: MANAGE_USERS },
  {
    name: 'users add',
    method: 'POST',
    path: () => `/api/v2/projects/${NW}/users`,
    body: { email: 'someone.new@northwind.example', name: 'Someone New', permissions: ['view'] },
    needs: MANAGE_USERS,
  },
  {
    name: 'users change',
    method: 'PATCH',
    path: () => `/api/v2/projects/${NW}/users/${USERS.tom}`,
    // Only what the caller holds can be given ('view' and 'manage users' here).
    body: { permissions: ['view', 'manage users'] },
    needs: MANAGE_USERS,
  },
  { name: 'users remove', method: 'DELETE', path: () => `/api/v2/projects/${NW}/users/${USERS.tom}`, needs: MANAGE_USERS },
];

beforeEach(async () => {
  app = testApp();
  viewer = await login(app, 'viewer@vigil.test');
  const db = app.deps.db;
  ids = {
    camera: db.get<{ uuid: string }>('SELECT uuid FROM cameras WHERE system_uuid = ? ORDER BY position', SYSTEMS.antwerpDocks)!.uuid,
    incident: db.get<{ uuid: string }>('SELECT uuid FROM incidents WHERE project_uuid = ? ORDER BY uuid', NW)!.uuid,
    still: db.get<{ uuid: string }>(
      'SELECT im.uuid FROM incident_media im JOIN incidents i ON i.uuid = im.incident_uuid WHERE i.project_uuid = ? ORDER BY im.uuid',
      NW,
    )!.uuid,
  };
});

describe('the permission matrix', () => {
  for (const c of CALLS) {
    it(`${c.method} ${c.name} needs '${c.needs}'`, async () => {
      const send = () => call(app, c.method, c.path(), { token: viewer, ...(c.body ? { body: c.body } : {}) });
      // Every permission but the needed one (and 'view' kept unless 'view' is what is needed).
      grant(PERMISSIONS.filter((p) => p !== c.needs));
      const without = await send();
      if (c.needs === VIEW) {
        expect(without.status, 'no view: not a member').toBe(404);
      } else {
        expect(without.status).toBe(403);
        expect(without.body).toEqual({ errors: [{ message: 'This action is unauthorized.' }] });
      }
      // Every permission but 'view', and an empty list: no membership at all.
      grant(PERMISSIONS.filter((p) => p !== VIEW));
      expect((await send()).status, 'all but view').toBe(404);
      grant([]);
      expect((await send()).status, 'empty permissions').toBe(404);
      // With 'view' and the needed permission the call goes through.
      grant([VIEW, c.needs]);
      const allowed = await send();
      expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
    });
  }

  it('the 403 is translated', async () => {
    grant([VIEW]);
    const res = await call(app, 'POST', `/api/public/v1/projects/${NW}/evacuation/start`, {
      token: viewer,
      headers: { 'Accept-Language': 'de' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).not.toBe('This action is unauthorized.');
    expect(res.headers.get('Content-Language')).toBe('de');
  });

  it("without 'view' a project and its data vanish from the lists, too", async () => {
    const before = await call(app, 'GET', '/api/v2/incidents?per_page=100', { token: viewer });
    grant([EVACUATE, EDIT_SCHEDULES, MANAGE_USERS]);
    const projects = await call(app, 'GET', '/api/v2/projects', { token: viewer });
    expect(projects.body.data.map((p: { uuid: string }) => p.uuid)).toEqual([PROJECTS.hudson]);
    const after = await call(app, 'GET', '/api/v2/incidents?per_page=100', { token: viewer });
    expect(after.body.meta.total).toBeLessThan(before.body.meta.total);
    const stillThere = app.deps.db.all<{ uuid: string }>('SELECT uuid FROM incidents WHERE project_uuid = ?', NW).map((r) => r.uuid);
    expect(after.body.data.some((i: { uuid: string }) => stillThere.includes(i.uuid))).toBe(false);
    // A co-member's name is known only through projects one may read.
    expect((await call(app, 'GET', '/api/users/tom', { token: viewer })).status).toBe(404);
  });

  it('an evacuation is refused without evacuate and records nothing', async () => {
    const newcomer = await login(app, 'new@vigil.test');
    await call(app, 'PUT', '/api/v2/user/terms', { token: newcomer, body: { terms_accepted_web_portal: true } });
    const events = () => app.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM evacuation_events')!.n;
    const before = events();
    const res = await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.hudson}/evacuation/start`, { token: newcomer });
    expect(res.status).toBe(403);
    const status = await call(app, 'GET', `/api/public/v2/projects/${PROJECTS.hudson}/evacuation/status`, { token: newcomer });
    expect(status.body.data.status).toBe('inactive');
    expect(events()).toBe(before);
  });
});
