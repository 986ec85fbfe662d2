import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { isValidTimeZone, scheduleErrors } from './schedule.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

const week = (...days: { from: string; to: string }[][]) => [...days, ...Array.from({ length: 7 - days.length }, () => [])];
const iv = (from: string, to: string) => ({ from, to });

describe('schedule rules', () => {
  it('accepts intervals within a day, ending at 24:00, and crossing midnight', () => {
    expect(scheduleErrors(week([iv('00:00', '07:00'), iv('18:00', '24:00')], [iv('22:00', '06:00')], [iv('06:00', '08:00')]))).toEqual([]);
    // Sunday crosses into Monday.
    expect(scheduleErrors([[iv('03:00', '05:00')], [], [], [], [], [], [iv('20:00', '03:00')]])).toEqual([]);
  });

  it('refuses from = to, a start at 24:00, and overlaps (also with the night before)', () => {
    expect(scheduleErrors(week([iv('10:00', '10:00')]))).toEqual([
      { field: 'schedule.days.0.0.to', text: { key: 'schedule.toDiffers', params: { day: { key: 'days.0' }, n: 1 } } },
    ]);
    expect(scheduleErrors(week([iv('24:00', '02:00')]))[0]!.field).toBe('schedule.days.0.0.from');
    expect(scheduleErrors(week([iv('08:00', '12:00'), iv('11:30', '14:00')]))[0]!.field).toBe('schedule.days.0');
    expect(scheduleErrors(week([iv('22:00', '06:00')], [iv('05:30', '07:00')]))[0]!.field).toBe('schedule.days.1');
    expect(scheduleErrors([[iv('01:00', '02:00')], [], [], [], [], [], [iv('20:00', '03:00')]])[0]!.field).toBe('schedule.days.0');
    expect(scheduleErrors(week([iv('08:00', '12:00'), iv('12:00', '14:00')]))).toEqual([]);
  });

  it('knows IANA time zones', () => {
    for (const tz of ['Europe/Brussels', 'America/New_York', 'UTC']) expect(isValidTimeZone(tz)).toBe(true);
    for (const tz of ['Mars/Olympus_Mons', '+01:00', '', 'Europe/Brussels; DROP TABLE']) expect(isValidTimeZone(tz)).toBe(false);
  });
});

describe('POST /api/public/v3/projects/{uuid}/update-site-schedules', () => {
  let app: TestApp;
  let manager: string;
  const url = `/api/public/v3/projects/${PROJECTS.northwind}/update-site-schedules`;
  beforeAll(async () => {
    app = testApp();
    manager = await login(app, 'manager@vigil.test');
  });
  const post = (body: unknown, path = url) => call(app, 'POST', path, { token: manager, body });
  const fields = async (body: unknown) => {
    const res = await post(body);
    expect(res.status).toBe(422);
    return res.body.errors.map((e: { field?: string }) => e.field);
  };

  it('stores the week exactly as sent on every named site, and sets the time zone', async () => {
    const days = week(
      [iv('18:00', '07:00')],
      [iv('07:00', '24:00')],
      [],
      [iv('08:00', '12:30'), iv('13:30', '18:00')],
      [],
      [],
      [iv('22:00', '06:30')],
    );
    const res = await post({
      siteUuids: [SITES.ghentDistribution, SITES.antwerpWarehouse],
      schedule: { days },
      timezone: 'Europe/Amsterdam',
    });
    expect(res.status).toBe(200);
    const { sites } = parse(Answers.siteSchedules, res.body).data;
    expect(sites.map((s) => s.uuid)).toEqual([SITES.ghentDistribution, SITES.antwerpWarehouse]);
    for (const s of sites) expect(s.schedule).toMatchObject({ timezone: 'Europe/Amsterdam', days });
    const site = parse(Answers.site, (await call(app, 'GET', `/api/v2/sites/${SITES.ghentDistribution}`, { token: manager })).body).data;
    expect(site.timezone).toBe('Europe/Amsterdam');
    expect(site.schedule).toMatchObject({ timezone: 'Europe/Amsterdam', days });
  });

  it('keeps the site time zone when none is sent', async () => {
    const res = await post({ siteUuids: [SITES.brusselsOffice], schedule: { days: week() } });
    expect(parse(Answers.siteSchedules, res.body).data.sites[0]!.schedule).toMatchObject({ timezone: 'Europe/Brussels', days: week() });
  });

  it('refuses times off the half hour, overlaps, from = to, and not seven days', async () => {
    expect(await fields({ siteUuids: [SITES.brusselsOffice], schedule: { days: week([iv('10:15', '12:00')]) } })).toEqual([
      'schedule.days.0.0.from',
    ]);
    expect(await fields({ siteUuids: [SITES.brusselsOffice], schedule: { days: week([iv('10:00', '25:00')]) } })).toEqual([
      'schedule.days.0.0.to',
    ]);
    expect(
      await fields({ siteUuids: [SITES.brusselsOffice], schedule: { days: week([], [iv('08:00', '12:00'), iv('09:00', '10:00')]) } }),
    ).toEqual(['schedule.days.1']);
    expect(await fields({ siteUuids: [SITES.brusselsOffice], schedule: { days: week([iv('09:00', '09:00')]) } })).toEqual([
      'schedule.days.0.0.to',
    ]);
    expect(await fields({ siteUuids: [SITES.brusselsOffice], schedule: { days: [[]] } })).toEqual(['schedule.days']);
  });

  it('refuses sites of another project and unknown time zones', async () => {
    expect(await fields({ siteUuids: [SITES.brusselsOffice, SITES.liegeDataCentre], schedule: { days: week() } })).toEqual(['siteUuids']);
    expect(await fields({ siteUuids: ['unknown'], schedule: { days: week() } })).toEqual(['siteUuids']);
    expect(await fields({ siteUuids: [], schedule: { days: week() } })).toEqual(['siteUuids']);
    expect(await fields({ siteUuids: [SITES.brusselsOffice], schedule: { days: week() }, timezone: 'Europe/Atlantis' })).toEqual([
      'timezone',
    ]);
    // Nothing was stored by the refused calls.
    const site = parse(Answers.site, (await call(app, 'GET', `/api/v2/sites/${SITES.brusselsOffice}`, { token: manager })).body).data;
    expect(site.schedule).toMatchObject({ timezone: 'Europe/Brussels', days: week() });
  });

  it('answers 404 for projects the user is not a member of, 400 for malformed JSON', async () => {
    const res = await post(
      { siteUuids: [SITES.brooklynStore], schedule: { days: week() } },
      `/api/public/v3/projects/${PROJECTS.hudson}/update-site-schedules`,
    );
    expect(res.status).toBe(404);
    expect((await call(app, 'POST', url, { token: manager, rawBody: '[1,' })).status).toBe(400);
  });

  it("answers 403 to a member without 'edit schedules', and changes nothing", async () => {
    // The manager may only view and evacuate on Atlas.
    const atlas = `/api/public/v3/projects/${PROJECTS.atlas}/update-site-schedules`;
    const before = await call(app, 'GET', `/api/v2/sites/${SITES.liegeDataCentre}`, { token: manager });
    const res = await post({ siteUuids: [SITES.liegeDataCentre], schedule: { days: week() } }, atlas);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBeTruthy();
    const after = await call(app, 'GET', `/api/v2/sites/${SITES.liegeDataCentre}`, { token: manager });
    expect(after.body.data.schedule).toEqual(before.body.data.schedule);
  });
});
