/**
 * Web Push, written as the attack: who may register a device, where the server may be made
 * to send, whose devices one can see, and what each device receives — decrypted and its
 * VAPID signature checked by a push service of the test's own on loopback.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decrypt, deviceKeys, startReceiver, verifyVapid, type DeviceKeys, type Receiver } from '../../test/unit/push-receiver.ts';
import { PROJECTS, SITES, SYSTEMS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let receiver: Receiver;
let manager: string;
let viewer: string;

beforeAll(async () => {
  receiver = await startReceiver();
  app = testApp({ pushRetryBaseMs: 20 });
  manager = await login(app, 'manager@vigil.test');
  viewer = await login(app, 'viewer@vigil.test');
  // Seeding and two sign-ins: slow on a busy machine.
}, 30_000);
afterAll(async () => {
  app.push.stop();
  await receiver.close();
});
beforeEach(async () => {
  await app.push.whenIdle();
  app.deps.db.run('DELETE FROM push_subscriptions');
  receiver.received.length = 0;
  receiver.answer(201);
});

type Device = { uuid: string; endpoint: string; path: string; keys: DeviceKeys };

/** Registers a device of the test's push service for the signed-in user. */
async function subscribe(token: string, choices: Record<string, unknown> = {}): Promise<Device> {
  const keys = deviceKeys();
  const endpoint = receiver.url();
  const res = await call(app, 'POST', '/api/v2/push/subscriptions', {
    token,
    body: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      severities: ['critical', 'high'],
      evacuations: true,
      ...choices,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { uuid: res.body.data.uuid, endpoint, path: new URL(endpoint).pathname, keys };
}

const incident = (body: Record<string, unknown>) => call(app, 'POST', '/__test/incident', { body });
const payloadOf = (r: { body: Buffer }, device: Device) => JSON.parse(decrypt(r.body, device.keys));
const pathsReceived = () => receiver.received.map((r) => r.path);

describe('the push API refuses', () => {
  it('every call without a token (401)', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/push/key'],
      ['GET', '/api/v2/push/subscriptions'],
      ['POST', '/api/v2/push/subscriptions'],
      ['PATCH', '/api/v2/push/subscriptions/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/v2/push/subscriptions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v2/push/subscriptions/00000000-0000-4000-8000-000000000000/test'],
    ]) {
      expect(
        (await call(app, method!, path!, { body: method === 'POST' || method === 'PATCH' ? {} : undefined })).status,
        `${method} ${path}`,
      ).toBe(401);
    }
  });

  it('endpoints on private, loopback, link-local, metadata or internal addresses, and plain http (422)', async () => {
    const keys = deviceKeys();
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00:ec2::254]/x',
      'https://[::ffff:169.254.169.254]/x',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://0x7f.1/x',
      'https://2130706433/x',
      'https://100.64.0.1/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://intranet/x',
      'https://user:pw@push.example.com/x',
      'http://127.0.0.2:9/x',
      'http://10.0.0.1/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await call(app, 'POST', '/api/v2/push/subscriptions', {
        token: manager,
        body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, severities: ['critical'] },
      });
      expect(res.status, endpoint).toBe(422);
      expect(res.body.errors[0].field, endpoint).toBe('endpoint');
    }
    expect((await call(app, 'GET', '/api/v2/push/subscriptions', { token: manager })).body.data).toEqual([]);
  });

  it('the test hooks’ loopback endpoints when the server runs without them', async () => {
    const plain = testApp({ db: app.deps.db, testHooks: false });
    const token = await login(plain, 'manager@vigil.test');
    const keys = deviceKeys();
    const res = await call(plain, 'POST', '/api/v2/push/subscriptions', {
      token,
      body: { endpoint: receiver.url(), keys: { p256dh: keys.p256dh, auth: keys.auth }, severities: ['critical'] },
    });
    expect(res.status).toBe(422);
    plain.push.stop();
  });

  it('keys no browser could have made, evacuations turned off, and sites of another customer (422)', async () => {
    const keys = deviceKeys();
    const base = { endpoint: receiver.url(), keys: { p256dh: keys.p256dh, auth: keys.auth }, severities: ['critical'] };
    const bad = [
      { ...base, keys: { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth } },
      { ...base, keys: { p256dh: keys.p256dh, auth: 'AAAA' } },
      { ...base, evacuations: false },
      { ...base, severities: ['urgent'] },
      { ...base, sites: [SITES.brooklynStore] },
    ];
    for (const body of bad) expect((await call(app, 'POST', '/api/v2/push/subscriptions', { token: manager, body })).status).toBe(422);
  });

  it('another user’s device: it cannot be read, changed, tested or deleted (404)', async () => {
    const theirs = await subscribe(viewer);
    const mine = await call(app, 'GET', '/api/v2/push/subscriptions', { token: manager });
    expect(mine.body.data).toEqual([]);
    const path = `/api/v2/push/subscriptions/${theirs.uuid}`;
    expect((await call(app, 'PATCH', path, { token: manager, body: { severities: ['low'] } })).status).toBe(404);
    expect((await call(app, 'POST', `${path}/test`, { token: manager })).status).toBe(404);
    expect((await call(app, 'DELETE', path, { token: manager })).status).toBe(404);
    const still = await call(app, 'GET', '/api/v2/push/subscriptions', { token: viewer });
    expect(still.body.data).toMatchObject([{ uuid: theirs.uuid, severities: ['critical', 'high'], current: true }]);
  });
});

