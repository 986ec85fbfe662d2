/**
 * Schedule exceptions are bounded (limits.ts): at most 200 upcoming per site, dates within
 * 2000–2100, the list paged, and the overlap check never rereads a site's whole history.
 * Each written as the attack: filling a site without end, far dates, a bulk call that would
 * write half of itself.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { localDate, upcomingCount } from './exceptions.ts';
import { EXCEPTION_YEARS, UPCOMING_EXCEPTIONS_PER_SITE } from './limits.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

// Two years ahead: no seeded exception shares these days.
const YEAR = new Date().getUTCFullYear() + 2;
const ANTWERP = `/api/v2/sites/${SITES.antwerpWarehouse}/schedule-exceptions`;
const BULK = `/api/v2/projects/${PROJECTS.northwind}/schedule-exceptions`;

/** The `n`th day of YEAR (from 0) as YYYY-MM-DD. */
const day = (n: number): string => new Date(Date.UTC(YEAR, 0, 1 + n)).toISOString().slice(0, 10);
const oneDay = (n: number, label = `Closed ${n}`) => ({ from: day(n), to: day(n), yearly: false, label, secured: 'none' as const });

let app: TestApp;
let manager: string;
const antwerpTimezone = () =>
  app.deps.db.get<{ timezone: string }>('SELECT timezone FROM sites WHERE uuid = ?', SITES.antwerpWarehouse)!.timezone;
const upcoming = (site = SITES.antwerpWarehouse) => upcomingCount(app.deps.db, site, localDate(antwerpTimezone()));

