import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { evacuationHistory } from './routes/evacuation.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let viewer: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
});

const status = async (kind: 'projects' | 'sites', uuid: string, token = manager) =>
  parse(Answers.evacuation, (await call(app, 'GET', `/api/public/v2/${kind}/${uuid}/evacuation/status`, { token })).body).data;
const act = (
  kind: 'projects' | 'sites',
  uuid: string,
  action: 'start' | 'abort',
  token = manager,
  headers: Record<string, string> = {},
  body?: unknown,
) => call(app, 'POST', `/api/public/v1/${kind}/${uuid}/evacuation/${action}`, { token, headers, body });

describe('project evacuation', () => {
  it('starts inactive', async () => {
    expect(await status('projects', PROJECTS.northwind)).toEqual({
      status: 'inactive',
      started_at: null,
      started_by: null,
      aborted_at: null,
      mode: null,
      message: null,
      active_sites: [],
    });
  });

  it('starts once: a second start keeps started_at and adds no event', async () => {
    const first = await act('projects', PROJECTS.northwind, 'start');
    expect(first.status).toBe(200);
    const started = parse(Answers.evacuation, first.body).data;
    expect(started).toMatchObject({ status: 'active', started_by: 'Morgan Manager' });
    const second = parse(Answers.evacuation, (await act('projects', PROJECTS.northwind, 'start', viewer)).body).data;
    expect(second.started_at).toBe(started.started_at);
    expect(second.started_by).toBe('Morgan Manager');
    expect(evacuationHistory(app.deps.db, 'project', PROJECTS.northwind).map((e) => e.action)).toEqual(['start']);
    const summary = (await call(app, 'GET', '/api/v2/projects', { token: viewer })).body.data.find(
      (p: { uuid: string }) => p.uuid === PROJECTS.northwind,
    );
    expect(summary.evacuation_active).toBe(true);
  });

  it('aborts, recording who and when; aborting again changes nothing', async () => {
    const aborted = parse(Answers.evacuation, (await act('projects', PROJECTS.northwind, 'abort', viewer)).body).data;
    expect(aborted.status).toBe('inactive');
    expect(aborted.aborted_at).not.toBeNull();
    const again = parse(Answers.evacuation, (await act('projects', PROJECTS.northwind, 'abort')).body).data;
    expect(again.aborted_at).toBe(aborted.aborted_at);
    expect(evacuationHistory(app.deps.db, 'project', PROJECTS.northwind).map((e) => [e.action, e.user_name])).toEqual([
      ['start', 'Morgan Manager'],
      ['abort', 'Vic Viewer'],
    ]);
  });

  it('replays the stored answer for the same Idempotency-Key, without a second event', async () => {
    const headers = { 'Idempotency-Key': 'confirm-42' };
    const first = await act('projects', PROJECTS.atlas, 'start', manager, headers);
    await act('projects', PROJECTS.atlas, 'abort');
    const replay = await act('projects', PROJECTS.atlas, 'start', manager, headers);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(evacuationHistory(app.deps.db, 'project', PROJECTS.atlas).map((e) => e.action)).toEqual(['start', 'abort']);
    expect((await status('projects', PROJECTS.atlas)).status).toBe('inactive');
    // The key belongs to that request: reusing it elsewhere is refused.
    const other = await act('sites', SITES.liegeDataCentre, 'start', manager, headers);
    expect(other.status).toBe(422);
    expect(other.body.errors[0].field).toBe('Idempotency-Key');
  });

  it('needs membership: 404 for non-members and unknown uuids', async () => {
    expect((await act('projects', PROJECTS.hudson, 'start')).status).toBe(404);
    expect((await call(app, 'GET', `/api/public/v2/projects/${PROJECTS.hudson}/evacuation/status`, { token: manager })).status).toBe(404);
    expect((await act('projects', 'unknown', 'start')).status).toBe(404);
    expect((await act('projects', PROJECTS.northwind, 'start', '')).status).toBe(401);
    expect(evacuationHistory(app.deps.db, 'project', PROJECTS.hudson)).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
      token: manager,
      rawBody: '{oops',
    });
    expect(res.status).toBe(400);
  });
});

describe('site evacuation', () => {
  it('runs on its own and shows in the project status as an active site', async () => {
    const started = parse(Answers.evacuation, (await act('sites', SITES.ghentDistribution, 'start')).body).data;
    expect(started).toMatchObject({ status: 'active', started_by: 'Morgan Manager' });
    expect(started.active_sites).toBeUndefined();
    const project = await status('projects', PROJECTS.northwind);
    expect(project.status).toBe('inactive');
    expect(project.active_sites).toEqual([
      {
        uuid: SITES.ghentDistribution,
        name: 'Ghent Distribution Centre',
        started_at: started.started_at,
        started_by: 'Morgan Manager',
        mode: 'real',
        message: null,
      },
    ]);
    await act('sites', SITES.ghentDistribution, 'abort');
    expect((await status('projects', PROJECTS.northwind)).active_sites).toEqual([]);
    expect((await status('sites', SITES.ghentDistribution)).status).toBe('inactive');
  });

  it('answers 404 for sites of other projects', async () => {
    expect((await act('sites', SITES.brooklynStore, 'start')).status).toBe(404);
    expect((await status('sites', SITES.brooklynStore, viewer)).status).toBe('inactive');
  });
});