describe('a device', () => {
  it('is listed, changed and removed by its user', async () => {
    const device = await subscribe(manager, { sites: [SITES.antwerpWarehouse], systems_offline: true, device_name: 'Phone' });
    const other = await login(app, 'manager@vigil.test');
    const list = await call(app, 'GET', '/api/v2/push/subscriptions', { token: other });
    expect(list.body.data).toMatchObject([
      {
        uuid: device.uuid,
        device_name: 'Phone',
        evacuations: true,
        sites: [SITES.antwerpWarehouse],
        systems_offline: true,
        current: false,
      },
    ]);
    const changed = await call(app, 'PATCH', `/api/v2/push/subscriptions/${device.uuid}`, {
      token: other,
      body: { severities: ['low'], sites: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ severities: ['low'], sites: null, systems_offline: true });
    expect((await call(app, 'DELETE', `/api/v2/push/subscriptions/${device.uuid}`, { token: other })).status).toBe(204);
    expect((await call(app, 'GET', '/api/v2/push/subscriptions', { token: manager })).body.data).toEqual([]);
  });

  it('goes when its session ends (sign-out), and the other sessions’ devices stay', async () => {
    const ending = await login(app, 'manager@vigil.test');
    await subscribe(ending);
    const kept = await subscribe(manager);
    expect((await call(app, 'POST', '/api/v2/user/logout', { token: ending })).status).toBe(204);
    const list = await call(app, 'GET', '/api/v2/push/subscriptions', { token: manager });
    expect(list.body.data.map((d: { uuid: string }) => d.uuid)).toEqual([kept.uuid]);
  });
});

describe('what is pushed', () => {
  it('a critical incident reaches the device within 2 s, encrypted to it and signed with the server’s VAPID key', async () => {
    const device = await subscribe(manager);
    const { public_key: publicKey } = (await call(app, 'GET', '/api/v2/push/key', { token: manager })).body.data;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const started = Date.now();
    const made = await incident({ site: SITES.antwerpWarehouse, severity: 'critical', title: 'Door forced open at gate 4' });
    const got = await receiver.next(device.path);
    expect(got.at - started).toBeLessThan(2000);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.urgency).toBe('high');
    expect(Number(got.headers.ttl)).toBeLessThanOrEqual(600);
    verifyVapid(got.headers.authorization, publicKey, new URL(device.endpoint).origin);
    const payload = payloadOf(got, device);
    expect(payload).toMatchObject({
      kind: 'incident',
      title: 'Door forced open at gate 4',
      url: `/inbox/incident/${made.body.data.uuid}`,
      tag: `vigil-incident-${made.body.data.uuid}`,
      incident: made.body.data.uuid,
      severity: 'critical',
      renotify: true,
    });
    expect(payload.body).toContain('Antwerp Port Warehouse');
    expect(payload.open).toBeGreaterThan(0);
  });

  it('in the user’s language', async () => {
    expect((await call(app, 'PUT', '/api/v2/user/locale', { token: manager, body: { locale: 'de' } })).status).toBeLessThan(300);
    const device = await subscribe(manager);
    await incident({ site: SITES.antwerpWarehouse, severity: 'high' });
    const payload = payloadOf(await receiver.next(device.path), device);
    expect(payload.body).toMatch(/^Hoch · Antwerp Port Warehouse · /);
    await call(app, 'PUT', '/api/v2/user/locale', { token: manager, body: { locale: 'en' } });
  });

  it('nothing for a severity the device did not choose, a site it left out, or another customer’s incident', async () => {
    const device = await subscribe(manager, { sites: [SITES.antwerpWarehouse, SITES.brusselsOffice] });
    const everything = await subscribe(manager, { severities: ['low', 'medium', 'high', 'critical'] });
    await incident({ site: SITES.antwerpWarehouse, severity: 'low' });
    await incident({ site: SITES.ghentDistribution, severity: 'critical' });
    // Hudson is another customer's project for the manager (the viewer's incident there).
    await incident({ site: SITES.brooklynStore, severity: 'critical' });
    await app.push.whenIdle();
    expect(pathsReceived().filter((p) => p === device.path)).toEqual([]);
    // The witness: the device that chose everything got the two of its customer's, not Hudson's.
    const titles = receiver.received.filter((r) => r.path === everything.path).map((r) => payloadOf(r, everything).severity);
    expect(titles.sort()).toEqual(['critical', 'low']);
  });

  it('every evacuation start and end of the user’s projects, whatever the device chose', async () => {
    const device = await subscribe(manager, { severities: [], sites: [SITES.brusselsOffice] });
    const start = await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
      token: manager,
      body: { mode: 'drill', message: 'Fire drill' },
    });
    expect(start.status).toBe(200);
    const got = await receiver.next(device.path);
    expect(got.headers.urgency).toBe('high');
    expect(payloadOf(got, device)).toMatchObject({
      kind: 'evacuation',
      title: 'Drill – evacuation started: Northwind Logistics',
      url: `/project/${PROJECTS.northwind}`,
      tag: `vigil-evacuation-project-${PROJECTS.northwind}`,
    });
    expect(payloadOf(got, device).body).toContain('Fire drill');
    receiver.received.length = 0;
    await call(app, 'POST', `/api/public/v1/projects/${PROJECTS.northwind}/evacuation/abort`, { token: manager });
    expect(payloadOf(await receiver.next(device.path), device).title).toBe('Drill ended: Northwind Logistics');
  });

  it('a system going offline only to the devices that chose it', async () => {
    const chose = await subscribe(manager, { systems_offline: true });
    const didNot = await subscribe(manager);
    await call(app, 'POST', '/__test/system', { body: { system: SYSTEMS.antwerpDocks, online: false } });
    const payload = payloadOf(await receiver.next(chose.path), chose);
    expect(payload).toMatchObject({ kind: 'system', url: `/system/${SYSTEMS.antwerpDocks}`, tag: `vigil-system-${SYSTEMS.antwerpDocks}` });
    await app.push.whenIdle();
    expect(pathsReceived()).not.toContain(didNot.path);
    await call(app, 'POST', '/__test/system', { body: { system: SYSTEMS.antwerpDocks, online: true } });
  });

  it('nothing to a device whose session was signed out', async () => {
    const ending = await login(app, 'viewer@vigil.test');
    const device = await subscribe(ending);
    const witness = await subscribe(manager);
    await call(app, 'POST', '/api/v2/user/logout', { token: ending });
    await incident({ site: SITES.antwerpWarehouse, severity: 'critical' });
    await receiver.next(witness.path);
    await app.push.whenIdle();
    expect(pathsReceived()).not.toContain(device.path);
  });

  it('the test message on request', async () => {
    const device = await subscribe(manager);
    expect((await call(app, 'POST', `/api/v2/push/subscriptions/${device.uuid}/test`, { token: manager })).status).toBe(202);
    expect(payloadOf(await receiver.next(device.path), device)).toMatchObject({ kind: 'test', title: 'Vigil test notification' });
  });
});

