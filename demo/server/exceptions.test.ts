import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { localDate } from './exceptions.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

const YEAR = new Date().getUTCFullYear() + 1;
const ANTWERP = `/api/v2/sites/${SITES.antwerpWarehouse}/schedule-exceptions`;
const GHENT = `/api/v2/sites/${SITES.ghentDistribution}/schedule-exceptions`;
const BROOKLYN = `/api/v2/sites/${SITES.brooklynStore}/schedule-exceptions`;
const closure = (over: Record<string, unknown> = {}) => ({
  from: `${YEAR}-03-10`,
  to: `${YEAR}-03-10`,
  yearly: false,
  label: 'Inventory',
  secured: 'none',
  ...over,
});

describe('schedule exceptions, as attacks and uses', () => {
  let app: TestApp;
  let manager: string;
  let viewer: string;
  let sofie: string;
  beforeAll(async () => {
    app = testApp();
    [manager, viewer, sofie] = await Promise.all([
      login(app, 'manager@vigil.test'),
      login(app, 'viewer@vigil.test'),
      login(app, 'sofie.peeters@northwind.example'),
    ]);
  });
  const fields = (res: { body: { errors: { field?: string }[] } }) => res.body.errors.map((e) => e.field);

  it('adds, lists, changes and removes an exception with edit schedules; the site answer carries it', async () => {
    const created = await call(app, 'POST', ANTWERP, { token: sofie, body: closure({ secured: [{ from: '08:00', to: '12:00' }] }) });
    expect(created.status).toBe(201);
    const e = parse(Answers.scheduleException, created.body).data;
    expect(e).toMatchObject({ from: `${YEAR}-03-10`, secured: [{ from: '08:00', to: '12:00' }], past: false });
    const site = await call(app, 'GET', `/api/v2/sites/${SITES.antwerpWarehouse}`, { token: viewer });
    expect(site.body.data.schedule.exceptions.map((x: { uuid: string }) => x.uuid)).toContain(e.uuid);
    const health = await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}`, { token: viewer });
    expect(JSON.stringify(health.body)).toContain(e.uuid);

    const changed = await call(app, 'PATCH', `${ANTWERP}/${e.uuid}`, { token: sofie, body: { label: 'Inventory count', secured: 'all' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ uuid: e.uuid, label: 'Inventory count', secured: 'all', from: `${YEAR}-03-10` });
    expect((await call(app, 'DELETE', `${ANTWERP}/${e.uuid}`, { token: sofie })).status).toBe(204);
    const list = await call(app, 'GET', ANTWERP, { token: viewer });
    expect(list.body.data.map((x: { uuid: string }) => x.uuid)).not.toContain(e.uuid);
  });

  it('refuses a user without edit schedules (403), who may still read', async () => {
    expect((await call(app, 'POST', ANTWERP, { token: viewer, body: closure() })).status).toBe(403);
    const own = await call(app, 'POST', ANTWERP, { token: sofie, body: closure({ from: `${YEAR}-04-02`, to: `${YEAR}-04-02` }) });
    const path = `${ANTWERP}/${own.body.data.uuid}`;
    expect((await call(app, 'PATCH', path, { token: viewer, body: { label: 'Mine now' } })).status).toBe(403);
    expect((await call(app, 'DELETE', path, { token: viewer })).status).toBe(403);
    expect((await call(app, 'GET', ANTWERP, { token: viewer })).status).toBe(200);
    expect(
      (await call(app, 'GET', ANTWERP, { token: viewer })).body.data.find((x: { uuid: string }) => x.uuid === own.body.data.uuid).label,
    ).toBe('Inventory');
  });

  it("answers 404 for another customer's site, and for an exception reached through another site", async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', closure()],
    ] as const)
      expect((await call(app, method, BROOKLYN, { token: manager, body })).status).toBe(404);
    expect((await call(app, 'GET', `/api/v2/sites/${SITES.brooklynStore}/public-holidays`, { token: manager })).status).toBe(404);
    const hudsonOwner = await login(app, 'dana.rivera@hudson-retail.example');
    const theirs = await call(app, 'POST', BROOKLYN, { token: hudsonOwner, body: closure() });
    expect(theirs.status).toBe(201);
    expect((await call(app, 'PATCH', `${BROOKLYN}/${theirs.body.data.uuid}`, { token: manager, body: { label: 'x' } })).status).toBe(404);
    expect((await call(app, 'DELETE', `${BROOKLYN}/${theirs.body.data.uuid}`, { token: manager })).status).toBe(404);
    // Through a site the manager may edit: still not found, and still there.
    expect((await call(app, 'DELETE', `${ANTWERP}/${theirs.body.data.uuid}`, { token: manager })).status).toBe(404);
    expect((await call(app, 'GET', BROOKLYN, { token: hudsonOwner })).body.data).toHaveLength(1);
  });

  it('refuses past days: adding, and changing or removing an exception that has begun (422); old ones stay readable', async () => {
    const today = localDate('Europe/Brussels');
    const yesterday = localDate('Europe/Brussels', Date.now() - 86_400_000);
    expect(fields(await call(app, 'POST', ANTWERP, { token: manager, body: closure({ from: yesterday, to: today }) }))).toEqual(['from']);
    // Today is allowed.
    const now = await call(app, 'POST', ANTWERP, { token: manager, body: closure({ from: today, to: today, label: 'Today' }) });
    expect(now.status).toBe(201);
    // One that began yesterday (history, as the seed or time would leave it).
    app.deps.db.run(
      "INSERT INTO schedule_exceptions (uuid, site_uuid, from_date, to_date, yearly, label, secured, created_at) VALUES ('11111111-1111-4111-8111-111111111111', ?, ?, ?, 0, 'Old', 'none', '')",
      SITES.antwerpWarehouse,
      '2020-01-02',
      '2020-01-03',
    );
    const old = `${ANTWERP}/11111111-1111-4111-8111-111111111111`;
    const patch = await call(app, 'PATCH', old, { token: manager, body: { from: `${YEAR}-05-05`, to: `${YEAR}-05-05` } });
    expect(patch.status).toBe(422);
    expect((await call(app, 'DELETE', old, { token: manager })).status).toBe(422);
    // Moving a coming one into the past is refused too.
    expect((await call(app, 'PATCH', `${ANTWERP}/${now.body.data.uuid}`, { token: manager, body: { from: yesterday } })).status).toBe(422);
    const past = await call(app, 'GET', `${ANTWERP}?filter[when]=past`, { token: viewer });
    expect(past.body.data).toEqual([expect.objectContaining({ label: 'Old', past: true })]);
    expect(
      (await call(app, 'GET', `${ANTWERP}?filter[when]=upcoming`, { token: viewer })).body.data.every((x: { past: boolean }) => !x.past),
    ).toBe(true);
    // The site's schedule carries only what still matters.
    const site = await call(app, 'GET', `/api/v2/sites/${SITES.antwerpWarehouse}`, { token: viewer });
    expect(site.body.data.schedule.exceptions.map((x: { label: string }) => x.label)).not.toContain('Old');
  });

  it('refuses malformed dates, intervals and labels (422, naming the field)', async () => {
    const bad = async (over: Record<string, unknown>) => {
      const res = await call(app, 'POST', GHENT, { token: manager, body: closure(over) });
      expect(res.status).toBe(422);
      return fields(res);
    };
    expect(await bad({ from: `${YEAR}-02-30`, to: `${YEAR}-02-30` })).toEqual(['from', 'to']);
    expect(await bad({ from: '27-12-25' })).toEqual(['from']);
    expect(await bad({ from: `${YEAR}-05-02`, to: `${YEAR}-05-01` })).toEqual(['to']);
    expect(await bad({ from: `${YEAR}-01-01`, to: `${YEAR + 1}-01-05` })).toEqual(['to']);
    expect(await bad({ label: '' })).toEqual(['label']);
    expect(await bad({ label: '   ' })).toEqual(['label']);
    expect(await bad({ label: 'x'.repeat(61) })).toEqual(['label']);
    expect(await bad({ label: undefined })).toEqual(['label']);
    expect(await bad({ secured: 'some' })).toEqual(['secured']);
    expect(await bad({ secured: [{ from: '10:15', to: '12:00' }] })).toEqual(['secured.0.from']);
    expect(await bad({ secured: [{ from: '12:00', to: '09:00' }] })).toEqual(['secured.0.to']);
    expect(
      await bad({
        secured: [
          { from: '08:00', to: '12:00' },
          { from: '11:00', to: '13:00' },
        ],
      }),
    ).toEqual(['secured']);
    expect(await bad({ secured: [] })).toEqual(['secured']);
    // 60 characters is fine; so is a range across New Year.
    const ok = await call(app, 'POST', GHENT, {
      token: manager,
      body: closure({ label: 'x'.repeat(60), from: `${YEAR}-12-30`, to: `${YEAR + 1}-01-02` }),
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a second exception of the same kind on a day, but lets a one-off sit on a yearly one', async () => {
    const xmas = { from: `${YEAR}-12-25`, to: `${YEAR}-12-25`, label: 'Christmas', secured: 'all' };
    expect((await call(app, 'POST', GHENT, { token: manager, body: { ...xmas, yearly: true } })).status).toBe(201);
    const again = await call(app, 'POST', GHENT, {
      token: manager,
      body: { ...xmas, yearly: true, from: `${YEAR + 1}-12-24`, to: `${YEAR + 1}-12-26` },
    });
    expect(again.status).toBe(422);
    expect((await call(app, 'POST', GHENT, { token: manager, body: { ...xmas, yearly: false, secured: 'none' } })).status).toBe(201);
  });

  describe('on several sites at once', () => {
    const url = `/api/v2/projects/${PROJECTS.northwind}/schedule-exceptions`;
    const holidays = [
      { from: `${YEAR}-11-01`, to: `${YEAR}-11-01`, yearly: false, label: 'All Saints’ Day', secured: 'all' },
      { from: `${YEAR}-11-11`, to: `${YEAR}-11-11`, yearly: false, label: 'Armistice Day', secured: 'all' },
    ];
    const count = (site: string, label: string) =>
      app.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schedule_exceptions WHERE site_uuid = ? AND label = ?', site, label)?.n ??
      0;

    it('needs edit schedules on the project: 403 for the viewer, and for the manager on Atlas', async () => {
      expect(
        (await call(app, 'POST', url, { token: viewer, body: { siteUuids: [SITES.antwerpWarehouse], exceptions: holidays } })).status,
      ).toBe(403);
      const atlas = await call(app, 'POST', `/api/v2/projects/${PROJECTS.atlas}/schedule-exceptions`, {
        token: manager,
        body: { siteUuids: [SITES.liegeDataCentre], exceptions: holidays },
      });
      expect(atlas.status).toBe(403);
      expect(count(SITES.liegeDataCentre, 'Armistice Day')).toBe(0);
    });

    it('refuses sites of another project, even one the user may edit elsewhere, and creates nothing', async () => {
      for (const site of [SITES.brooklynStore, SITES.liegeDataCentre]) {
        const res = await call(app, 'POST', url, {
          token: manager,
          body: { siteUuids: [SITES.antwerpWarehouse, site], exceptions: holidays },
        });
        expect(res.status).toBe(422);
        expect(fields(res)).toEqual(['siteUuids']);
        expect(count(SITES.antwerpWarehouse, 'Armistice Day')).toBe(0);
        expect(count(site, 'Armistice Day')).toBe(0);
      }
      expect(
        (
          await call(app, 'POST', `/api/v2/projects/${PROJECTS.hudson}/schedule-exceptions`, {
            token: manager,
            body: { siteUuids: [SITES.brooklynStore], exceptions: holidays },
          })
        ).status,
      ).toBe(404);
    });

    it('refuses past and malformed exceptions for all sites (422)', async () => {
      const res = await call(app, 'POST', url, {
        token: manager,
        body: { siteUuids: [SITES.antwerpWarehouse], exceptions: [...holidays, { ...holidays[0], from: '2020-01-01', to: '2020-01-01' }] },
      });
      expect(res.status).toBe(422);
      expect(fields(res)).toEqual(['exceptions.2.from']);
    });

    it('creates each exception on each site, leaving out days a site already has covered', async () => {
      await call(app, 'POST', `/api/v2/sites/${SITES.brusselsOffice}/schedule-exceptions`, {
        token: manager,
        body: { from: `${YEAR}-11-11`, to: `${YEAR}-11-11`, label: 'Office party', secured: 'none' },
      });
      const res = await call(app, 'POST', url, {
        token: manager,
        body: { siteUuids: [SITES.antwerpWarehouse, SITES.brusselsOffice], exceptions: holidays },
      });
      expect(res.status).toBe(200);
      const data = parse(Answers.exceptionsApplied, res.body).data;
      expect(data.sites.map((s) => [s.name, s.created.map((c) => c.label), s.skipped])).toEqual([
        ['Antwerp Port Warehouse', ['All Saints’ Day', 'Armistice Day'], []],
        ['Brussels Head Office', ['All Saints’ Day'], [{ label: 'Armistice Day', from: `${YEAR}-11-11`, conflict: 'Office party' }]],
      ]);
    });
  });

  it("lists a site's public holidays from its country and region, in the asked language", async () => {
    const be = await call(app, 'GET', `/api/v2/sites/${SITES.brusselsOffice}/public-holidays?year=2027`, {
      token: viewer,
      headers: { 'Accept-Language': 'de' },
    });
    expect(be.status).toBe(200);
    const days = parse(Answers.publicHolidays, be.body).data;
    expect(days).toContainEqual(expect.objectContaining({ date: '2027-07-21' }));
    expect(days).toContainEqual({ date: '2027-12-25', name: expect.stringMatching(/Weihnacht/) });
    const ny = await call(app, 'GET', `/api/v2/sites/${SITES.queensDepot}/public-holidays?year=2027`, {
      token: await login(app, 'dana.rivera@hudson-retail.example'),
    });
    expect(ny.body.data).toContainEqual({ date: '2027-11-25', name: 'Thanksgiving Day' });
    expect(ny.body.data).not.toContainEqual(expect.objectContaining({ date: '2027-07-21' }));
    expect((await call(app, 'GET', `/api/v2/sites/${SITES.brusselsOffice}/public-holidays?year=27`, { token: viewer })).status).toBe(422);
  });

  it('seeds a few exceptions so a fresh demo shows them', async () => {
    const brussels = await call(app, 'GET', `/api/v2/sites/${SITES.brusselsOffice}/schedule-exceptions`, { token: viewer });
    expect(brussels.body.data.map((e: { label: string }) => e.label)).toEqual(expect.arrayContaining(['Christmas Day', 'New Year’s Day']));
    const antwerp = await call(app, 'GET', ANTWERP, { token: viewer });
    expect(antwerp.body.data.map((e: { label: string }) => e.label)).toContain('Stock-take');
  });
});
