import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { NON_UFO_SYSTEMS, PROJECTS, SITES, SYSTEMS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
});

describe('GET /api/v2/projects', () => {
  it("lists the user's projects with counts and the user's permissions", async () => {
    const res = await call(app, 'GET', '/api/v2/projects', { token: manager });
    const { data, meta } = parse(Answers.projects, res.body);
    expect(meta.total).toBe(2);
    expect(data.map((p) => p.uuid)).toEqual([PROJECTS.northwind, PROJECTS.atlas]);
    expect(data[0]).toMatchObject({ name: 'Northwind Logistics', sites_count: 3, systems_count: 8, evacuation_active: false });
    expect(data[0]!.permissions).toContain('manage users');
    expect(data[1]!.permissions).toEqual(['view', 'evacuate']);
  });

  it('gives another user their own projects and permissions', async () => {
    const { data } = parse(Answers.projects, (await call(app, 'GET', '/api/v2/projects', { token: viewer })).body);
    expect(data.map((p) => p.uuid)).toEqual([PROJECTS.northwind, PROJECTS.hudson]);
    expect(data.every((p) => !p.permissions.includes('manage users'))).toBe(true);
  });
});

describe('GET /api/v2/projects/{uuid}', () => {
  it('gives the project with sites and systems, all types without a filter', async () => {
    const res = await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}`, { token: manager });
    const project = parse(Answers.project, res.body).data;
    expect(project.sites.map((s) => s.uuid)).toEqual([SITES.antwerpWarehouse, SITES.brusselsOffice, SITES.ghentDistribution]);
    const systems = project.sites.flatMap((s) => s.systems.map((y) => y.uuid));
    expect(systems).toContain(SYSTEMS.antwerpAlarm);
    expect(project.sites[0]!.schedule?.days).toHaveLength(7);
  });

  it('honours filter[systemtype]=UFO', async () => {
    const res = await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}?filter[systemtype]=UFO`, { token: manager });
    const systems = parse(Answers.project, res.body).data.sites.flatMap((s) => s.systems);
    expect(systems).toHaveLength(8);
    expect(systems.every((s) => s.type === 'UFO')).toBe(true);
    expect(systems.some((s) => NON_UFO_SYSTEMS.includes(s.uuid))).toBe(false);
  });

  it('answers 404 to non-members and for unknown uuids alike', async () => {
    for (const uuid of [PROJECTS.hudson, 'no-such-project']) {
      const res = await call(app, 'GET', `/api/v2/projects/${uuid}`, { token: manager });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].message).toBe('Project not found.');
    }
  });
});

describe('GET /api/v2/sites/{uuid}', () => {
  it('gives the site with its project, permissions, systems and schedule', async () => {
    const res = await call(app, 'GET', `/api/v2/sites/${SITES.brusselsOffice}`, { token: manager });
    const site = parse(Answers.site, res.body).data;
    expect(site).toMatchObject({ name: 'Brussels Head Office', timezone: 'Europe/Brussels', project_uuid: PROJECTS.northwind });
    expect(site.project).toMatchObject({ uuid: PROJECTS.northwind, name: 'Northwind Logistics' });
    expect(site.project!.permissions).toContain('manage users');
    expect(site.schedule!.days[0]).toEqual([
      { from: '00:00', to: '07:00' },
      { from: '18:00', to: '07:00' },
    ]);
  });

  it('gives an empty week in the site time zone when no schedule is stored', async () => {
    const site = parse(Answers.site, (await call(app, 'GET', `/api/v2/sites/${SITES.newarkDataHall}`, { token: manager })).body).data;
    expect(site.schedule).toEqual({ timezone: 'America/New_York', days: [[], [], [], [], [], [], []], exceptions: [] });
  });

  it('answers 404 to non-members', async () => {
    expect((await call(app, 'GET', `/api/v2/sites/${SITES.brooklynStore}`, { token: manager })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v2/sites/unknown', { token: manager })).status).toBe(404);
  });
});

describe('GET /api/v2/systems/{uuid}', () => {
  it('gives the system with cameras whose media_url ends in the camera uuid', async () => {
    const res = await call(app, 'GET', `/api/v2/systems/${SYSTEMS.antwerpDocks}`, { token: manager });
    const system = parse(Answers.system, res.body).data;
    expect(system).toMatchObject({ name: 'Dock cameras', type: 'UFO', online: true, site_uuid: SITES.antwerpWarehouse });
    expect(system.cameras).toHaveLength(4);
    for (const camera of system.cameras) expect(camera.media_url).toBe(`/api/v2/media/${camera.uuid}`);
  });

  it('says since when an offline system is offline, and nothing while it is online', async () => {
    const read = async (uuid: string) =>
      parse(Answers.system, (await call(app, 'GET', `/api/v2/systems/${uuid}`, { token: manager })).body).data;
    expect((await read(SYSTEMS.antwerpDocks)).offline_since).toBeNull();
    // Seeded offline: since before the server started.
    const roof = await read(SYSTEMS.brusselsRoof);
    expect(roof.online).toBe(false);
    expect(Date.parse(roof.offline_since ?? '')).toBeLessThan(Date.now());

    const before = Date.now();
    await call(app, 'POST', '/__test/system', { body: { system: SYSTEMS.antwerpYard, online: false } });
    const since = Date.parse((await read(SYSTEMS.antwerpYard)).offline_since ?? '');
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(since).toBeLessThanOrEqual(Date.now());
    await call(app, 'POST', '/__test/system', { body: { system: SYSTEMS.antwerpYard, online: true } });
    expect((await read(SYSTEMS.antwerpYard)).offline_since).toBeNull();
  });

  it('answers 404 to non-members and unknown uuids', async () => {
    expect((await call(app, 'GET', `/api/v2/systems/${SYSTEMS.queensFence}`, { token: manager })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v2/systems/unknown', { token: manager })).status).toBe(404);
  });
});
