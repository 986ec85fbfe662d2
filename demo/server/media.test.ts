import jpeg from 'jpeg-js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { FRAME_HEIGHT, FRAME_WIDTH, FrameRenderer } from './media.ts';
import { DEMO_CAMERAS, DEMO_LIVE_VIEW_UUID, PROJECTS, SYSTEMS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
let camera: string;
beforeAll(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
  camera = (await call(app, 'GET', `/api/v2/systems/${SYSTEMS.antwerpDocks}`, { token: manager })).body.data.cameras[0].uuid;
});
afterEach(() => {
  vi.useRealTimers();
});

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b.at(-2) === 0xff && b.at(-1) === 0xd9;

describe('camera frames', () => {
  it('are real JPEGs, never cached by the browser', async () => {
    const res = await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await bytes(res.raw);
    expect(isJpeg(body)).toBe(true);
    const decoded = jpeg.decode(body, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([FRAME_WIDTH, FRAME_HEIGHT]);
  });

  it('change every second, and are encoded once per camera per second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = Math.floor(Date.now() / 1000) * 1000;
    vi.setSystemTime(t + 100);
    const a = await bytes((await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager })).raw);
    const encoded = app.deps.frames.encoded;
    vi.setSystemTime(t + 900);
    const same = await bytes((await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager })).raw);
    expect(app.deps.frames.encoded).toBe(encoded);
    expect(same).toEqual(a);
    vi.setSystemTime(t + 1100);
    const b = await bytes((await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager })).raw);
    expect(isJpeg(b)).toBe(true);
    expect(b).not.toEqual(a);
  });

  it('show the clock: frames a minute apart differ, frames of two cameras differ', () => {
    const frames = new FrameRenderer();
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    const a = frames.live('cam-a', 'Dock', 'Europe/Brussels', t);
    expect(frames.live('cam-a', 'Dock', 'Europe/Brussels', t + 60_000)).not.toEqual(a);
    expect(frames.live('cam-b', 'Yard', 'Europe/Brussels', t)).not.toEqual(a);
  });

  it('answer 404 to non-members and for unknown uuids', async () => {
    const hudsonCamera = app.deps.db.get<{ uuid: string }>('SELECT uuid FROM cameras WHERE system_uuid = ?', SYSTEMS.brooklynFloor)!.uuid;
    expect((await call(app, 'GET', `/api/v2/media/${hudsonCamera}`, { token: manager })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v2/media/unknown', { token: manager })).status).toBe(404);
    expect((await call(app, 'GET', `/api/v2/media/${camera}`)).status).toBe(401);
  });
});

describe('frame times', () => {
  const frameTime = (res: { headers: Headers }) => Date.parse(res.headers.get('X-Frame-Time') ?? '');
  const cameraOf = (system: string) =>
    app.deps.db.get<{ uuid: string }>('SELECT uuid FROM cameras WHERE system_uuid = ? ORDER BY position', system)!.uuid;

  it('stamp each live frame with the second it was taken', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const res = await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager });
    expect(res.headers.get('X-Frame-Time')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(frameTime(res)).toBeGreaterThanOrEqual(before);
    expect(frameTime(res)).toBeLessThanOrEqual(Date.now());
  });

  it('an offline system sends no new frames: the same last frame, with its old time', async () => {
    const roof = cameraOf(SYSTEMS.brusselsRoof);
    const system = await call(app, 'GET', `/api/v2/systems/${SYSTEMS.brusselsRoof}`, { token: manager });
    expect(system.body.data).toMatchObject({ name: 'Roof terrace', online: false });
    const a = await call(app, 'GET', `/api/v2/media/${roof}`, { token: manager });
    expect(a.status).toBe(200);
    expect(Date.now() - frameTime(a)).toBeGreaterThan(20 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5000);
    const b = await call(app, 'GET', `/api/v2/media/${roof}`, { token: manager });
    expect(frameTime(b)).toBe(frameTime(a));
    expect(await bytes(b.raw)).toEqual(await bytes(a.raw));
  });

  it("the camera-delay hook stops and restarts a system's frames", async () => {
    const frozen = await call(app, 'POST', '/__test/camera-delay', { body: { system: SYSTEMS.antwerpDocks, age_seconds: 90 } });
    expect(frozen.status).toBe(200);
    const age = Date.now() - frameTime(await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager }));
    expect(age).toBeGreaterThanOrEqual(90_000);
    expect(age).toBeLessThan(92_000);
    await call(app, 'POST', '/__test/camera-delay', { body: { system: SYSTEMS.antwerpDocks, age_seconds: null } });
    expect(Date.now() - frameTime(await call(app, 'GET', `/api/v2/media/${camera}`, { token: manager }))).toBeLessThan(1500);
    expect((await call(app, 'POST', '/__test/camera-delay', { body: { system: 'nope', age_seconds: 1 } })).status).toBe(422);
  });
});

describe('incident media', () => {
  it('are still JPEGs, the same on every request', async () => {
    const media = app.deps.db.get<{ uuid: string }>(
      'SELECT m.uuid FROM incident_media m JOIN incidents i ON i.uuid = m.incident_uuid WHERE i.project_uuid = ?',
      PROJECTS.northwind,
    )!.uuid;
    const a = await call(app, 'GET', `/api/v2/media/${media}`, { token: manager });
    expect(a.headers.get('Content-Type')).toBe('image/jpeg');
    const first = await bytes(a.raw);
    expect(isJpeg(first)).toBe(true);
    expect(await bytes((await call(app, 'GET', `/api/v2/media/${media}`, { token: manager })).raw)).toEqual(first);
    const hudson = app.deps.db.get<{ uuid: string }>(
      'SELECT m.uuid FROM incident_media m JOIN incidents i ON i.uuid = m.incident_uuid WHERE i.project_uuid = ?',
      PROJECTS.hudson,
    )!.uuid;
    expect((await call(app, 'GET', `/api/v2/media/${hudson}`, { token: manager })).status).toBe(404);
  });
});

describe('public demo live view', () => {
  it('needs no sign-in and lists cameras with public media URLs', async () => {
    const res = await call(app, 'GET', `/api/public/v1/demo-live-views/${DEMO_LIVE_VIEW_UUID}`);
    const view = parse(Answers.demoLiveView, res.body).data;
    expect(view.system.cameras.map((c) => c.uuid)).toEqual(Object.values(DEMO_CAMERAS));
    const url = view.system.cameras[0]!.media_url;
    expect(url).toBe(`/api/public/v1/demo-live-views/${DEMO_LIVE_VIEW_UUID}/media/${DEMO_CAMERAS.harbourGate}`);
    const frame = await call(app, 'GET', url);
    expect(frame.headers.get('Cache-Control')).toBe('no-store');
    expect(Date.now() - Date.parse(frame.headers.get('X-Frame-Time')!)).toBeLessThan(1500);
    expect(isJpeg(await bytes(frame.raw))).toBe(true);
  });

  it('never serves anything else', async () => {
    expect((await call(app, 'GET', '/api/public/v1/demo-live-views/unknown')).status).toBe(404);
    expect((await call(app, 'GET', `/api/public/v1/demo-live-views/${DEMO_LIVE_VIEW_UUID}/media/${camera}`)).status).toBe(404);
    expect((await call(app, 'GET', `/api/public/v1/demo-live-views/${DEMO_LIVE_VIEW_UUID}/media/unknown`)).status).toBe(404);
  });
});
