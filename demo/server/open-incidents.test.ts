/**
 * The open incidents (not handled yet by the control room), written as the attack: the
 * count a client asks for (`filter[open]=true&per_page=1`, `meta.total`) never includes
 * another customer's incidents, nor those of a project the user may not read; a filter
 * value the server does not understand is refused rather than taken for "all"; and the
 * test hook that handles an incident keeps the seed's rule that a handler is a member of
 * the incident's project.
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

const handle = (uuid: string, by?: string) =>
  call(app, 'POST', '/__test/incident/handle', { body: by === undefined ? { uuid } : { uuid, by } });

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

describe('POST /__test/incident/handle', () => {
  it('handles an open incident now: one open incident less for every reader of its project, the handler named', async () => {
    const uuid = await newIncident(SITES.antwerpWarehouse);
    const [mine, theirs] = [await openCount(manager), await openCount(viewer)];
    const res = await handle(uuid, 'speeters');
    expect(res.body).toEqual({ data: { uuid, handled_by: 'speeters', changed: true } });
    expect(await openCount(manager)).toBe(mine - 1);
    expect(await openCount(viewer)).toBe(theirs - 1);
    const one = parse(Answers.incident, (await call(app, 'GET', `/api/v2/incidents/${uuid}`, { token: manager })).body).data;
    expect(one.handled_by).toBe('speeters');
    expect((await call(app, 'GET', '/api/users/speeters', { token: viewer })).body.data).toEqual({
      username: 'speeters',
      name: 'Sofie Peeters',
    });
    // Handled already: it keeps its handler, and nothing changes.
    expect((await handle(uuid, 'manager')).body).toEqual({ data: { uuid, handled_by: 'speeters', changed: false } });
    expect(await openCount(manager)).toBe(mine - 1);
  });

  it("without `by`, one of the project's own handlers; never someone outside the project", async () => {
    const uuid = await newIncident(SITES.brusselsOffice);
    const members = app.deps.db
      .all<{ username: string }>(
        'SELECT u.username FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = ?',
        PROJECTS.northwind,
      )
      .map((m) => m.username);
    // Dana Rivera is Hudson's, an unknown name nobody's: refused, and the incident stays open.
    for (const by of ['drivera', 'nobody']) {
      const res = await handle(uuid, by);
      expect(res.status, by).toBe(422);
      expect(res.body.errors[0]).toEqual({ field: 'by', message: `“${by}” is not a member of the incident’s project.` });
    }
    expect(app.deps.db.get<{ h: string | null }>('SELECT handled_by AS h FROM incidents WHERE uuid = ?', uuid)!.h).toBeNull();
    const res = await handle(uuid);
    expect(res.status).toBe(200);
    expect(members).toContain(res.body.data.handled_by);
    // One of the seed's handlers of the project (its operators) who handled most of its incidents.
    const handled = (by: string) =>
      app.deps.db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM incidents WHERE project_uuid = ? AND handled_by = ? AND uuid != ?',
        PROJECTS.northwind,
        by,
        uuid,
      )!.n;
    expect(handled(res.body.data.handled_by)).toBe(Math.max(...members.map(handled)));
  });

  it('answers 404 for an unknown incident and 422 for a malformed body', async () => {
    expect((await handle('10000000-0000-4000-8000-00000000ffff')).status).toBe(404);
    expect((await call(app, 'POST', '/__test/incident/handle', { body: { uuid: 'x' } })).status).toBe(422);
    expect((await call(app, 'POST', '/__test/incident/handle', { body: {} })).status).toBe(422);
  });

  it('is a test hook: not there without VIGIL_TEST_HOOKS', async () => {
    const plain = testApp({ testHooks: false });
    const uuid = plain.deps.db.get<{ uuid: string }>('SELECT uuid FROM incidents WHERE handled_by IS NULL LIMIT 1')!.uuid;
    expect((await call(plain, 'POST', '/__test/incident/handle', { body: { uuid } })).status).toBe(404);
    expect(plain.deps.db.get<{ h: string | null }>('SELECT handled_by AS h FROM incidents WHERE uuid = ?', uuid)!.h).toBeNull();
  });
});
