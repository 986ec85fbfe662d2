/**
 * The inbox's triage filters (`filter[site]`, `filter[system]`, `filter[from]`, `filter[to]`,
 * with `filter[open]` and `filter[severity]`), written as the use and the attack: each narrows
 * the user's own incidents and nothing else, a site or system of another customer matches
 * nothing (exactly like one that does not exist), and a value the server cannot read is a 422
 * naming the filter, never silently taken for "all". Also the control room a project is
 * watched by, on the project and on each of its incidents.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse, type Incident } from '../../src/core/api/contract.ts';
import { openDb } from './db.ts';
import { PROJECTS, SITES, SYSTEMS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeEach(async () => {
  app = testApp();
  [manager, viewer] = await Promise.all([login(app, 'manager@vigil.test'), login(app, 'viewer@vigil.test')]);
});

async function list(token: string, query: string): Promise<{ data: Incident[]; total: number }> {
  const res = await call(app, 'GET', `/api/v2/incidents?per_page=100&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data, meta } = parse(Answers.incidents, res.body);
  return { data, total: meta.total };
}

const count = (where: string, ...params: string[]) =>
  app.deps.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM incidents WHERE ${where}`, ...params)!.n;

async function expect422(query: string, field: string): Promise<void> {
  const res = await call(app, 'GET', `/api/v2/incidents?${query}`, { token: manager });
  expect(res.status, query).toBe(422);
  expect(
    res.body.errors.some((e: { field?: string }) => e.field === field),
    JSON.stringify(res.body),
  ).toBe(true);
}

describe('GET /api/v2/incidents?filter[site]=…', () => {
  it("lists only that site's incidents", async () => {
    const { data, total } = await list(manager, `filter[site]=${SITES.antwerpWarehouse}`);
    expect(total).toBe(count('site_uuid = ?', SITES.antwerpWarehouse));
    expect(total).toBeGreaterThan(0);
    expect(data.every((i) => i.site?.uuid === SITES.antwerpWarehouse)).toBe(true);
  });

  it('takes several sites separated by commas', async () => {
    const { total } = await list(manager, `filter[site]=${SITES.antwerpWarehouse},${SITES.liegeDataCentre}`);
    expect(total).toBe(count('site_uuid IN (?, ?)', SITES.antwerpWarehouse, SITES.liegeDataCentre));
  });

  it("never leaks another customer's incidents: their site matches nothing, like an unknown one", async () => {
    // Brooklyn is Hudson's, where the manager is no member; the viewer is.
    expect(count('site_uuid = ?', SITES.brooklynStore)).toBeGreaterThan(0);
    expect((await list(viewer, `filter[site]=${SITES.brooklynStore}`)).total).toBe(count('site_uuid = ?', SITES.brooklynStore));
    const theirs = await list(manager, `filter[site]=${SITES.brooklynStore}`);
    const unknown = await list(manager, 'filter[site]=20000000-0000-4000-8000-999999999999');
    expect(theirs).toEqual({ data: [], total: 0 });
    expect(unknown).toEqual({ data: [], total: 0 });
    // Mixed with one of mine: only mine.
    const mixed = await list(manager, `filter[site]=${SITES.brooklynStore},${SITES.antwerpWarehouse}`);
    expect(mixed.total).toBe(count('site_uuid = ?', SITES.antwerpWarehouse));
  });

  it('refuses a malformed site with a 422 on filter[site]', async () => {
    await expect422("filter[site]=x' OR 1=1 --", 'filter[site]');
    await expect422('filter[site]=a,,b', 'filter[site]');
    await expect422(`filter[site]=${'a'.repeat(65)}`, 'filter[site]');
  });
});

describe('GET /api/v2/incidents?filter[system]=…', () => {
  it("lists only that system's incidents", async () => {
    const { data, total } = await list(manager, `filter[system]=${SYSTEMS.antwerpDocks}`);
    expect(total).toBe(count('system_uuid = ?', SYSTEMS.antwerpDocks));
    expect(total).toBeGreaterThan(0);
    expect(data.every((i) => i.system?.uuid === SYSTEMS.antwerpDocks)).toBe(true);
  });

  it("never leaks another customer's incidents through their system", async () => {
    expect(count('system_uuid = ?', SYSTEMS.brooklynFloor)).toBeGreaterThan(0);
    expect(await list(manager, `filter[system]=${SYSTEMS.brooklynFloor}`)).toEqual({ data: [], total: 0 });
    expect((await list(viewer, `filter[system]=${SYSTEMS.brooklynFloor}`)).total).toBe(count('system_uuid = ?', SYSTEMS.brooklynFloor));
  });

  it('refuses a malformed system with a 422 on filter[system]', async () => {
    await expect422('filter[system]=%3Cscript%3E', 'filter[system]');
  });
});

describe('GET /api/v2/incidents?filter[from]=…&filter[to]=…', () => {
  it('lists the incidents between the two moments, both inclusive, in any zone', async () => {
    const { data: all } = await list(manager, 'per_page=100');
    const newest = all[0]!.occurred_at;
    const tenth = all[9]!.occurred_at;
    const between = await list(manager, `filter[from]=${encodeURIComponent(tenth)}&filter[to]=${encodeURIComponent(newest)}`);
    expect(between.data.map((i) => i.uuid)).toEqual(
      all.filter((i) => i.occurred_at >= tenth && i.occurred_at <= newest).map((i) => i.uuid),
    );
    expect(between.total).toBeGreaterThanOrEqual(10);
    // The same moment written with an offset.
    const t = new Date(tenth);
    const plusTwo = new Date(t.getTime() + 2 * 3600_000)
      .toISOString()
      .replace('.000Z', '+02:00')
      .replace(/\.\d{3}Z$/, '+02:00');
    const withOffset = await list(manager, `filter[from]=${encodeURIComponent(plusTwo)}`);
    expect(withOffset.total).toBe((await list(manager, `filter[from]=${encodeURIComponent(tenth)}`)).total);
  });

  it('only from, only to', async () => {
    const { data: all, total } = await list(manager, '');
    const middle = all[20]!.occurred_at;
    const from = await list(manager, `filter[from]=${encodeURIComponent(middle)}`);
    const to = await list(manager, `filter[to]=${encodeURIComponent(middle)}`);
    const same = all.filter((i) => i.occurred_at === middle).length;
    expect(from.total + to.total).toBe(total + same);
    expect(from.data.every((i) => i.occurred_at >= middle)).toBe(true);
    expect(to.data.every((i) => i.occurred_at <= middle)).toBe(true);
  });

  it('refuses dates it cannot read, or that do not exist, with a 422 on that filter', async () => {
    for (const bad of [
      'yesterday',
      '2026-03-01',
      '2026-03-01T00:00:00',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-03-01T25:00:00Z',
      '1e12',
    ]) {
      await expect422(`filter[from]=${encodeURIComponent(bad)}`, 'filter[from]');
      await expect422(`filter[to]=${encodeURIComponent(bad)}`, 'filter[to]');
    }
  });

  it('refuses a range that ends before it starts', async () => {
    await expect422('filter[from]=2026-03-02T00:00:00Z&filter[to]=2026-03-01T00:00:00Z', 'filter[to]');
  });
});

describe('filters together', () => {
  it('open incidents of one site and severity in a time range: every condition holds', async () => {
    const { data: mine } = await list(manager, `filter[site]=${SITES.antwerpWarehouse}`);
    const from = mine[mine.length - 1]!.occurred_at;
    const to = mine[0]!.occurred_at;
    const q = `filter[site]=${SITES.antwerpWarehouse}&filter[open]=true&filter[severity]=high,critical&filter[from]=${encodeURIComponent(from)}&filter[to]=${encodeURIComponent(to)}`;
    const { data, total } = await list(manager, q);
    expect(total).toBe(
      count(
        "site_uuid = ? AND handled_by IS NULL AND severity IN ('high', 'critical') AND occurred_at >= ? AND occurred_at <= ?",
        SITES.antwerpWarehouse,
        from,
        to,
      ),
    );
    expect(data.every((i) => i.handled_by === null && ['high', 'critical'].includes(i.severity))).toBe(true);
  });

  it('one bad filter among good ones is still a 422', async () => {
    await expect422(`filter[site]=${SITES.antwerpWarehouse}&filter[open]=true&filter[to]=soon`, 'filter[to]');
  });
});

describe('control_room', () => {
  it('is on the project, next to the fields it had', async () => {
    const res = await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.control_room).toEqual({ name: 'Vigil control room Antwerp', phone: '+32 3 555 01 23' });
    expect(res.body.data.sites.length).toBeGreaterThan(0);
    expect(parse(Answers.project, res.body).data.name).toBe('Northwind Logistics');
  });

  it("is on each incident with the incident's project, and is that project's", async () => {
    const atlas = await list(manager, `filter[site]=${SITES.liegeDataCentre}&per_page=1`);
    const res = await call(app, 'GET', `/api/v2/incidents/${atlas.data[0]!.uuid}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.body.data.project).toEqual({ uuid: PROJECTS.atlas, name: 'Atlas Data Centres' });
    expect(res.body.data.control_room).toEqual({ name: 'Vigil control room Liège', phone: '+32 4 555 02 34' });
    parse(Answers.incident, res.body);
    // Another customer's incident stays a 404: no project, no phone number.
    const hudson = await list(viewer, `filter[site]=${SITES.brooklynStore}&per_page=1`);
    const theirs = await call(app, 'GET', `/api/v2/incidents/${hudson.data[0]!.uuid}`, { token: manager });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('555');
  });

  it('every seeded project has one', () => {
    const rooms = app.deps.db.all<{ name: string; phone: string }>(
      'SELECT control_room_name AS name, control_room_phone AS phone FROM projects',
    );
    expect(rooms.length).toBe(3);
    for (const r of rooms) {
      expect(r.name).not.toBe('');
      expect(r.phone).toMatch(/^\+\d[\d ]+$/);
    }
  });

  it('a project stored without a control room (as every one before the column) gets the central desk, not an empty number', () => {
    const db = openDb(':memory:');
    db.run("INSERT INTO projects (uuid, name) VALUES ('p', 'Old')");
    expect(db.get('SELECT control_room_name AS name, control_room_phone AS phone FROM projects')).toEqual({
      name: 'Vigil control room',
      phone: '+32 2 555 01 00',
    });
    db.close();
  });
});
