/**
 * Acknowledging, commenting on and handling an incident, written as the attack: another
 * customer's incident answers 404 to all three (exactly like one that does not exist), a
 * comment that is empty, too long or not text is a 422 naming `text`, a second
 * acknowledgement cannot rewrite the first, handling ends "open" in the count every screen
 * reads, and the live events reach only the project's readers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { PROJECTS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeEach(async () => {
  app = testApp();
  [manager, viewer] = await Promise.all([login(app, 'manager@vigil.test'), login(app, 'viewer@vigil.test')]);
});

/** An open, unacknowledged incident of the project, from the database. */
const openIncidentOf = (project: string): string =>
  app.deps.db.get<{ uuid: string }>(
    'SELECT uuid FROM incidents WHERE project_uuid = ? AND handled_by IS NULL AND acknowledged_at IS NULL ORDER BY occurred_at DESC LIMIT 1',
    project,
  )!.uuid;

const incident = async (token: string, uuid: string) => {
  const res = await call(app, 'GET', `/api/v2/incidents/${uuid}`, { token });
  expect(res.status).toBe(200);
  return parse(Answers.incident, res.body).data;
};

const openCount = async (token: string): Promise<number> =>
  parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents?filter[open]=true&per_page=1', { token })).body).meta.total;

/** Every event the hub publishes from now on, with the ids of the users it was written to. */
function recordEvents(...users: string[]) {
  const ids = users.map((email) => app.deps.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', email)!.id);
  const received = new Map<string, { type: string; data: { uuid: string } }[]>();
  const decoder = new TextDecoder();
  users.forEach((email, i) => {
    const list: { type: string; data: { uuid: string } }[] = [];
    received.set(email, list);
    app.deps.events.open(ids[i]!, `hash-${email}`, undefined, {
      write: async (chunk) => {
        for (const frame of decoder.decode(chunk).split('\n\n')) {
          const type = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (type && data && type !== 'ready') list.push({ type, data: JSON.parse(data) });
        }
      },
      close: () => {},
    });
  });
  return received;
}

describe('another customer’s incident', () => {
  const paths = ['acknowledge', 'comments', 'handle'] as const;
  const bodies = { acknowledge: undefined, comments: { text: 'That was our cleaner' }, handle: { outcome: 'false_alarm' } };

  it.each(paths)('POST …/%s answers 404, as for an incident that does not exist, and changes nothing', async (path) => {
    const foreign = openIncidentOf(PROJECTS.hudson); // the manager is no member of Hudson
    const before = app.deps.db.get('SELECT * FROM incidents WHERE uuid = ?', foreign);
    const res = await call(app, 'POST', `/api/v2/incidents/${foreign}/${path}`, { token: manager, body: bodies[path] });
    const none = await call(app, 'POST', `/api/v2/incidents/00000000-0000-4000-8000-999999999999/${path}`, {
      token: manager,
      body: bodies[path],
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(none.body);
    expect(app.deps.db.get('SELECT * FROM incidents WHERE uuid = ?', foreign)).toEqual(before);
    expect(app.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM incident_activity')!.n).toBe(0);
  });

  it.each(paths)('POST …/%s without a token answers 401', async (path) => {
    const res = await call(app, 'POST', `/api/v2/incidents/${openIncidentOf(PROJECTS.northwind)}/${path}`, { body: bodies[path] });
    expect(res.status).toBe(401);
  });

  it('a 404 comes before the body is looked at: a bad body on a foreign incident tells nothing either', async () => {
    const foreign = openIncidentOf(PROJECTS.atlas); // the viewer is no member of Atlas
    const res = await call(app, 'POST', `/api/v2/incidents/${foreign}/comments`, { token: viewer, body: { text: '' } });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/v2/incidents/{uuid}/acknowledge', () => {
  it('records who (the name the project knows them by) and when, once: a second acknowledgement keeps the first', async () => {
    const uuid = openIncidentOf(PROJECTS.northwind);
    const first = await call(app, 'POST', `/api/v2/incidents/${uuid}/acknowledge`, { token: manager });
    expect(first.status).toBe(200);
    const acked = parse(Answers.incident, first.body).data;
    expect(acked.acknowledged_by).toBe('Morgan Manager');
    expect(acked.acknowledged_at).toEqual(expect.any(String));
    expect(acked.handled_by).toBeNull();

    const again = await call(app, 'POST', `/api/v2/incidents/${uuid}/acknowledge`, { token: viewer });
    expect(again.status).toBe(200);
    const kept = parse(Answers.incident, again.body).data;
    expect([kept.acknowledged_by, kept.acknowledged_at]).toEqual([acked.acknowledged_by, acked.acknowledged_at]);
    expect((await incident(viewer, uuid)).timeline!.filter((e) => e.kind === 'acknowledged')).toEqual([
      { kind: 'acknowledged', at: acked.acknowledged_at, by: 'Morgan Manager' },
    ]);
  });

  it('filter[acknowledged]=false lists only the incidents nobody acknowledged; another value is a 422', async () => {
    const list = async (q: string) =>
      parse(Answers.incidents, (await call(app, 'GET', `/api/v2/incidents?${q}`, { token: manager })).body).meta.total;
    const before = await list('filter[acknowledged]=false&per_page=1');
    const uuid = openIncidentOf(PROJECTS.northwind);
    await call(app, 'POST', `/api/v2/incidents/${uuid}/acknowledge`, { token: manager });
    expect(await list('filter[acknowledged]=false&per_page=1')).toBe(before - 1);
    expect(await list('filter[acknowledged]=true&per_page=1')).toBe(1);
    const rows = parse(
      Answers.incidents,
      (await call(app, 'GET', '/api/v2/incidents?filter[acknowledged]=false&per_page=100', { token: manager })).body,
    ).data;
    expect(rows.every((r) => r.acknowledged_at === null && r.uuid !== uuid)).toBe(true);
    const bad = await call(app, 'GET', '/api/v2/incidents?filter[acknowledged]=no', { token: manager });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('filter[acknowledged]');
  });
});

describe('POST /api/v2/incidents/{uuid}/comments', () => {
  const post = (uuid: string, body: unknown, token = viewer) =>
    call(app, 'POST', `/api/v2/incidents/${uuid}/comments`, typeof body === 'string' ? { token, rawBody: body } : { token, body });

  it.each([
    ['empty', { text: '' }],
    ['only blanks', { text: '  \n\t ' }],
    ['1,001 characters', { text: 'x'.repeat(1001) }],
    ['a number', { text: 42 }],
    ['an object', { text: { html: '<b>hi</b>' } }],
    ['missing', {}],
  ])('refuses a comment that is %s: 422 naming `text`, nothing recorded', async (_, body) => {
    const uuid = openIncidentOf(PROJECTS.northwind);
    const res = await post(uuid, body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field?: string }) => e.field)).toEqual(['text']);
    expect(app.deps.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM incident_activity')!.n).toBe(0);
  });

  it('keeps a comment of 1,000 characters, trimmed and as plain text, on the timeline of everyone on the project', async () => {
    const uuid = openIncidentOf(PROJECTS.northwind);
    const long = `<img src=x onerror=alert(1)>${'y'.repeat(1000 - 28)}`;
    expect((await post(uuid, { text: `  ${long}  ` })).status).toBe(201);
    const res = await post(uuid, { text: 'That was our cleaner' }, manager);
    expect(res.status).toBe(201);
    const timeline = (await incident(manager, uuid)).timeline!;
    expect(timeline.map((e) => e.kind)).toEqual(['occurred', 'alerted', 'comment', 'comment']);
    expect(timeline.slice(2).map((e) => [e.by, e.text])).toEqual([
      ['Vic Viewer', long],
      ['Morgan Manager', 'That was our cleaner'],
    ]);
    // A comment neither acknowledges nor handles.
    expect(parse(Answers.incident, res.body).data).toMatchObject({ acknowledged_at: null, handled_by: null });
  });
});

describe('POST /api/v2/incidents/{uuid}/handle', () => {
  it('sets handled_by to the user and the outcome, and the open count drops by one for everyone on the project', async () => {
    const uuid = openIncidentOf(PROJECTS.northwind);
    const [managerBefore, viewerBefore] = [await openCount(manager), await openCount(viewer)];
    const res = await call(app, 'POST', `/api/v2/incidents/${uuid}/handle`, {
      token: viewer,
      body: { outcome: 'known_person', note: ' Our cleaner, Tuesday shift ' },
    });
    expect(res.status).toBe(200);
    const handled = parse(Answers.incident, res.body).data;
    expect(handled).toMatchObject({ handled_by: 'viewer', outcome: 'known_person' });
    expect(handled.timeline!.at(-1)).toEqual({
      kind: 'handled',
      at: expect.any(String),
      by: 'Vic Viewer',
      text: 'Our cleaner, Tuesday shift',
      outcome: 'known_person',
    });
    expect([await openCount(manager), await openCount(viewer)]).toEqual([managerBefore - 1, viewerBefore - 1]);
    const open = parse(
      Answers.incidents,
      (await call(app, 'GET', '/api/v2/incidents?filter[open]=true&per_page=100', { token: manager })).body,
    );
    expect(open.data.some((i) => i.uuid === uuid)).toBe(false);
  });

  it('handling an incident handled already is a 409 that keeps the first handler and outcome', async () => {
    const uuid = openIncidentOf(PROJECTS.northwind);
    await call(app, 'POST', `/api/v2/incidents/${uuid}/handle`, { token: viewer, body: { outcome: 'false_alarm' } });
    const res = await call(app, 'POST', `/api/v2/incidents/${uuid}/handle`, { token: manager, body: { outcome: 'intervention' } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('incident_already_handled');
    expect(await incident(manager, uuid)).toMatchObject({ handled_by: 'viewer', outcome: 'false_alarm' });
  });

  it.each([
    ['no outcome', {}, 'outcome'],
    ['an unknown outcome', { outcome: 'solved' }, 'outcome'],
    ['a note of 1,001 characters', { outcome: 'other', note: 'n'.repeat(1001) }, 'note'],
    ['a note that is not text', { outcome: 'other', note: ['x'] }, 'note'],
  ])('refuses %s: 422 naming the field, still open', async (_, body, field) => {
    const uuid = openIncidentOf(PROJECTS.northwind);
    const res = await call(app, 'POST', `/api/v2/incidents/${uuid}/handle`, { token: viewer, body });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field?: string }) => e.field)).toEqual([field]);
    expect((await incident(viewer, uuid)).handled_by).toBeNull();
  });
});

describe('live events', () => {
  it('acknowledging and commenting send incident_updated; handling also incident_handled; only to the project’s readers', async () => {
    const received = recordEvents('viewer@vigil.test', 'lucas.dubois@atlas-dc.example');
    const uuid = openIncidentOf(PROJECTS.northwind);
    await call(app, 'POST', `/api/v2/incidents/${uuid}/acknowledge`, { token: manager });
    await call(app, 'POST', `/api/v2/incidents/${uuid}/acknowledge`, { token: manager }); // nothing new: no event
    await call(app, 'POST', `/api/v2/incidents/${uuid}/comments`, { token: manager, body: { text: 'On my way' } });
    await call(app, 'POST', `/api/v2/incidents/${uuid}/handle`, { token: manager, body: { outcome: 'intervention' } });
    expect(received.get('viewer@vigil.test')!.map((e) => [e.type, e.data.uuid])).toEqual([
      ['incident_updated', uuid],
      ['incident_updated', uuid],
      ['incident_handled', uuid],
      ['incident_updated', uuid],
    ]);
    // Lucas reads Atlas only: nothing of Northwind reaches him.
    expect(received.get('lucas.dubois@atlas-dc.example')).toEqual([]);
    app.deps.events.closeAll();
  });
});
