import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse, type ActivityEntry } from '../../src/core/api/contract.ts';
import { PROJECTS, SITES, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
const log = `/api/v2/projects/${PROJECTS.northwind}/activity`;
const week = (...days: { from: string; to: string }[][]) => [...days, ...Array.from({ length: 7 - days.length }, () => [])];

async function entries(query = ''): Promise<ActivityEntry[]> {
  const res = await call(app, 'GET', `${log}?per_page=100${query}`, { token: manager });
  expect(res.status).toBe(200);
  return parse(Answers.activity, res.body).data;
}

/** Runs `act` and answers the entries it wrote (newest first). */
async function written(act: () => Promise<unknown>): Promise<ActivityEntry[]> {
  const before = new Set((await entries()).map((e) => e.uuid));
  await act();
  return (await entries()).filter((e) => !before.has(e.uuid));
}

beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
  // Two sign-ins hash two passwords: slow on a loaded machine.
}, 30_000);

describe('reading the activity log', () => {
  it("needs 'manage users': a viewer reads nothing (403), another customer's project is not there (404)", async () => {
    const forbidden = await call(app, 'GET', log, { token: viewer });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.data).toBeUndefined();
    expect((await call(app, 'GET', `${log}?format=csv`, { token: viewer })).status).toBe(403);
    // A member with 'view' only ('evacuate' too) on Atlas.
    expect((await call(app, 'GET', `/api/v2/projects/${PROJECTS.atlas}/activity`, { token: manager })).status).toBe(403);
    const foreign = await call(app, 'GET', `/api/v2/projects/${PROJECTS.hudson}/activity`, { token: manager });
    expect(foreign.status).toBe(404);
    expect((await call(app, 'GET', log)).status).toBe(401);
  });

  it('has no call that edits or deletes an entry', async () => {
    // An export writes an entry without changing the project for the tests after this one.
    await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/evacuations?format=csv`, { token: manager });
    const [entry] = await entries();
    expect(entry).toBeDefined();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of [log, `${log}/${entry!.uuid}`]) {
        const res = await call(app, method, path, { token: manager, body: { summary: 'nothing happened', type: 'x' } });
        expect([404, 405]).toContain(res.status);
      }
    }
    const after = await entries();
    expect(after.find((e) => e.uuid === entry!.uuid)).toEqual(entry);
    expect(after.some((e) => e.summary === 'nothing happened')).toBe(false);
    // Not even the database takes an update.
    expect(() => app.deps.db.run("UPDATE activity_log SET summary = 'rewritten'")).toThrow(/append-only/);
  });
});

describe('each change writes exactly one entry', () => {
  it('a weekly schedule, with the week before and after', async () => {
    const days = week([], [], [], [], [], [{ from: '00:00', to: '24:00' }]);
    const wrote = await written(() =>
      call(app, 'POST', `/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`, {
        token: manager,
        body: { siteUuids: [SITES.ghentDistribution], schedule: { days } },
      }),
    );
    expect(wrote).toHaveLength(1);
    expect(wrote[0]).toMatchObject({
      type: 'schedule.changed',
      actor: { name: 'Morgan Manager' },
      target: { kind: 'site', uuid: SITES.ghentDistribution, name: 'Ghent Distribution Centre' },
      before: { timezone: 'Europe/Brussels', days: null },
      after: { timezone: 'Europe/Brussels', days },
    });
  });

  it('an exception added, changed and removed, with before and after', async () => {
    const base = `/api/v2/sites/${SITES.ghentDistribution}/schedule-exceptions`;
    const body = { from: '2027-03-10', to: '2027-03-10', yearly: false, label: 'Inventory', secured: 'all' };
    let uuid = '';
    const added = await written(async () => (uuid = (await call(app, 'POST', base, { token: manager, body })).body.data.uuid));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      type: 'schedule.exception_added',
      actor: { name: 'Morgan Manager' },
      target: { kind: 'exception', uuid, name: 'Inventory' },
      after: { ...body, uuid, site: { uuid: SITES.ghentDistribution, name: 'Ghent Distribution Centre' } },
    });
    expect(added[0]!.before).toBeUndefined();
    const changed = await written(() => call(app, 'PATCH', `${base}/${uuid}`, { token: manager, body: { secured: 'none' } }));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ type: 'schedule.exception_changed', before: { secured: 'all' }, after: { secured: 'none' } });
    const removed = await written(() => call(app, 'DELETE', `${base}/${uuid}`, { token: manager }));
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ type: 'schedule.exception_removed', before: { uuid, label: 'Inventory' } });
    expect(removed[0]!.after).toBeUndefined();
  });

  it('a member added, their permissions changed, and removed', async () => {
    const users = `/api/v2/projects/${PROJECTS.northwind}/users`;
    let uuid = '';
    const added = await written(
      async () =>
        (uuid = (
          await call(app, 'POST', users, {
            token: manager,
            body: { email: 'ada@example.test', name: 'Ada Lovelace', permissions: ['view'] },
          })
        ).body.data.uuid),
    );
    expect(added).toEqual([
      expect.objectContaining({
        type: 'user.invited',
        actor: { name: 'Morgan Manager' },
        target: { kind: 'user', uuid, name: 'Ada Lovelace' },
        after: { permissions: ['view'] },
      }),
    ]);
    const changed = await written(() =>
      call(app, 'PATCH', `${users}/${uuid}`, { token: manager, body: { permissions: ['view', 'evacuate'] } }),
    );
    expect(changed).toEqual([
      expect.objectContaining({
        type: 'user.permissions_changed',
        before: { permissions: ['view'] },
        after: { permissions: ['view', 'evacuate'] },
      }),
    ]);
    // The same permissions again change nothing, and write nothing.
    expect(
      await written(() => call(app, 'PATCH', `${users}/${uuid}`, { token: manager, body: { permissions: ['evacuate', 'view'] } })),
    ).toEqual([]);
    const removed = await written(() => call(app, 'DELETE', `${users}/${uuid}`, { token: manager }));
    expect(removed).toEqual([
      expect.objectContaining({
        type: 'user.removed',
        target: { kind: 'user', uuid, name: 'Ada Lovelace' },
        before: { permissions: ['view', 'evacuate'] },
      }),
    ]);
    // A refused change writes nothing.
    expect(
      await written(() => call(app, 'PATCH', `${users}/${USERS.manager}`, { token: manager, body: { permissions: ['view'] } })),
    ).toEqual([]);
  });

  it('the two-step requirement turned on', async () => {
    const security = `/api/v2/projects/${PROJECTS.northwind}/security`;
    const on = await written(() => call(app, 'PATCH', security, { token: manager, body: { require_mfa_for_evacuate: true } }));
    expect(on).toEqual([
      expect.objectContaining({
        type: 'project.two_step_required',
        actor: { name: 'Morgan Manager' },
        target: { kind: 'project', uuid: PROJECTS.northwind, name: 'Northwind Logistics' },
        before: { required: false },
        after: { required: true },
      }),
    ]);
    // Once required, only a session signed in with a code may change it; the same value again writes nothing.
    expect(await written(() => call(app, 'PATCH', security, { token: manager, body: { require_mfa_for_evacuate: true } }))).toEqual([]);
    // Back to the seed's state for the tests after this one (password-only sessions act there).
    app.deps.db.run('UPDATE projects SET require_mfa_for_evacuate = 0 WHERE uuid = ?', PROJECTS.northwind);
  });

  it('a drill started and ended, by the name the project knows', async () => {
    const site = `/api/public/v1/sites/${SITES.brusselsOffice}/evacuation`;
    const started = await written(() => call(app, 'POST', `${site}/start`, { token: viewer, body: { mode: 'drill' } }));
    expect(started).toEqual([
      expect.objectContaining({
        type: 'evacuation.started',
        actor: { name: 'Vic Viewer' },
        target: { kind: 'site', uuid: SITES.brusselsOffice, name: 'Brussels Head Office' },
        after: { mode: 'drill' },
      }),
    ]);
    // Starting what runs already changes nothing.
    expect(await written(() => call(app, 'POST', `${site}/start`, { token: viewer }))).toEqual([]);
    const ended = await written(() => call(app, 'POST', `${site}/abort`, { token: manager }));
    expect(ended).toEqual([
      expect.objectContaining({ type: 'evacuation.ended', actor: { name: 'Morgan Manager' }, after: { mode: 'drill' } }),
    ]);
  });

  it('an export of the evacuations, and of this log', async () => {
    const evacuations = await written(() =>
      call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/evacuations?format=csv`, { token: manager }),
    );
    expect(evacuations).toEqual([expect.objectContaining({ type: 'export.evacuations', actor: { name: 'Morgan Manager' } })]);
    const activity = await written(() => call(app, 'GET', log, { token: manager, headers: { Accept: 'text/csv' } }));
    expect(activity).toEqual([expect.objectContaining({ type: 'export.activity', target: expect.objectContaining({ kind: 'project' }) })]);
    // Reading a page is no export.
    expect(await written(() => call(app, 'GET', log, { token: manager }))).toEqual([]);
  });
  it('an incident acknowledged (once), commented on and handled, with the incident as target', async () => {
    const list = await call(app, 'GET', `/api/v2/incidents?filter[open]=true&filter[project]=${PROJECTS.northwind}&per_page=1`, {
      token: manager,
    });
    const incident = list.body.data[0] as { uuid: string; title: string };
    const acknowledged = await written(async () => {
      await call(app, 'POST', `/api/v2/incidents/${incident.uuid}/acknowledge`, { token: manager });
      await call(app, 'POST', `/api/v2/incidents/${incident.uuid}/acknowledge`, { token: viewer }); // keeps the first: no entry
    });
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]).toMatchObject({
      type: 'incident.acknowledged',
      actor: { name: expect.any(String) },
      target: { kind: 'incident', uuid: incident.uuid, name: incident.title },
    });
    const commented = await written(() =>
      call(app, 'POST', `/api/v2/incidents/${incident.uuid}/comments`, { token: manager, body: { text: 'That was our cleaner' } }),
    );
    expect(commented).toHaveLength(1);
    expect(commented[0]).toMatchObject({ type: 'incident.commented', after: { text: 'That was our cleaner' } });
    const handled = await written(() =>
      call(app, 'POST', `/api/v2/incidents/${incident.uuid}/handle`, { token: manager, body: { outcome: 'known_person' } }),
    );
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({
      type: 'incident.handled',
      target: { kind: 'incident', uuid: incident.uuid },
      after: { outcome: 'known_person' },
    });
  });
});