describe('delivery', () => {
  it('a 410 from the push service removes the subscription', async () => {
    const device = await subscribe(manager);
    receiver.answer(410);
    await incident({ site: SITES.antwerpWarehouse, severity: 'critical' });
    await receiver.next(device.path);
    await app.push.whenIdle();
    expect((await call(app, 'GET', '/api/v2/push/subscriptions', { token: manager })).body.data).toEqual([]);
  });

  it('a 5xx is tried again with backoff and the device stays', async () => {
    const device = await subscribe(manager);
    let calls = 0;
    receiver.answer(() => (++calls < 3 ? 503 : 201));
    const api = Date.now();
    const made = await incident({ site: SITES.antwerpWarehouse, severity: 'critical' });
    // The API answered before any delivery was tried.
    expect(calls).toBe(0);
    expect(Date.now() - api).toBeLessThan(2000);
    await app.push.whenIdle();
    const mine = receiver.received.filter((r) => r.path === device.path);
    expect(mine).toHaveLength(3);
    // Backoff: 20 ms, then four times that (the app's pushRetryBaseMs is 20).
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(20);
    expect(mine[2]!.at - mine[1]!.at).toBeGreaterThanOrEqual(80);
    expect(payloadOf(mine[2]!, device).incident).toBe(made.body.data.uuid);
    expect((await call(app, 'GET', '/api/v2/push/subscriptions', { token: manager })).body.data).toHaveLength(1);
  });
});

