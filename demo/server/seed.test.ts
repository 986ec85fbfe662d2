import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, Schedule } from '../../src/core/api/contract.ts';
import { openDb } from './db.ts';
import { FixtureError, parseFixture } from './fixture.ts';
import { loadFixture } from './fixture-load.ts';
import { scheduleErrors } from './schedule.ts';
import { NON_UFO_SYSTEMS, PROJECTS, SITES, SYSTEMS } from './seed-ids.ts';
import { builtInFixture, readFixtureFile, seed } from './seed.ts';
import { call, login, testApp } from './testing.ts';

describe('the built-in seed', () => {
  const db = openDb(':memory:');
  seed(db);
  const count = (sql: string, ...params: string[]) => db.get<{ n: number }>(sql, ...params)!.n;

  it('has the projects, sites, systems and cameras the docs promise', () => {
    expect(count('SELECT COUNT(*) AS n FROM projects')).toBe(Object.keys(PROJECTS).length);
    expect(count('SELECT COUNT(*) AS n FROM sites')).toBe(Object.keys(SITES).length);
    expect(count("SELECT COUNT(*) AS n FROM systems WHERE type = 'UFO'")).toBe(20);
    expect(db.all<{ uuid: string }>("SELECT uuid FROM systems WHERE type <> 'UFO' ORDER BY uuid").map((s) => s.uuid)).toEqual(
      [...NON_UFO_SYSTEMS].sort(),
    );
    expect(count('SELECT COUNT(*) AS n FROM systems')).toBe(Object.keys(SYSTEMS).length);
    const perSystem = db.all<{ n: number }>(
      'SELECT COUNT(c.uuid) AS n FROM systems y LEFT JOIN cameras c ON c.system_uuid = y.uuid GROUP BY y.uuid',
    );
    expect(perSystem.every((r) => r.n >= 1 && r.n <= 4)).toBe(true);
    expect(db.all<{ timezone: string }>('SELECT DISTINCT timezone FROM sites ORDER BY timezone').map((r) => r.timezone)).toEqual([
      'America/New_York',
      'Europe/Brussels',
    ]);
  });

  it('has 200 incidents over the last 60 days, some with media and handlers', () => {
    expect(count('SELECT COUNT(*) AS n FROM incidents')).toBe(200);
    const oldest = db.get<{ t: string }>('SELECT MIN(occurred_at) AS t FROM incidents')!.t;
    expect(Date.now() - Date.parse(oldest)).toBeLessThanOrEqual(60 * 86_400_000);
    expect(count('SELECT COUNT(DISTINCT incident_uuid) AS n FROM incident_media')).toBeGreaterThan(40);
    expect(count('SELECT COUNT(*) AS n FROM incidents WHERE handled_by IS NULL')).toBeGreaterThan(10);
    expect(count('SELECT COUNT(DISTINCT severity) AS n FROM incidents')).toBe(4);
    // Every handler is a member of the incident's project.
    expect(
      count(`SELECT COUNT(*) AS n FROM incidents i WHERE handled_by IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = i.project_uuid AND u.username = i.handled_by)`),
    ).toBe(0);
  });

  it('gives each seeded account 60 notifications, 12 unread, in six languages', () => {
    for (const email of ['manager@vigil.test', 'viewer@vigil.test', 'new@vigil.test']) {
      const id = db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', email)!.id;
      expect(count(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ${id}`)).toBe(60);
      expect(count(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ${id} AND read_at IS NULL`)).toBe(12);
    }
    const one = db.get<{ title: string; body_html: string }>('SELECT title, body_html FROM notifications LIMIT 1')!;
    expect(Object.keys(JSON.parse(one.title)).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl']);
    expect(count("SELECT COUNT(*) AS n FROM notifications WHERE body_html LIKE '%onerror=alert(1)%'")).toBe(3);
  });

  it('stores every incident title and description in six languages', () => {
    const rows = db.all<{ title: string; description: string }>('SELECT title, description FROM incidents');
    for (const row of rows) {
      for (const stored of [row.title, row.description]) {
        const texts = JSON.parse(stored) as Record<string, string>;
        expect(Object.keys(texts).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl']);
        // No placeholder left unfilled, in any language.
        expect(Object.values(texts).join(' ')).not.toMatch(/[{}]/);
        for (const language of ['de', 'fr', 'nl', 'it', 'es']) expect(texts[language], `${language}: ${texts.en}`).not.toBe(texts.en);
      }
    }
  });

  it('has valid schedules, one crossing midnight', () => {
    const schedules = db.all<{ timezone: string; schedule: string }>('SELECT timezone, schedule FROM sites WHERE schedule IS NOT NULL');
    expect(schedules.length).toBeGreaterThanOrEqual(4);
    for (const s of schedules) {
      const days = JSON.parse(s.schedule);
      parse(Schedule, { timezone: s.timezone, days });
      expect(scheduleErrors(days)).toEqual([]);
    }
    expect(
      schedules.some((s) =>
        JSON.parse(s.schedule)
          .flat()
          .some((i: { from: string; to: string }) => i.to !== '24:00' && i.to <= i.from),
      ),
    ).toBe(true);
  });

  it('is the same data every time, apart from the moment it is anchored to', () => {
    const now = Date.UTC(2026, 5, 1);
    expect(builtInFixture(now)).toEqual(builtInFixture(now));
  });
});

describe('fixtures', () => {
  it('loads the example fixture', async () => {
    const fixture = readFixtureFile(join(import.meta.dirname, 'fixtures', 'example-seed.json'));
    const app = testApp({ fixture });
    const token = await login(app, 'owner@example.test', 'example-pass');
    const projects = (await call(app, 'GET', '/api/v2/projects', { token })).body;
    expect(projects.data).toEqual([expect.objectContaining({ name: 'Example Storage', sites_count: 1, systems_count: 1 })]);
    const notifications = (await call(app, 'GET', '/api/v2/notifications?locale=nl', { token })).body;
    expect(notifications.data.map((n: { title: string }) => n.title)).toEqual(['Welkom', 'Monthly report']);
    const incidents = async (locale: string) => (await call(app, 'GET', `/api/v2/incidents?locale=${locale}`, { token })).body;
    expect((await incidents('en')).meta.total).toBe(1);
    // A translated title follows the locale; a plain description reads the same in every one.
    expect((await incidents('nl')).data[0]).toMatchObject({
      title: 'Beweging gedetecteerd aan de kade',
      description: 'A fox crossed the dock. No action needed.',
    });
    expect((await incidents('de')).data[0].title).toBe('Motion detected at dock');
    // The guard has not accepted the terms and uses the default password.
    const guard = await login(app, 'guard@example.test');
    expect((await call(app, 'GET', '/api/v2/user', { token: guard })).body.data).toMatchObject({
      terms_accepted_web_portal: false,
      locale: 'nl',
    });
  });

  it('lists every problem of an invalid fixture', () => {
    const bad = {
      users: [{ email: 'a@example.test', name: 'A', username: 'a' }],
      projects: [
        {
          uuid: 'p',
          name: 'P',
          members: [{ email: 'ghost@example.test', permissions: ['view'] }],
          sites: [{ uuid: 's', name: 'S', timezone: 'Nowhere/City', systems: [] }],
        },
      ],
      incidents: [{ site: 'elsewhere', title: 'T', occurred_at: '2026-01-01T00:00:00Z', severity: 'low' }],
    };
    expect(() => parseFixture(bad)).toThrow(FixtureError);
    try {
      parseFixture(bad);
    } catch (err) {
      expect((err as FixtureError).problems).toEqual([
        'projects.0.members.0.email: no user with e-mail ghost@example.test',
        'projects.0.sites.0.timezone: unknown time zone Nowhere/City',
        'incidents.0.site: unknown site elsewhere',
      ]);
    }
    expect(() => parseFixture({ users: 'nope' })).toThrow(/users/);
    expect(() => loadFixture(openDb(':memory:'), { users: [], projects: [{ uuid: 'p', name: '' }] })).toThrow(/projects\.0\.name/);
  });
});

describe('test hooks', () => {
  it('are absent unless enabled', async () => {
    const app = testApp({ testHooks: false });
    expect((await call(app, 'POST', '/__test/reset')).status).toBe(404);
    expect((await call(app, 'POST', '/__test/bulk-inbox', { body: { email: 'viewer@vigil.test', incidents: 1 } })).status).toBe(404);
  });

  it('bulk-insert 20,000 inbox items quickly, and reset to the seed', async () => {
    const app = testApp();
    const token = await login(app, 'viewer@vigil.test');
    // The process's CPU time, not the wall clock: other work on a busy machine does not
    // count against it (20,000 rows of each once took 12 s of wall time at load 17).
    const started = process.cpuUsage();
    const res = await call(app, 'POST', '/__test/bulk-inbox', {
      body: { email: 'viewer@vigil.test', incidents: 20_000, notifications: 20_000 },
    });
    expect(res.status).toBe(200);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(5000);
    const incidents = (await call(app, 'GET', '/api/v2/incidents?page=800&per_page=25', { token })).body;
    expect(incidents.meta.total).toBeGreaterThan(20_000);
    expect(incidents.data).toHaveLength(25);
    const notifications = (await call(app, 'GET', '/api/v2/notifications?per_page=100&page=200', { token })).body;
    expect(notifications.meta.total).toBe(20_060);
    expect(notifications.data).toHaveLength(100);
    expect((await call(app, 'POST', '/__test/bulk-inbox', { body: { email: 'nobody@vigil.test', notifications: 1 } })).status).toBe(404);
    expect((await call(app, 'POST', '/__test/bulk-inbox', { body: { email: 'viewer@vigil.test', notifications: -1 } })).status).toBe(422);

    expect((await call(app, 'POST', '/__test/reset')).status).toBe(200);
    expect((await call(app, 'GET', '/api/v2/user', { token })).status).toBe(401);
    const again = await login(app, 'viewer@vigil.test');
    expect((await call(app, 'GET', '/api/v2/notifications', { token: again })).body.meta.total).toBe(60);
  });
});