/** Adds one-off exceptions on days `from`, `from + 1`, … until the site holds `count` upcoming ones. */
async function fillTo(count: number, from = 0): Promise<void> {
  let n = from;
  while (upcoming() < count) {
    const size = Math.min(60, count - upcoming());
    const res = await call(app, 'POST', BULK, {
      token: manager,
      body: { siteUuids: [SITES.antwerpWarehouse], exceptions: Array.from({ length: size }, (_, i) => oneDay(n + i)) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    n += size;
  }
}

// A fresh site per test; signing in hashes a password, slow on a busy machine.
beforeEach(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
}, 30_000);

describe('upcoming exceptions per site', () => {
  it('refuses the 201st upcoming exception of a site (422, saying so); removing one frees its place', async () => {
    await fillTo(UPCOMING_EXCEPTIONS_PER_SITE);
    expect(upcoming()).toBe(200);
    const res = await call(app, 'POST', ANTWERP, { token: manager, body: oneDay(300) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('The site already has 200 upcoming exceptions, the most it can hold. Remove one first.');
    const bulk = await call(app, 'POST', BULK, {
      token: manager,
      body: { siteUuids: [SITES.antwerpWarehouse], exceptions: [oneDay(300)] },
    });
    expect(bulk.status).toBe(422);
    expect(upcoming()).toBe(200);

    // A removed one frees its place; another site is not affected.
    const list = await call(app, 'GET', `${ANTWERP}?filter[when]=upcoming&per_page=1`, { token: manager });
    expect((await call(app, 'DELETE', `${ANTWERP}/${list.body.data[0].uuid}`, { token: manager })).status).toBe(204);
    expect((await call(app, 'POST', ANTWERP, { token: manager, body: oneDay(300) })).status).toBe(201);
    const ghent = `/api/v2/sites/${SITES.ghentDistribution}/schedule-exceptions`;
    expect((await call(app, 'POST', ghent, { token: manager, body: oneDay(301) })).status).toBe(201);
  });

  it('refuses a bulk of 60 on a site holding 199 as a whole (422), writing nothing on any site', async () => {
    await fillTo(199);
    const ghentBefore = upcoming(SITES.ghentDistribution);
    const rows = () => app.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM schedule_exceptions')!.n;
    const before = rows();
    const res = await call(app, 'POST', BULK, {
      token: manager,
      body: {
        siteUuids: [SITES.ghentDistribution, SITES.antwerpWarehouse],
        exceptions: Array.from({ length: 60 }, (_, i) => oneDay(250 + i)),
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toMatch(/already has 199 upcoming exceptions; these 60 would pass the most a site can hold \(200\)/);
    expect(rows()).toBe(before);
    expect(upcoming(SITES.ghentDistribution)).toBe(ghentBefore);
    // One more still fits.
    const one = await call(app, 'POST', BULK, { token: manager, body: { siteUuids: [SITES.antwerpWarehouse], exceptions: [oneDay(250)] } });
    expect(one.status).toBe(200);
    expect(upcoming()).toBe(200);
  });
});

describe('dates', () => {
  it(`refuses dates outside ${EXCEPTION_YEARS.first}–${EXCEPTION_YEARS.last} (422 naming the field), alone and in bulk`, async () => {
    for (const [from, to, field] of [
      ['9999-12-31', '9999-12-31', 'from'],
      [day(10), '2101-01-01', 'to'],
    ] as const) {
      const res = await call(app, 'POST', ANTWERP, { token: manager, body: { ...oneDay(0), from, to } });
      expect(res.status, from).toBe(422);
      expect(res.body.errors).toContainEqual({ field, message: 'Dates lie between 2000 and 2100.' });
      const bulk = await call(app, 'POST', BULK, {
        token: manager,
        body: { siteUuids: [SITES.antwerpWarehouse], exceptions: [{ ...oneDay(0), from, to }] },
      });
      expect(bulk.status).toBe(422);
      expect(bulk.body.errors).toContainEqual({ field: `exceptions.0.${field}`, message: 'Dates lie between 2000 and 2100.' });
    }
    const list = await call(app, 'GET', ANTWERP, { token: manager });
    expect(list.body.data.some((e: { from: string }) => e.from.startsWith('9999'))).toBe(false);
    expect(
      (await call(app, 'POST', ANTWERP, { token: manager, body: { ...oneDay(0), from: '2100-12-31', to: '2100-12-31' } })).status,
    ).toBe(201);
  });
});

describe('the list', () => {
  it('is paged with meta.total, up to 200 a page, which holds every upcoming one', async () => {
    await fillTo(30);
    const first = await call(app, 'GET', `${ANTWERP}?filter[when]=upcoming&per_page=10&page=2`, { token: manager });
    expect(first.status).toBe(200);
    const answer = parse(Answers.scheduleExceptions, first.body);
    expect(answer.data).toHaveLength(10);
    expect(answer.meta.total).toBe(upcoming());
    const all = await call(app, 'GET', `${ANTWERP}?filter[when]=upcoming&per_page=500`, { token: manager });
    expect(all.body.meta.per_page).toBe(UPCOMING_EXCEPTIONS_PER_SITE);
    expect(all.body.data).toHaveLength(upcoming());
    expect(all.body.data.slice(10, 20)).toEqual(answer.data);
    // Without paging: the first 100.
    const plain = await call(app, 'GET', ANTWERP, { token: manager });
    expect(plain.body.meta.per_page).toBe(100);
  });
});

describe('the overlap check', () => {
  it('finds a clash in a bulk sent out of order, naming the later one', async () => {
    const res = await call(app, 'POST', BULK, {
      token: manager,
      body: {
        siteUuids: [SITES.antwerpWarehouse],
        exceptions: [
          { ...oneDay(40, 'Long'), to: day(50) },
          oneDay(10, 'Early'),
          oneDay(45, 'Inside'),
          { ...oneDay(100, 'Yearly A'), yearly: true, to: day(102) },
          { ...oneDay(102, 'Yearly B'), yearly: true },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['exceptions.2.from', 'exceptions.4.from']);
  });

  it("does not reread a site's history for each exception: a bulk of 60 beside every day since 2001 as history answers quickly", async () => {
    const db = app.deps.db;
    db.transaction(() => {
      for (let n = 0; n < 20_000; n++) {
        const date = new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);
        if (date >= localDate(antwerpTimezone())) break;
        db.run(
          `INSERT INTO schedule_exceptions (uuid, site_uuid, from_date, to_date, yearly, label, secured, created_at)
           VALUES (?, ?, ?, ?, 0, 'Old', 'none', '2001-01-01T00:00:00Z')`,
          `old-${n}`,
          SITES.antwerpWarehouse,
          date,
          date,
        );
      }
    });
    const timed = async (site: string, first: number) => {
      const started = performance.now();
      const res = await call(app, 'POST', BULK, {
        token: manager,
        body: { siteUuids: [site], exceptions: Array.from({ length: 60 }, (_, i) => oneDay(first + i)) },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.sites[0].created).toHaveLength(60);
      return performance.now() - started;
    };
    // The same call on a site without history, warm, is the yardstick (the machine may be busy).
    await timed(SITES.brusselsOffice, 200);
    const baseline = await timed(SITES.ghentDistribution, 0);
    const ms = await timed(SITES.antwerpWarehouse, 0);
    expect(ms).toBeLessThan(3 * baseline + 100);
  });
});
