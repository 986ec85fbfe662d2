import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { evacuationHistory } from './routes/evacuation.ts';
import { PROJECTS, SITES, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
let tom: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
  tom = await login(app, 'tom.becker@northwind.example');
});

const path = (kind: 'projects' | 'sites', uuid: string, action: 'start' | 'abort') => `/api/public/v1/${kind}/${uuid}/evacuation/${action}`;
const status = async (kind: 'projects' | 'sites', uuid: string, token = manager) =>
  parse(Answers.evacuation, (await call(app, 'GET', `/api/public/v2/${kind}/${uuid}/evacuation/status`, { token })).body).data;
const history = (query = '', token = manager, project: string = PROJECTS.northwind, headers: Record<string, string> = {}) =>
  call(app, 'GET', `/api/v2/projects/${project}/evacuations${query}`, { token, headers });
const rows = async (query = '') => parse(Answers.evacuations, (await history(query)).body);

describe('drills and reasons', () => {
  it('a drill is reported as a drill, with its trimmed reason, in the status and in its project’s', async () => {
    const res = await call(app, 'POST', path('sites', SITES.ghentDistribution, 'start'), {
      token: manager,
      body: { mode: 'drill', message: '  Fire alarm in hall B  ' },
    });
    expect(res.status).toBe(200);
    expect(await status('sites', SITES.ghentDistribution, viewer)).toMatchObject({
      status: 'active',
      mode: 'drill',
      message: 'Fire alarm in hall B',
    });
    expect((await status('projects', PROJECTS.northwind, tom)).active_sites).toEqual([
      expect.objectContaining({ uuid: SITES.ghentDistribution, mode: 'drill', message: 'Fire alarm in hall B' }),
    ]);
    // Ending a drill keeps saying it was one; the log says so for both.
    await call(app, 'POST', path('sites', SITES.ghentDistribution, 'abort'), { token: viewer });
    expect((await status('sites', SITES.ghentDistribution)).mode).toBe('drill');
    expect(evacuationHistory(app.deps.db, 'site', SITES.ghentDistribution).map((e) => [e.action, e.mode, e.message])).toEqual([
      ['start', 'drill', 'Fire alarm in hall B'],
      ['abort', 'drill', null],
    ]);
  });

  it('a start without a body (an older client) is a real evacuation without a reason; so is {}', async () => {
    await call(app, 'POST', path('projects', PROJECTS.atlas, 'start'), { token: manager });
    expect(await status('projects', PROJECTS.atlas)).toMatchObject({ status: 'active', mode: 'real', message: null });
    await call(app, 'POST', path('projects', PROJECTS.atlas, 'abort'), { token: manager });
    await call(app, 'POST', path('projects', PROJECTS.atlas, 'start'), { token: manager, body: {} });
    expect(await status('projects', PROJECTS.atlas)).toMatchObject({ status: 'active', mode: 'real', message: null });
    await call(app, 'POST', path('projects', PROJECTS.atlas, 'abort'), { token: manager });
  });

  it.each([
    [{ mode: 'exercise' }, 'mode'],
    [{ mode: 'DRILL' }, 'mode'],
    [{ mode: 1 }, 'mode'],
    [{ mode: null }, 'mode'],
    [{ mode: 'drill', message: 'x'.repeat(201) }, 'message'],
    [{ mode: 'real', message: { text: 'hi' } }, 'message'],
    [['drill'], 'body'],
    ['drill', 'body'],
  ])('refuses %j with 422 on %s and starts nothing', async (body, field) => {
    const before = evacuationHistory(app.deps.db, 'site', SITES.antwerpWarehouse).length;
    const res = await call(app, 'POST', path('sites', SITES.antwerpWarehouse, 'start'), { token: manager, body });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe(field);
    expect((await status('sites', SITES.antwerpWarehouse)).status).toBe('inactive');
    expect(evacuationHistory(app.deps.db, 'site', SITES.antwerpWarehouse)).toHaveLength(before);
  });

  it('counts the reason’s length after trimming', async () => {
    const message = 'é'.repeat(200);
    const res = await call(app, 'POST', path('sites', SITES.antwerpWarehouse, 'start'), {
      token: manager,
      body: { mode: 'real', message: `   ${message}\n` },
    });
    expect(res.status).toBe(200);
    expect((await status('sites', SITES.antwerpWarehouse)).message).toBe(message);
    await call(app, 'POST', path('sites', SITES.antwerpWarehouse, 'abort'), { token: manager });
  });
});

