import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { createIncident, createNotification, liveTick, parseInterval, startLive } from './live.ts';
import { CAMERA_EVENTS, PANEL_EVENTS } from './seed-data/incident-texts.ts';
import { SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
});
afterEach(() => vi.useRealTimers());

/** A repeatable random sequence. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};
const userId = (email: string) => app.deps.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', email)!.id;

describe('POST /__test/incident', () => {
  it('adds an incident that happened now, on top of the list of the users who see its site', async () => {
    const before = Date.now() - 1000;
    const res = await call(app, 'POST', '/__test/incident', {
      body: { site: SITES.antwerpWarehouse, severity: 'critical', title: 'Door forced open at test gate' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Door forced open at test gate',
      severity: 'critical',
      site: { uuid: SITES.antwerpWarehouse, name: 'Antwerp Port Warehouse' },
    });
    expect(Date.parse(res.body.data.occurred_at)).toBeGreaterThanOrEqual(before);
    const list = parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents?per_page=5', { token: manager })).body);
    expect(list.data[0]).toMatchObject({ uuid: res.body.data.uuid, handled_by: null, site: { uuid: SITES.antwerpWarehouse } });
    expect(list.data[0]!.description.length).toBeGreaterThan(20);
    const detail = await call(app, 'GET', `/api/v2/incidents/${res.body.data.uuid}`, { token: manager });
    expect(detail.status).toBe(200);
  });

  it('makes one from the templates in every language: German for de, Dutch for nl, English otherwise', async () => {
    const res = await call(app, 'POST', '/__test/incident', { body: { site: SITES.antwerpWarehouse } });
    expect(res.status).toBe(200);
    const uuid = res.body.data.uuid as string;
    const get = async (headers: Record<string, string>) =>
      parse(Answers.incident, (await call(app, 'GET', `/api/v2/incidents/${uuid}`, { token: manager, headers })).body).data;
    const [en, de, nl, pt] = [
      await get({ 'Accept-Language': 'en' }),
      await get({ 'Accept-Language': 'de' }),
      await get({ 'Accept-Language': 'nl' }),
      await get({ 'Accept-Language': 'pt' }),
    ];
    expect(en.title).toBe(res.body.data.title);
    expect(pt).toEqual(en);
    const pattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);
    const template = [...CAMERA_EVENTS, ...PANEL_EVENTS].find((t) => pattern(t.title.en).test(en.title))!;
    expect(template, en.title).toBeDefined();
    expect(de.title).toMatch(pattern(template.title.de));
    expect(de.description).toMatch(pattern(template.description.de));
    expect(nl.title).toMatch(pattern(template.title.nl));
    expect(nl.description).toMatch(pattern(template.description.nl));
    expect(de.title).not.toBe(en.title);
    expect(nl.description).not.toBe(en.description);
    // In the list too.
    const list = parse(
      Answers.incidents,
      (await call(app, 'GET', '/api/v2/incidents?per_page=5', { token: manager, headers: { 'Accept-Language': 'de' } })).body,
    );
    expect(de).toMatchObject(list.data.find((i) => i.uuid === uuid)!);
  });

  it('shows a title given to the hook as it is, in every language', async () => {
    const res = await call(app, 'POST', '/__test/incident', { body: { site: SITES.antwerpWarehouse, title: 'Test alarm at gate 9' } });
    const get = async (language: string) =>
      (await call(app, 'GET', `/api/v2/incidents/${res.body.data.uuid}`, { token: manager, headers: { 'Accept-Language': language } })).body
        .data;
    expect((await get('de')).title).toBe('Test alarm at gate 9');
    expect((await get('nl')).title).toBe('Test alarm at gate 9');
    expect((await get('de')).description).not.toBe((await get('en')).description);
  });

  it('puts it on a site of the given account, and refuses unknown ones', async () => {
    const res = await call(app, 'POST', '/__test/incident', { body: { email: 'new@vigil.test' } });
    expect(res.status).toBe(200);
    const hudson = [SITES.brooklynStore, SITES.jerseyCityOffice, SITES.queensDepot];
    expect(hudson).toContain(res.body.data.site.uuid);
    expect((await call(app, 'POST', '/__test/incident', { body: { email: 'nobody@vigil.test' } })).status).toBe(404);
    expect((await call(app, 'POST', '/__test/incident', { body: { severity: 'apocalyptic' } })).status).toBe(422);
  });
});

describe('POST /__test/notification', () => {
  it('adds an unread notification in every language: the unread count goes up by one', async () => {
    const count = async () =>
      (await call(app, 'GET', '/api/v2/notifications?filter[unread]=true&per_page=1', { token: viewer })).body.meta.total as number;
    const before = await count();
    const res = await call(app, 'POST', '/__test/notification', { body: { email: 'viewer@vigil.test' } });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const en = (await call(app, 'GET', '/api/v2/notifications?per_page=1&locale=en', { token: viewer })).body.data[0];
    const de = (await call(app, 'GET', '/api/v2/notifications?per_page=1&locale=de', { token: viewer })).body.data[0];
    expect(en).toMatchObject({ uuid: res.body.data.uuid, read_at: null, title: res.body.data.title });
    expect(de.title).not.toBe(en.title);
    expect(de.body_html).not.toMatch(/<script|onerror/);
  });
});

describe('the live generator', () => {
  it('makes an incident most of the time and a notification for an inbox account otherwise', () => {
    const db = app.deps.db;
    const incidents = () => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM incidents')!.n;
    const notifications = () => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notifications')!.n;
    const [i0, n0] = [incidents(), notifications()];
    expect(liveTick(db, { rand: seq(0.9, 0.5, 0.1) })).toMatch(/^(low|medium|high|critical) incident ".+" at .+/);
    expect([incidents(), notifications()]).toEqual([i0 + 1, n0]);
    expect(liveTick(db, { rand: seq(0.1, 0.5, 0.2) })).toMatch(/^notification ".+" for .+@vigil\.test$/);
    expect([incidents(), notifications()]).toEqual([i0 + 1, n0 + 1]);
  });

  it('stamps what it makes with the given clock', () => {
    const now = Date.parse('2030-01-02T03:04:05.678Z');
    expect(createIncident(app.deps.db, { now, rand: seq(0.3) })!.occurred_at).toBe('2030-01-02T03:04:05.000Z');
    expect(createNotification(app.deps.db, userId('manager@vigil.test'), { now, rand: seq(0.6) }).created_at).toBe(
      '2030-01-02T03:04:05.000Z',
    );
  });

  it('runs every interval on a timer (fake clock) and stops', () => {
    vi.useFakeTimers();
    const db = app.deps.db;
    const total = () => db.get<{ n: number }>('SELECT (SELECT COUNT(*) FROM incidents) + (SELECT COUNT(*) FROM notifications) AS n')!.n;
    const lines: string[] = [];
    const before = total();
    const stop = startLive(db, 90_000, (l) => lines.push(l));
    vi.advanceTimersByTime(89_999);
    expect(total()).toBe(before);
    vi.advanceTimersByTime(1);
    expect(total()).toBe(before + 1);
    vi.advanceTimersByTime(180_000);
    expect(total()).toBe(before + 3);
    stop();
    vi.advanceTimersByTime(900_000);
    expect(total()).toBe(before + 3);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[live\] new /);
  });

  it('reads periods like 90s, 3m, 1h and 1500ms', () => {
    expect(parseInterval('90s')).toBe(90_000);
    expect(parseInterval('3m')).toBe(180_000);
    expect(parseInterval('1h')).toBe(3_600_000);
    expect(parseInterval('1500ms')).toBe(1500);
    expect(parseInterval('120')).toBe(120_000);
    expect(parseInterval('soon')).toBeNull();
    expect(parseInterval('10ms')).toBeNull();
  });
});