describe('the token a message carries for Acknowledge', () => {
  it('signs in only the acknowledge call of its own incident, only while the device’s session lasts', async () => {
    const ending = await login(app, 'manager@vigil.test');
    const device = await subscribe(ending);
    const made = await incident({ site: SITES.antwerpWarehouse, severity: 'critical' });
    const other = await incident({ site: SITES.antwerpWarehouse, severity: 'low' });
    const { action_token: token, incident: uuid } = payloadOf(await receiver.next(device.path), device);
    expect(uuid).toBe(made.body.data.uuid);
    const push = { Authorization: `Push ${token}` };
    const ack = (id: string, headers: Record<string, string>) =>
      call(app, 'POST', `/api/v2/incidents/${id}/acknowledge`, { headers, body: {} });
    // Its own call passes the sign-in (the acknowledge endpoint answers from there).
    expect((await ack(uuid, push)).status).not.toBe(401);
    // Nothing else: another incident, a read, the inbox, a forged or altered token.
    expect((await ack(other.body.data.uuid, push)).status).toBe(401);
    expect((await call(app, 'GET', `/api/v2/incidents/${uuid}`, { headers: push })).status).toBe(401);
    expect((await call(app, 'GET', '/api/v2/push/subscriptions', { headers: push })).status).toBe(401);
    const [sub, inc, exp] = (token as string).split('.');
    expect((await ack(uuid, { Authorization: `Push ${sub}.${inc}.${Number(exp) + 1000}.${token.split('.')[3]}` })).status).toBe(401);
    expect((await ack(uuid, { Authorization: `Bearer ${token}` })).status).toBe(401);
    // The session ends: so does the token.
    await call(app, 'POST', '/api/v2/user/logout', { token: ending });
    expect((await ack(uuid, push)).status).toBe(401);
  });
});

describe('the installable portal', () => {
  it('serves its manifest, linked from the portal page, with the icons it names', async () => {
    const res = await call(app, 'GET', '/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await res.raw.text());
    expect(manifest).toMatchObject({ short_name: 'Vigil', start_url: '/', display: 'standalone' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) expect((await call(app, 'GET', icon.src)).status, icon.src).toBe(200);
    const page = await (await call(app, 'GET', '/')).raw.text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});
