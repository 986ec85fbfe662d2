/**
 * The incidents list that opens on what needs attention (`sort=attention`) and the project
 * filter the health cards link to, written as the use and the attack: the order is the
 * documented one on every page, the default order stays newest first, a sort the server
 * does not know is refused, and `filter[project]` only ever narrows the user's own incidents.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse, type Incident } from '../../src/core/api/contract.ts';
import { PROJECTS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeEach(async () => {
  app = testApp();
  [manager, viewer] = await Promise.all([login(app, 'manager@vigil.test'), login(app, 'viewer@vigil.test')]);
});

async function list(token: string, query: string): Promise<{ data: Incident[]; total: number }> {
  const res = await call(app, 'GET', `/api/v2/incidents?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data, meta } = parse(Answers.incidents, res.body);
  return { data, total: meta.total };
}

/** Every incident in the order asked, page by page (small pages, so page edges are crossed). */
async function all(token: string, query: string): Promise<Incident[]> {
  const rows: Incident[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await list(token, `${query}&per_page=7&page=${page}`);
    rows.push(...data);
    if (rows.length >= total || data.length === 0) return rows;
  }
}

const RANK = { critical: 0, high: 1, medium: 2, low: 3 } as const;

describe('GET /api/v2/incidents?sort=attention', () => {
  it('lists the open incidents first, worst severity first and newest first within one, then the handled ones newest first', async () => {
    const rows = await all(manager, 'sort=attention');
    expect(rows.length).toBe((await list(manager, 'per_page=1')).total);
    expect(new Set(rows.map((r) => r.uuid)).size).toBe(rows.length); // no row twice across pages
    const open = rows.filter((r) => r.handled_by === null);
    const handled = rows.filter((r) => r.handled_by !== null);
    expect(open.length).toBeGreaterThan(0);
    expect(handled.length).toBeGreaterThan(0);
    // Every open one comes before every handled one.
    expect(rows.slice(0, open.length)).toEqual(open);
    for (let i = 1; i < open.length; i++) {
      const [a, b] = [open[i - 1]!, open[i]!];
      const order = RANK[a.severity] - RANK[b.severity];
      expect(order, `${a.severity} before ${b.severity}`).toBeLessThanOrEqual(0);
      if (order === 0) expect(a.occurred_at >= b.occurred_at).toBe(true);
    }
    for (let i = 1; i < handled.length; i++) expect(handled[i - 1]!.occurred_at >= handled[i]!.occurred_at).toBe(true);
  });

  it('opens on an open incident even when the newest incident is handled', async () => {
    const made = await call(app, 'POST', '/__test/incident', { body: { email: 'manager@vigil.test', severity: 'low' } });
    expect((await call(app, 'POST', '/__test/incident/handle', { body: { uuid: made.body.data.uuid } })).status).toBe(200);
    const newest = (await list(manager, 'per_page=1')).data[0]!;
    expect(newest.uuid).toBe(made.body.data.uuid);
    expect(newest.handled_by).not.toBeNull();
    const top = (await list(manager, 'sort=attention&per_page=1')).data[0]!;
    expect(top.handled_by).toBeNull();
    expect(top.severity).toBe('critical');
  });

  it('orders a filtered list the same way, and the open ones only with filter[open]', async () => {
    const open = await all(manager, 'sort=attention&filter[open]=true');
    expect(open.every((r) => r.handled_by === null)).toBe(true);
    const whole = await all(manager, 'sort=attention');
    expect(open.map((r) => r.uuid)).toEqual(whole.slice(0, open.length).map((r) => r.uuid));
  });

  it('keeps newest first as the default order', async () => {
    const rows = await all(manager, 'sort=newest');
    expect((await all(manager, '')).map((r) => r.uuid)).toEqual(rows.map((r) => r.uuid));
    const times = rows.map((r) => r.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses an order it does not know, naming the parameter', async () => {
    for (const sort of ['worst', 'ATTENTION', 'occurred_at; DROP TABLE incidents']) {
      const res = await call(app, 'GET', `/api/v2/incidents?sort=${encodeURIComponent(sort)}`, { token: manager });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe('sort');
    }
  });
});

describe('GET /api/v2/incidents?filter[project]=', () => {
  it('narrows to one project of mine, or several', async () => {
    const northwind = await all(manager, `filter[project]=${PROJECTS.northwind}`);
    const atlas = await all(manager, `filter[project]=${PROJECTS.atlas}`);
    expect(northwind.length).toBeGreaterThan(0);
    expect(atlas.length).toBeGreaterThan(0);
    const both = await list(manager, `filter[project]=${PROJECTS.northwind},${PROJECTS.atlas}&per_page=1`);
    expect(both.total).toBe(northwind.length + atlas.length);
    expect(both.total).toBe((await list(manager, 'per_page=1')).total);
  });

  it("matches nothing for another customer's project, exactly like one that does not exist", async () => {
    // The manager is no member of Hudson; the viewer is.
    expect((await list(viewer, `filter[project]=${PROJECTS.hudson}&per_page=1`)).total).toBeGreaterThan(0);
    expect((await list(manager, `filter[project]=${PROJECTS.hudson}&per_page=1`)).total).toBe(0);
    expect((await list(manager, 'filter[project]=00000000-0000-4000-8000-00000000dead&per_page=1')).total).toBe(0);
  });

  it('refuses a value that is not an identifier', async () => {
    const res = await call(app, 'GET', `/api/v2/incidents?filter[project]=${encodeURIComponent("x' OR 1=1 --")}`, { token: manager });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('filter[project]');
  });
});
