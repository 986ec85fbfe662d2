/**
 * Health at a glance, written as the use and the attack: the home list and a project's page
 * tell what needs attention (offline systems, every open incident with the worst severity,
 * and those of the last 24 h apart, evacuations) in the answers the pages already load, and never tell
 * anything of a project the user may not read.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import type { Health, ProjectHealth } from './health.ts';
import { PROJECTS, SITES, SYSTEMS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeEach(async () => {
  app = testApp();
  [manager, viewer] = await Promise.all([login(app, 'manager@vigil.test'), login(app, 'viewer@vigil.test')]);
  // A calm start: every seeded incident handled, every system online, nothing evacuating.
  app.deps.db.run("UPDATE incidents SET handled_by = 'operator' WHERE handled_by IS NULL");
  app.deps.db.run('UPDATE systems SET online = 1');
  app.deps.db.run("UPDATE evacuations SET status = 'inactive'");
});

type Summary = { uuid: string; health: ProjectHealth };
type SiteWithHealth = { uuid: string; health: Health };

async function home(token: string): Promise<Summary[]> {
  const res = await call(app, 'GET', '/api/v2/projects', { token });
  expect(res.status).toBe(200);
  parse(Answers.projects, res.body);
  return res.body.data as Summary[];
}

async function projectSites(token: string, uuid: string, query = ''): Promise<SiteWithHealth[]> {
  const res = await call(app, 'GET', `/api/v2/projects/${uuid}${query}`, { token });
  expect(res.status).toBe(200);
  parse(Answers.project, res.body);
  return res.body.data.sites as SiteWithHealth[];
}

const healthOf = async (token: string, project: string) => (await home(token)).find((p) => p.uuid === project)!.health;

function addIncident(site: string, severity: string, hoursAgo: number, handledBy: string | null = null): void {
  const project = app.deps.db.get<{ project_uuid: string }>('SELECT project_uuid FROM sites WHERE uuid = ?', site)!.project_uuid;
  app.deps.db.run(
    'INSERT INTO incidents (uuid, project_uuid, site_uuid, system_uuid, title, description, occurred_at, severity, handled_by) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?)',
    randomUUID(),
    project,
    site,
    JSON.stringify({ en: 'Test' }),
    JSON.stringify({ en: 'Test' }),
    new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
    severity,
    handledBy,
  );
}

const setOnline = (system: string, online: boolean) => call(app, 'POST', '/__test/system', { body: { system, online } });

describe('health in GET /api/v2/projects', () => {
  it('reads calm when nothing is wrong, and keeps the existing fields as they were', async () => {
    const [northwind] = await home(manager);
    expect(northwind).toMatchObject({ sites_count: 3, systems_count: 8, evacuation_active: false });
    expect(northwind!.health).toMatchObject({
      systems_offline: [],
      open_incidents: { count: 0, worst_severity: null },
      open_incidents_24h: { count: 0, worst_severity: null },
      evacuating: false,
      systems_by_type: { UFO: 8, ALARM: 2 },
    });
    expect(northwind!.health.sites.map((s) => s.uuid)).toEqual([SITES.antwerpWarehouse, SITES.brusselsOffice, SITES.ghentDistribution]);
    expect(northwind!.health.sites[0]!.schedule.days).toHaveLength(7);
    expect(northwind!.health.sites[0]!.schedule.timezone).toBe('Europe/Brussels');
  });

  it('names the offline systems, of every type, as soon as one goes offline', async () => {
    expect((await setOnline(SYSTEMS.brusselsRoof, false)).status).toBe(200);
    expect((await setOnline(SYSTEMS.antwerpAlarm, false)).status).toBe(200);
    const health = await healthOf(manager, PROJECTS.northwind);
    expect(health.systems_offline).toEqual([
      { uuid: SYSTEMS.antwerpAlarm, name: expect.any(String), site_uuid: SITES.antwerpWarehouse },
      { uuid: SYSTEMS.brusselsRoof, name: expect.any(String), site_uuid: SITES.brusselsOffice },
    ]);
    await setOnline(SYSTEMS.brusselsRoof, true);
    expect((await healthOf(manager, PROJECTS.northwind)).systems_offline.map((s) => s.uuid)).toEqual([SYSTEMS.antwerpAlarm]);
  });

  it('counts every open incident, whatever its age, with the worst severity, and those of the last 24 h apart', async () => {
    addIncident(SITES.antwerpWarehouse, 'medium', 2);
    addIncident(SITES.brusselsOffice, 'low', 23);
    addIncident(SITES.brusselsOffice, 'critical', 25); // older than a day: still open
    addIncident(SITES.brusselsOffice, 'high', 24 * 60); // two months old: still open
    addIncident(SITES.ghentDistribution, 'critical', 1, 'operator'); // handled
    let health = await healthOf(manager, PROJECTS.northwind);
    expect(health.open_incidents).toEqual({ count: 4, worst_severity: 'critical' });
    expect(health.open_incidents_24h).toEqual({ count: 2, worst_severity: 'medium' });
    addIncident(SITES.ghentDistribution, 'high', 0.5);
    health = await healthOf(manager, PROJECTS.northwind);
    expect(health.open_incidents).toEqual({ count: 5, worst_severity: 'critical' });
    expect(health.open_incidents_24h).toEqual({ count: 3, worst_severity: 'high' });
  });

  it('counts exactly the incidents the inbox lists as open for that project and each of its sites', async () => {
    app = testApp(); // the seed as it is, with its open incidents of every age
    manager = await login(app, 'manager@vigil.test');
    const listed = async (query: string) =>
      parse(Answers.incidents, (await call(app, 'GET', `/api/v2/incidents?filter[open]=true&per_page=1&${query}`, { token: manager })).body)
        .meta.total;
    let open = 0;
    for (const project of await home(manager)) {
      expect(project.health.open_incidents.count).toBe(await listed(`filter[project]=${project.uuid}`));
      open += project.health.open_incidents.count;
      for (const site of await projectSites(manager, project.uuid)) {
        expect(site.health.open_incidents.count).toBe(await listed(`filter[site]=${site.uuid}`));
      }
    }
    expect(open).toBeGreaterThan(0);
    expect(open).toBe(await listed(''));
  });

  it('counts one incident less once the control room handles it', async () => {
    const made = await call(app, 'POST', '/__test/incident', { body: { site: SITES.brusselsOffice, severity: 'critical' } });
    expect((await healthOf(manager, PROJECTS.northwind)).open_incidents).toEqual({ count: 1, worst_severity: 'critical' });
    expect((await call(app, 'POST', '/__test/incident/handle', { body: { uuid: made.body.data.uuid } })).status).toBe(200);
    expect((await healthOf(manager, PROJECTS.northwind)).open_incidents).toEqual({ count: 0, worst_severity: null });
    expect((await healthOf(manager, PROJECTS.northwind)).open_incidents_24h).toEqual({ count: 0, worst_severity: null });
  });

  it('marks every site of a project-wide evacuation, and only the evacuated site otherwise', async () => {
    expect(
      (await call(app, 'POST', `/api/public/v1/sites/${SITES.ghentDistribution}/evacuation/start`, { token: manager, body: {} })).status,
    ).toBe(200);
    let health = await healthOf(manager, PROJECTS.northwind);
    expect(health.evacuating).toBe(true);
    expect(health.sites.map((s) => s.evacuating)).toEqual([false, false, true]);

    expect(
      (await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, { token: manager, body: {} })).status,
    ).toBe(200);
    health = await healthOf(manager, PROJECTS.northwind);
    expect(health.sites.map((s) => s.evacuating)).toEqual([true, true, true]);
    const sites = await projectSites(manager, PROJECTS.northwind);
    expect(sites.map((s) => s.health.evacuating)).toEqual([true, true, true]);
  });

  it('says whether it is a drill: a drill alone reads as one, a real evacuation beside it outweighs it', async () => {
    const start = (path: string, body: object) => call(app, 'POST', `/api/public/v1/${path}/evacuation/start`, { token: manager, body });
    expect((await start(`sites/${SITES.antwerpWarehouse}`, { mode: 'drill' })).status).toBe(200);
    let health = await healthOf(manager, PROJECTS.northwind);
    expect(health.evacuation_mode).toBe('drill');
    expect(health.sites.map((s) => s.evacuation_mode)).toEqual(['drill', null, null]);
    expect((await projectSites(manager, PROJECTS.northwind)).map((s) => s.health.evacuation_mode)).toEqual(['drill', null, null]);

    expect((await start(`sites/${SITES.ghentDistribution}`, { mode: 'real' })).status).toBe(200);
    health = await healthOf(manager, PROJECTS.northwind);
    expect(health.evacuation_mode).toBe('real');
    expect(health.sites.map((s) => s.evacuation_mode)).toEqual(['drill', null, 'real']);

    expect((await start(`projects/${PROJECTS.northwind}`, {})).status).toBe(200); // no body: real
    health = await healthOf(manager, PROJECTS.northwind);
    expect(health.sites.map((s) => s.evacuation_mode)).toEqual(['real', 'real', 'real']);
  });
});

describe('health per site in GET /api/v2/projects/{uuid}', () => {
  it('gives each site its own offline systems, incidents and system counts, whatever the type filter lists', async () => {
    await setOnline(SYSTEMS.ghentAlarm, false);
    addIncident(SITES.ghentDistribution, 'high', 3);
    addIncident(SITES.antwerpWarehouse, 'low', 3);
    addIncident(SITES.antwerpWarehouse, 'critical', 72);
    const sites = await projectSites(manager, PROJECTS.northwind, '?filter[systemtype]=UFO');
    const [antwerp, brussels, ghent] = sites.map((s) => s.health);
    expect(ghent).toEqual({
      systems_offline: [{ uuid: SYSTEMS.ghentAlarm, name: expect.any(String), site_uuid: SITES.ghentDistribution }],
      open_incidents: { count: 1, worst_severity: 'high' },
      open_incidents_24h: { count: 1, worst_severity: 'high' },
      evacuating: false,
      evacuation_mode: null,
      systems_by_type: { UFO: 2, ALARM: 1 },
    });
    expect(antwerp).toMatchObject({
      systems_offline: [],
      open_incidents: { count: 2, worst_severity: 'critical' },
      open_incidents_24h: { count: 1, worst_severity: 'low' },
      systems_by_type: { UFO: 3, ALARM: 1 },
    });
    expect(brussels).toMatchObject({
      systems_offline: [],
      open_incidents: { count: 0, worst_severity: null },
      systems_by_type: { UFO: 3 },
    });
  });
});

describe('access', () => {
  it('never gives the health of a project the user is not a member of', async () => {
    // Hudson (manager is no member there) has an offline system and a fresh critical incident.
    await setOnline(SYSTEMS.brooklynFloor, false);
    addIncident(SITES.brooklynStore, 'critical', 1);
    const mine = await home(manager);
    expect(mine.map((p) => p.uuid)).not.toContain(PROJECTS.hudson);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(SYSTEMS.brooklynFloor);
    expect(text).not.toContain(SITES.brooklynStore);
    expect((await call(app, 'GET', `/api/v2/projects/${PROJECTS.hudson}`, { token: manager })).status).toBe(404);
    // The member does see it.
    expect((await healthOf(viewer, PROJECTS.hudson)).systems_offline.map((s) => s.uuid)).toEqual([SYSTEMS.brooklynFloor]);
    expect((await healthOf(viewer, PROJECTS.hudson)).open_incidents).toEqual({ count: 1, worst_severity: 'critical' });
  });

  it('gives nothing to a member whose membership lost view', async () => {
    app.deps.db.run(
      `UPDATE memberships SET permissions = '["evacuate"]' WHERE project_uuid = ? AND user_id = (SELECT id FROM users WHERE email = 'viewer@vigil.test')`,
      PROJECTS.hudson,
    );
    await setOnline(SYSTEMS.brooklynFloor, false);
    const mine = await home(viewer);
    expect(mine.map((p) => p.uuid)).not.toContain(PROJECTS.hudson);
    expect(JSON.stringify(mine)).not.toContain(SYSTEMS.brooklynFloor);
  });

  it('answers 401 without a token', async () => {
    expect((await call(app, 'GET', '/api/v2/projects')).status).toBe(401);
  });
});
