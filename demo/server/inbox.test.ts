import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { CAMERA_EVENTS, PANEL_EVENTS, type IncidentTemplate } from './seed-data/incident-texts.ts';
import { PAGES, PROJECTS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
});

describe('incidents', () => {
  it('lists the incidents of my projects newest first, 25 per page by default', async () => {
    const res = await call(app, 'GET', '/api/v2/incidents', { token: manager });
    const { data, meta } = parse(Answers.incidents, res.body);
    const mine = app.deps.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM incidents WHERE project_uuid IN (?, ?)',
      PROJECTS.northwind,
      PROJECTS.atlas,
    )!.n;
    expect(meta).toEqual({ total: mine, page: 1, per_page: 25 });
    expect(data).toHaveLength(25);
    const times = data.map((i) => i.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.some((i) => i.media.length > 0)).toBe(true);
  });

  it('pages through the list and caps per_page at 100', async () => {
    const first = (await call(app, 'GET', '/api/v2/incidents?page=1&per_page=10', { token: manager })).body;
    const second = (await call(app, 'GET', '/api/v2/incidents?page=2&per_page=10', { token: manager })).body;
    expect(second.data[0].occurred_at <= first.data[9].occurred_at).toBe(true);
    expect(second.meta).toMatchObject({ page: 2, per_page: 10 });
    expect((await call(app, 'GET', '/api/v2/incidents?per_page=1000', { token: manager })).body.meta.per_page).toBe(100);
    const bad = await call(app, 'GET', '/api/v2/incidents?page=zero', { token: manager });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('page');
  });

  it('filters by severity', async () => {
    const res = await call(app, 'GET', '/api/v2/incidents?filter[severity]=critical&per_page=100', { token: manager });
    const { data, meta } = parse(Answers.incidents, res.body);
    expect(meta.total).toBeGreaterThan(0);
    expect(data.every((i) => i.severity === 'critical')).toBe(true);
    expect((await call(app, 'GET', '/api/v2/incidents?filter[severity]=apocalyptic', { token: manager })).status).toBe(422);
  });

  it('gives one incident, and 404 for incidents of other projects', async () => {
    const list = parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents', { token: manager })).body).data;
    const one = parse(Answers.incident, (await call(app, 'GET', `/api/v2/incidents/${list[0]!.uuid}`, { token: manager })).body).data;
    // The single incident is the list's row plus its project, the control room watching it and its timeline.
    expect(one).toEqual({
      ...list[0],
      project: { uuid: expect.any(String), name: expect.any(String) },
      control_room: { name: expect.any(String), phone: expect.stringMatching(/^\+/) },
      timeline: [
        { kind: 'occurred', at: list[0]!.occurred_at },
        { kind: 'alerted', at: list[0]!.occurred_at },
      ],
    });
    const hudson = app.deps.db.get<{ uuid: string }>('SELECT uuid FROM incidents WHERE project_uuid = ?', PROJECTS.hudson)!.uuid;
    expect((await call(app, 'GET', `/api/v2/incidents/${hudson}`, { token: manager })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v2/incidents/unknown', { token: manager })).status).toBe(404);
  });

  describe('in the language of the request', () => {
    const incidents = async (headers: Record<string, string>, query = '') =>
      parse(Answers.incidents, (await call(app, 'GET', `/api/v2/incidents?per_page=25${query}`, { token: manager, headers })).body).data;
    const one = async (uuid: string, headers: Record<string, string>) =>
      parse(Answers.incident, (await call(app, 'GET', `/api/v2/incidents/${uuid}`, { token: manager, headers })).body).data;
    /** A template text as a pattern: its placeholders match any name, phrase or number. */
    const pattern = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`);
    const TEMPLATES: IncidentTemplate[] = [...CAMERA_EVENTS, ...PANEL_EVENTS];
    /** The template an English title was made from. */
    const templateOf = (title: string) => TEMPLATES.find((t) => pattern(t.title.en).test(title));

    it('the newest seeded incident reads German for de and Dutch for nl-BE, English for en', async () => {
      const [en] = await incidents({ 'Accept-Language': 'en' });
      const [de] = await incidents({ 'Accept-Language': 'de' });
      const [nl] = await incidents({ 'Accept-Language': 'nl-BE,nl;q=0.9,en;q=0.5' });
      expect(en!.title).toBe('False alarm: animal at loading dock 3');
      expect(en!.description).toBe('An animal triggered the analytics of Loading dock 3. No action was needed.');
      expect(de!.title).toBe('Fehlalarm: Tier bei Loading dock 3');
      expect(de!.description).toBe('Ein Tier hat die Videoanalyse der Kamera Loading dock 3 ausgelöst. Ein Eingreifen war nicht nötig.');
      expect(nl!.title).toBe('Vals alarm: dier bij Loading dock 3');
      // The same incident: only the language of its texts differs.
      expect({ ...de!, title: '', description: '' }).toEqual({ ...en!, title: '', description: '' });
      expect({ ...nl!, title: '', description: '' }).toEqual({ ...en!, title: '', description: '' });
    });

    it('translates every incident of the list and the single incident, from its own template', async () => {
      const en = await incidents({});
      const de = await incidents({ 'Accept-Language': 'de' });
      const nl = await incidents({}, '&locale=nl');
      expect(de.map((i) => i.uuid)).toEqual(en.map((i) => i.uuid));
      en.forEach((incident, n) => {
        const template = templateOf(incident.title);
        expect(template, incident.title).toBeDefined();
        expect(incident.description).toMatch(pattern(template!.description.en));
        expect(de[n]!.title).toMatch(pattern(template!.title.de));
        expect(de[n]!.description).toMatch(pattern(template!.description.de));
        expect(nl[n]!.title).toMatch(pattern(template!.title.nl));
        expect(nl[n]!.description).toMatch(pattern(template!.description.nl));
      });
      // Descriptions carry translated phrases too, not English ones.
      expect(de.map((i) => i.description).join(' ')).not.toMatch(/The operator|operator (called|sent|found)/);
      const uuid = en.find((i) => i.description.includes('The operator'))!.uuid;
      expect(await one(uuid, { 'Accept-Language': 'de' })).toMatchObject(de.find((i) => i.uuid === uuid)!);
      expect(await one(uuid, { 'Accept-Language': 'nl' })).toMatchObject(nl.find((i) => i.uuid === uuid)!);
      expect((await one(uuid, { 'Accept-Language': 'de' })).description).toContain('Die Leitstelle');
      expect((await one(uuid, {})).description).toContain('The operator');
    });

    it('answers English for a language it does not speak, and ?locale= wins over the header', async () => {
      const [en] = await incidents({});
      expect((await incidents({ 'Accept-Language': 'pt-BR,pt;q=0.9' }))[0]).toEqual(en);
      expect((await incidents({ 'Accept-Language': 'de' }, '&locale=en'))[0]).toEqual(en);
      expect(await one(en!.uuid, { 'Accept-Language': 'ja' })).toMatchObject(en!);
    });
  });

  it('names handlers that resolve with GET /api/users/{username}', async () => {
    const list = parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents?per_page=100', { token: manager })).body).data;
    const handled = list.find((i) => i.handled_by)!;
    expect((await call(app, 'GET', `/api/users/${handled.handled_by}`, { token: manager })).status).toBe(200);
  });
});

describe('notifications', () => {
  const unreadTotal = async (token: string) =>
    (await call(app, 'GET', '/api/v2/notifications?filter[unread]=true&locale=en', { token })).body.meta.total as number;

  it('lists my notifications newest first, with the unread filter counting unread ones', async () => {
    const all = parse(Answers.notifications, (await call(app, 'GET', '/api/v2/notifications?per_page=100', { token: manager })).body);
    expect(all.meta.total).toBe(60);
    const times = all.data.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const unread = parse(
      Answers.notifications,
      (await call(app, 'GET', '/api/v2/notifications?filter[unread]=true', { token: manager })).body,
    );
    expect(unread.meta.total).toBe(12);
    expect(unread.data.every((n) => n.read_at === null)).toBe(true);
  });

  it('localizes title and body by locale, falling back to en', async () => {
    const get = async (query: string, headers: Record<string, string> = {}) =>
      parse(Answers.notifications, (await call(app, 'GET', `/api/v2/notifications?per_page=5${query}`, { token: manager, headers })).body)
        .data[3]!;
    expect((await get('&locale=en')).title).toBe('Security notice');
    expect((await get('&locale=de')).title).toBe('Sicherheitshinweis');
    expect((await get('&locale=nl-BE')).title).toBe('Beveiligingsmelding');
    expect((await get('&locale=pt')).title).toBe('Security notice');
    expect((await get('', { 'Accept-Language': 'fr-BE,fr;q=0.9' })).title).toBe('Avis de sécurité');
    expect((await get('&locale=en')).body_html).toContain('<img src=x onerror=alert(1)>');
  });

  it('marks one as read, idempotently, lowering the unread total by one', async () => {
    const before = await unreadTotal(viewer);
    const first = (await call(app, 'GET', '/api/v2/notifications?filter[unread]=true', { token: viewer })).body.data[0];
    const res = await call(app, 'PUT', `/api/v2/notifications/${first.uuid}/mark-as-read`, { token: viewer });
    const marked = parse(Answers.notification, res.body).data;
    expect(marked.read_at).not.toBeNull();
    expect(await unreadTotal(viewer)).toBe(before - 1);
    const again = parse(
      Answers.notification,
      (await call(app, 'PUT', `/api/v2/notifications/${first.uuid}/mark-as-read`, { token: viewer })).body,
    ).data;
    expect(again.read_at).toBe(marked.read_at);
    expect(await unreadTotal(viewer)).toBe(before - 1);
    const one = parse(
      Answers.notification,
      (await call(app, 'GET', `/api/v2/notifications/${first.uuid}?locale=it`, { token: viewer })).body,
    ).data;
    expect(one.read_at).toBe(marked.read_at);
  });

  it("answers 404 for someone else's notification", async () => {
    const mine = (await call(app, 'GET', '/api/v2/notifications', { token: viewer })).body.data[0];
    expect((await call(app, 'GET', `/api/v2/notifications/${mine.uuid}`, { token: manager })).status).toBe(404);
    expect((await call(app, 'PUT', `/api/v2/notifications/${mine.uuid}/mark-as-read`, { token: manager })).status).toBe(404);
  });
});

describe('content pages and catalogues', () => {
  it('lists and gives translated pages', async () => {
    const list = parse(Answers.pages, (await call(app, 'GET', '/api/v2/pages?locale=fr', { token: manager })).body).data;
    expect(list).toEqual([
      { uuid: PAGES.contact, title: 'Contact et assistance' },
      { uuid: PAGES.serviceLevels, title: 'Niveaux de service' },
    ]);
    const page = parse(
      Answers.page,
      (await call(app, 'GET', `/api/v2/pages/${PAGES.serviceLevels}?locale=de`, { token: manager })).body,
    ).data;
    expect(page.title).toBe('Service-Level');
    expect(page.body_html).toContain('<a href="https://vigil.example/sla">');
    expect((await call(app, 'GET', '/api/v2/pages/unknown', { token: manager })).status).toBe(404);
  });

  it('serves message catalogues without a token, 404 for unknown locales', async () => {
    const res = await call(app, 'GET', '/i18n/messages/de.json');
    expect(res.status).toBe(200);
    const catalogue = parse(Answers.messages, res.body);
    expect(Object.keys(catalogue)).toContain('core');
    expect((await call(app, 'GET', '/i18n/messages/fr-BE.json')).status).toBe(200);
    const unknown = await call(app, 'GET', '/i18n/messages/xx.json');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe('Unknown locale.');
  });
});