describe('filters, paging and the CSV export', () => {
  it('filters by category, type, actor and time, newest first, in pages', async () => {
    const all = await entries();
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    const schedules = await entries('&type=schedule');
    expect(schedules.length).toBeGreaterThanOrEqual(4);
    expect(schedules.every((e) => e.type.startsWith('schedule.'))).toBe(true);
    expect((await entries('&type=schedule.changed')).every((e) => e.type === 'schedule.changed')).toBe(true);
    const vic = await entries('&actor=vic%20viewer');
    expect(vic.map((e) => e.type)).toEqual(['evacuation.started']);
    expect(await entries('&to=2000-01-01T00:00:00Z')).toEqual([]);
    expect(await entries(`&from=${encodeURIComponent(all.at(-1)!.at)}`)).toHaveLength(all.length);
    const page = await call(app, 'GET', `${log}?per_page=2&page=2`, { token: manager });
    expect(page.body.meta).toEqual({ total: all.length, page: 2, per_page: 2 });
    expect(page.body.data.map((e: ActivityEntry) => e.uuid)).toEqual(all.slice(2, 4).map((e) => e.uuid));
    expect((await call(app, 'GET', `${log}?type=schedule;drop`, { token: manager })).status).toBe(422);
    expect((await call(app, 'GET', `${log}?from=yesterday`, { token: manager })).status).toBe(422);
  });

  it('neutralises a label a spreadsheet would run, with a header row and the same filters', async () => {
    await call(app, 'POST', `/api/v2/sites/${SITES.ghentDistribution}/schedule-exceptions`, {
      token: manager,
      body: { from: '2027-04-01', to: '2027-04-01', yearly: false, label: '=HYPERLINK("http://evil.example","x")', secured: 'none' },
    });
    const res = await call(app, 'GET', `${log}?format=csv&type=schedule`, { token: manager });
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toMatch(/attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (await res.raw.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"at_utc","at_local","time_zone","type","actor"/);
    expect(lines.slice(1).every((l) => l.includes('schedule.'))).toBe(true);
    // No cell starts with a formula character, quoted or not.
    const cells = lines.flatMap((l) => l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)).map((cell) => cell.replace(/^"/, ''));
    expect(cells.some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);
    // The label is the target's name: its own cell, shown as text.
    expect(text).toMatch(/,"?'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)"?,/);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});

describe('project users', () => {
  it('show whether two-step sign-in is on and when each last signed in', async () => {
    const list = parse(
      Answers.projectUsers,
      (await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/users`, { token: manager })).body,
    ).data;
    const me = list.find((u) => u.uuid === USERS.manager)!;
    expect(me).toMatchObject({ two_step: false, status: 'active' });
    expect(Date.parse(me.last_sign_in_at!)).toBeGreaterThan(Date.now() - 600_000);
    expect(list.find((u) => u.uuid === USERS.tom)).toMatchObject({ two_step: false, last_sign_in_at: null });
    const atlas = await login(app, 'lucas.dubois@atlas-dc.example');
    const members = (await call(app, 'GET', `/api/v2/projects/${PROJECTS.atlas}/users`, { token: atlas })).body.data;
    expect(members.find((u: { uuid: string }) => u.uuid === USERS.mfa)).toMatchObject({ two_step: true });
  }, 30_000);
});