describe('the history of a project’s evacuations', () => {
  it('lists the seeded and the new ones, newest first, each start with its end and duration', async () => {
    const { data, meta } = await rows();
    expect(meta).toMatchObject({ page: 1, per_page: 25 });
    expect(meta.total).toBe(data.length);
    const started = data.map((r) => r.started_at);
    expect([...started].sort().reverse()).toEqual(started);
    const ghent = data.find((r) => r.target.uuid === SITES.ghentDistribution)!;
    expect(ghent).toMatchObject({
      scope: 'site',
      target: { uuid: SITES.ghentDistribution, name: 'Ghent Distribution Centre' },
      mode: 'drill',
      message: 'Fire alarm in hall B',
      started_by: 'Morgan Manager',
      ended_by: 'Vic Viewer',
    });
    expect(ghent.duration_seconds).toBe(Math.round((Date.parse(ghent.ended_at!) - Date.parse(ghent.started_at)) / 1000));
    // The seed: one drill and one real evacuation in the past.
    const seeded = data.filter((r) => Date.parse(r.started_at) < Date.now() - 86_400_000);
    expect(seeded.map((r) => r.mode).sort()).toEqual(['drill', 'real']);
    expect(seeded.every((r) => r.ended_at && r.duration_seconds! > 0)).toBe(true);
    // Atlas's evacuations are not Northwind's.
    expect(data.some((r) => r.target.uuid === PROJECTS.atlas)).toBe(false);
  });

  it('shows one that still lasts without an end, and names people as the project knows them', async () => {
    app.deps.db.run(
      'UPDATE memberships SET name = ? WHERE project_uuid = ? AND user_id = (SELECT id FROM users WHERE uuid = ?)',
      'Vic from the front desk',
      PROJECTS.northwind,
      USERS.viewer,
    );
    await call(app, 'POST', path('projects', PROJECTS.northwind, 'start'), { token: viewer, body: { mode: 'real' } });
    const [latest] = (await rows()).data;
    expect(latest).toMatchObject({
      scope: 'project',
      target: { name: 'Northwind Logistics' },
      started_by: 'Vic from the front desk',
      ended_at: null,
      ended_by: null,
      duration_seconds: null,
    });
    await call(app, 'POST', path('projects', PROJECTS.northwind, 'abort'), { token: manager });
    expect((await rows()).data[0]).toMatchObject({ ended_by: 'Morgan Manager', duration_seconds: expect.any(Number) });
  });

  it('filters by site, mode and time, and pages', async () => {
    const all = (await rows()).data;
    expect((await rows(`?site=${SITES.ghentDistribution}`)).data.every((r) => r.target.uuid === SITES.ghentDistribution)).toBe(true);
    const drills = (await rows('?mode=drill')).data;
    expect(drills.length).toBeGreaterThanOrEqual(2);
    expect(drills.every((r) => r.mode === 'drill')).toBe(true);
    const recent = (await rows(`?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).data;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(all.length);
    const old = (await rows(`?to=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&mode=real`)).data;
    expect(old.map((r) => r.message)).toEqual(['Fire alarm on the 3rd floor']);
    const page2 = await rows('?per_page=1&page=2');
    expect(page2.data).toEqual([all[1]]);
    expect(page2.meta.total).toBe(all.length);
  });

  it('refuses bad filters with 422', async () => {
    for (const query of [`?site=${SITES.liegeDataCentre}`, '?mode=exercise', '?from=yesterday', '?format=xml', '?page=0']) {
      expect((await history(query)).status, query).toBe(422);
    }
  });

  it('is readable with view only, and not at all by another customer (404)', async () => {
    expect((await history('', tom)).status).toBe(200);
    expect((await history('', viewer, PROJECTS.atlas)).status).toBe(404);
    expect((await history('?format=csv', viewer, PROJECTS.atlas)).status).toBe(404);
    expect((await history('', manager, PROJECTS.hudson)).status).toBe(404);
    expect((await history('', manager, 'no-such-project')).status).toBe(404);
    expect((await history('', '')).status).toBe(401);
  });

  it('no call changes it', async () => {
    const before = (await rows()).data;
    const id = before[0]!.id;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const url of [
        `/api/v2/projects/${PROJECTS.northwind}/evacuations`,
        `/api/v2/projects/${PROJECTS.northwind}/evacuations/${id}`,
      ]) {
        const res = await call(app, method, url, { token: manager, body: { mode: 'drill', message: 'rewritten', ended_at: null } });
        expect([404, 405], `${method} ${url}`).toContain(res.status);
      }
    }
    expect((await rows()).data).toEqual(before);
  });
});

describe('the CSV export', () => {
  const csv = async (query: string, headers: Record<string, string> = {}) => {
    const res = await history(query, manager, PROJECTS.northwind, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="evacuations-.*\.csv"$/);
    return (await res.raw.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
  };
  const HEADER =
    '"scope","name","mode","reason","started_by","started_at_utc","started_at_local","ended_by","ended_at_utc","ended_at_local","time_zone","duration"';
  /** A line's cells as a spreadsheet honouring quotes reads them with `separator`. */
  const cells = (line: string, separator = ','): string[] => {
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === separator) {
        out.push(cell);
        cell = '';
      } else cell += ch;
    }
    return [...out, cell];
  };
  const FORMULA = /^[\s]*[=+\-@\t\r]/;

  it('has a header row and one row per evacuation, with the same filters, by ?format=csv or Accept', async () => {
    const all = (await rows('?per_page=100')).data;
    const lines = await csv('?format=csv');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(all.length + 1);
    expect(await csv('', { Accept: 'text/csv' })).toEqual(lines);
    const drills = await csv('?format=csv&mode=drill');
    expect(drills.slice(1).every((l) => cells(l)[2] === 'drill')).toBe(true);
    expect(drills).toHaveLength((await rows('?mode=drill&per_page=100')).data.length + 1);
    const seededReal = await csv(`?format=csv&mode=real&to=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`);
    expect(seededReal).toEqual([
      HEADER,
      expect.stringMatching(
        /^"site","Brussels Head Office","real","Fire alarm on the 3rd floor","Sofie Peeters","[^"]+","[^"]+ \+0[12]:00","Morgan Manager","[^"]+","[^"]+ \+0[12]:00","Europe\/Brussels","0:38:00"$/,
      ),
    ]);
  });

  it('quotes what needs quoting and defuses cells a spreadsheet would run as formulas', async () => {
    const reasons = ['=HYPERLINK("http://evil.example","click")', '+32 evacuate', '-1+1', '@SUM(A1)', 'Hall "B", floor 2'];
    for (const message of reasons) {
      await call(app, 'POST', path('sites', SITES.brusselsOffice, 'start'), { token: manager, body: { mode: 'drill', message } });
      await call(app, 'POST', path('sites', SITES.brusselsOffice, 'abort'), { token: manager });
    }
    const lines = await csv(`?format=csv&site=${SITES.brusselsOffice}&mode=drill`);
    expect(lines.slice(1, 6).map((l) => cells(l)[3])).toEqual([
      'Hall "B", floor 2',
      "'@SUM(A1)",
      "'-1+1",
      "'+32 evacuate",
      `'=HYPERLINK("http://evil.example","click")`,
    ]);
    expect(lines.slice(1).every((l) => cells(l).every((c) => !FORMULA.test(c)))).toBe(true);
  });

  it('a reason with `;` separators gives no cell starting a formula, read with `,`, `;` or a tab, with or without quotes', async () => {
    const message = 'Fire drill;=1+1;@SUM(1)\t-2,+3';
    await call(app, 'POST', path('sites', SITES.brusselsOffice, 'start'), { token: manager, body: { mode: 'drill', message } });
    await call(app, 'POST', path('sites', SITES.brusselsOffice, 'abort'), { token: manager });
    const lines = await csv(`?format=csv&site=${SITES.brusselsOffice}&mode=drill`);
    const line = lines.find((l) => l.includes('Fire drill'))!;
    for (const separator of [',', ';', '\t']) {
      // A reader that honours quotes, and one that splits the raw line (quotes left in or dropped).
      const readings = [cells(line, separator), line.split(separator), line.replaceAll('"', '').split(separator)];
      for (const reading of readings)
        for (const cell of reading) expect(cell, `${JSON.stringify(separator)}: ${cell}`).not.toMatch(FORMULA);
    }
    // Quotes honoured with `,`: the reason is one cell, readable, each formula start defused.
    expect(cells(line)[3]).toBe("Fire drill;'=1+1;'@SUM(1)\t'-2,'+3");
  });
});
