import { beforeAll, describe, expect, it } from 'vitest';
import { localStamp } from './local-time.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
});

/** A CSV line's cells (every field is quoted; no line breaks in these). */
const cells = (line: string): string[] => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));

async function csvRows(path: string): Promise<Record<string, string>[]> {
  const res = await call(app, 'GET', path, { token: manager, headers: { Accept: 'text/csv' } });
  expect(res.status).toBe(200);
  const [header, ...lines] = (await res.raw.text())
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map(cells);
  return lines.map((line) => Object.fromEntries(header!.map((name, i) => [name, line[i] ?? ''])));
}

const LOCAL = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) ([+-]\d{2}:\d{2})$/;

/** The instant a local stamp names, read back by the platform (not by the code under test). */
function instantOf(stamp: string): number {
  const m = LOCAL.exec(stamp);
  if (!m) throw new Error(`not a local stamp: ${stamp}`);
  return Date.parse(`${m[1]}T${m[2]}:00${m[3]}`);
}

/** The UTC moment to the minute, as the local stamp carries it. */
const toMinute = (iso: string) => Math.floor(Date.parse(iso) / 60_000) * 60_000;

describe('localStamp', () => {
  it('writes the site’s clock with the offset in force then, winter and summer, either side of UTC', () => {
    expect(localStamp('2026-11-28T13:02:00Z', 'Europe/Brussels')).toBe('2026-11-28 14:02 +01:00');
    expect(localStamp('2026-07-01T12:00:00Z', 'Europe/Brussels')).toBe('2026-07-01 14:00 +02:00');
    expect(localStamp('2026-11-28T03:30:00Z', 'America/New_York')).toBe('2026-11-27 22:30 -05:00');
    expect(localStamp('2026-11-28T13:02:59Z', 'Asia/Kolkata')).toBe('2026-11-28 18:32 +05:30');
    expect(localStamp('2026-11-28T00:00:00Z', 'UTC')).toBe('2026-11-28 00:00 +00:00');
  });

  it('has nothing for no moment or a broken one', () => {
    expect(localStamp(null, 'Europe/Brussels')).toBeNull();
    expect(localStamp('yesterday', 'Europe/Brussels')).toBeNull();
  });
});

describe('the evacuation history export', () => {
  it('carries each start and end in UTC and on the site’s clock, the zone named, for a site in another zone too', async () => {
    const newark = `/api/public/v1/sites/${SITES.newarkDataHall}/evacuation`;
    expect((await call(app, 'POST', `${newark}/start`, { token: manager, body: { mode: 'drill' } })).status).toBe(200);
    expect((await call(app, 'POST', `${newark}/abort`, { token: manager })).status).toBe(200);
    const rows = await csvRows(`/api/v2/projects/${PROJECTS.atlas}/evacuations?format=csv&site=${SITES.newarkDataHall}`);
    const row = rows[0]!;
    expect(row.name).toBe('Newark Data Hall');
    expect(row.time_zone).toBe('America/New_York');
    expect(row.started_at_local).toMatch(/ -0[45]:00$/);
    expect(instantOf(row.started_at_local!)).toBe(toMinute(row.started_at_utc!));
    expect(instantOf(row.ended_at_local!)).toBe(toMinute(row.ended_at_utc!));
  });

  it('tells every row of a Belgian project on Brussels time, and leaves an ongoing one’s end empty', async () => {
    const ghent = `/api/public/v1/sites/${SITES.ghentDistribution}/evacuation`;
    await call(app, 'POST', `${ghent}/start`, { token: manager, body: { mode: 'drill' } });
    const rows = await csvRows(`/api/v2/projects/${PROJECTS.northwind}/evacuations?format=csv`);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.time_zone).toBe('Europe/Brussels');
      expect(instantOf(row.started_at_local!)).toBe(toMinute(row.started_at_utc!));
    }
    const ongoing = rows.find((r) => r.name === 'Ghent Distribution Centre' && !r.ended_at_utc)!;
    expect(ongoing.ended_at_local).toBe('');
    await call(app, 'POST', `${ghent}/abort`, { token: manager });
  });
});

describe('the activity log export', () => {
  it('carries each entry in UTC and on its site’s clock (the project’s for project-wide entries), the zone named', async () => {
    await call(app, 'POST', `/api/public/v1/sites/${SITES.brusselsOffice}/evacuation/start`, { token: manager, body: { mode: 'drill' } });
    await call(app, 'POST', `/api/public/v1/sites/${SITES.brusselsOffice}/evacuation/abort`, { token: manager });
    const rows = await csvRows(`/api/v2/projects/${PROJECTS.northwind}/activity?format=csv`);
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(['at_utc', 'at_local', 'time_zone']);
    const started = rows.find((r) => r.type === 'evacuation.started' && r.target === 'Brussels Head Office')!;
    expect(started.time_zone).toBe('Europe/Brussels');
    for (const row of rows) expect(instantOf(row.at_local!)).toBe(toMinute(row.at_utc!));
  });

  it('tells a project-wide evacuation of a project in two zones on its first site’s clock', async () => {
    // Atlas has Liège (Brussels time) first and Newark (New York time).
    await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.atlas}/evacuation/start`, { token: manager });
    await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.atlas}/evacuation/abort`, { token: manager });
    const rows = await csvRows(`/api/v2/projects/${PROJECTS.atlas}/evacuations?format=csv`);
    const projectWide = rows.filter((r) => r.scope === 'project');
    expect(projectWide.length).toBeGreaterThan(0);
    expect(new Set(projectWide.map((r) => r.time_zone))).toEqual(new Set(['Europe/Brussels']));
  });
});
