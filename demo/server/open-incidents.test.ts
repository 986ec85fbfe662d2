/**
 * The open incidents (not handled yet by the control room), written as the attack: the
 * count a client asks for (`filter[open]=true&per_page=1`, `meta.total`) never includes
 * another customer's incidents, nor those of a project the user may not read; a filter
 * value the server does not understand is refused rather than taken for "all".
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { PROJECTS, SITES, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeEach(async () => {
  app = testApp();
  [manager, viewer] = await Promise.all([login(app, 'manager@vigil.test'), login(app, 'viewer@vigil.test')]);
});

/** What a client asks for: the open incidents' `meta.total`, one row at most. */
async function openCount(token: string, query = 'filter[open]=true&per_page=1'): Promise<number> {
  const res = await call(app, 'GET', `/api/v2/incidents?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data, meta } = parse(Answers.incidents, res.body);
  expect(data.length).toBeLessThanOrEqual(1);
  return meta.total;
}

/** The open incidents of these projects, counted in the database. */
const openIn = (...projects: string[]) =>
  app.deps.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM incidents WHERE handled_by IS NULL AND project_uuid IN (${projects.map(() => '?').join(', ')})`,
    ...projects,
  )!.n;

const newIncident = async (site: string): Promise<string> => {
  const res = await call(app, 'POST', '/__test/incident', { body: { site } });
  expect(res.status).toBe(200);
  return res.body.data.uuid as string;
};

describe('GET /api/v2/incidents?filter[open]=true', () => {
  it('lists only the incidents nobody handled yet, of the projects I may read, newest first', async () => {
    const res = await call(app, 'GET', '/api/v2/incidents?filter[open]=true&per_page=100', { token: manager });
    const { data, meta } = parse(Answers.incidents, res.body);
    expect(meta.total).toBe(openIn(PROJECTS.northwind, PROJECTS.atlas));
    expect(meta.total).toBeGreaterThan(0);
    expect(meta.total).toBeLessThan(
      parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents', { token: manager })).body).meta.total,
    );
    expect(data.every((i) => i.handled_by === null)).toBe(true);
    const times = data.map((i) => i.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await openCount(manager)).toBe(meta.total);
    expect(await openCount(viewer)).toBe(openIn(PROJECTS.northwind, PROJECTS.hudson));
  });

  it("never counts another customer's open incidents, nor a project I am a member of without 'view'", async () => {
    const mine = await openCount(manager);
    const theirs = await openCount(viewer);
    // Hudson is the viewer's, not the manager's.
    await newIncident(SITES.brooklynStore);
    expect(await openCount(manager)).toBe(mine);
    expect(await openCount(viewer)).toBe(theirs + 1);
    // A membership without 'view' is no membership: Atlas's open incidents stay out of the viewer's count.
    app.deps.db.run(
      `INSERT INTO memberships (project_uuid, user_id, permissions) VALUES (?, ?, '["evacuate"]')`,
      PROJECTS.atlas,
      app.deps.db.get<{ id: number }>('SELECT id FROM users WHERE uuid = ?', USERS.viewer)!.id,
    );
    await newIncident(SITES.liegeDataCentre);
    expect(await openCount(viewer)).toBe(theirs + 1);
    expect(await openCount(manager)).toBe(mine + 1);
    // Nor does a filter change who may read what: combined with others, still only mine.
    const critical = await openCount(manager, 'filter[severity]=critical&filter[open]=true&per_page=1');
    expect(critical).toBe(
      app.deps.db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM incidents WHERE handled_by IS NULL AND severity = 'critical' AND project_uuid IN (?, ?)",
        PROJECTS.northwind,
        PROJECTS.atlas,
      )!.n,
    );
  });

  it('is the same call as the list: 401 without a token, 403 before the terms', async () => {
    expect((await call(app, 'GET', '/api/v2/incidents?filter[open]=true&per_page=1')).status).toBe(401);
    const newcomer = await login(app, 'new@vigil.test');
    expect((await call(app, 'GET', '/api/v2/incidents?filter[open]=true&per_page=1', { token: newcomer })).status).toBe(403);
  });

  it('refuses a value it does not understand instead of answering every incident; false, 0 and empty mean no filter', async () => {
    const all = parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents?per_page=1', { token: manager })).body).meta.total;
    const open = await openCount(manager);
    expect(await openCount(manager, 'filter[open]=1&per_page=1')).toBe(open);
    for (const value of ['false', '0', '']) expect(await openCount(manager, `filter[open]=${value}&per_page=1`), value).toBe(all);
    for (const value of ['yes', 'TRUE', 'open', '2', 'true,false', "true' OR 1=1 --", '%00']) {
      const res = await call(app, 'GET', `/api/v2/incidents?filter[open]=${encodeURIComponent(value)}&per_page=1`, { token: manager });
      expect(res.status, value).toBe(422);
      expect(res.body).toEqual({ errors: [{ field: 'filter[open]', message: '“filter[open]” must be true or false.' }] });
    }
    const de = await call(app, 'GET', '/api/v2/incidents?filter[open]=ja', { token: manager, headers: { 'Accept-Language': 'de' } });
    expect(de.body.errors[0].message).toBe('„filter[open]“ muss true oder false sein.');
  });
});
