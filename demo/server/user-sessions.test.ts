/**
 * A user's own sessions and sign-in attempts, written as the attack: nobody sees or ends
 * another user's session, an ended session is refused at once and loses its push devices,
 * and a stranger's attempt on the account shows with its address and result.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceKeys } from '../../test/unit/push-receiver.ts';
import { MFA_DEMO_SECRET } from './seed-data/places.ts';
import { call, testApp, type TestApp } from './testing.ts';
import { browserName } from './user-agent.ts';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: TestApp;
beforeEach(() => {
  app = testApp();
});

type From = { address?: string; agent?: string };

/** Signs in from an address and browser; answers the token. */
async function signIn(email: string, from: From = {}): Promise<string> {
  const res = await call(app, 'POST', '/api/v2/user/login', {
    body: { email, password: 'vigil-demo', device_name: 'vitest' },
    ...(from.address ? { address: from.address } : {}),
    headers: from.agent ? { 'User-Agent': from.agent } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

const sessions = async (token: string) => {
  const res = await call(app, 'GET', '/api/v2/user/sessions', { token });
  expect(res.status).toBe(200);
  return res.body.data as { uuid: string; browser: string | null; address: string | null; current: boolean; device_name: string | null }[];
};

describe('every sessions call', () => {
  it('refuses a request without a token (401)', async () => {
    for (const [method, path] of [
      ['GET', '/api/v2/user/sessions'],
      ['DELETE', '/api/v2/user/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v2/user/sessions/end-others'],
      ['GET', '/api/v2/user/sign-in-attempts'],
    ] as const) {
      expect((await call(app, method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('the name of a browser', () => {
  it('is read from the User-Agent, or null when nothing is recognised', () => {
    expect(browserName(PHONE)).toBe('Safari · iPhone');
    expect(browserName(DESKTOP)).toBe('Chrome · Windows');
    expect(
      browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'),
    ).toBe('Chrome · Linux');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge · Windows',
    );
    expect(browserName('Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')).toBe('Firefox · Android');
    expect(browserName('curl/8.5.0')).toBeNull();
    expect(browserName(undefined)).toBeNull();
  });
});

describe('the list of sessions', () => {
  it("shows the user's own live sessions only, with browser, address and which is this one", async () => {
    const desk = await signIn('manager@vigil.test', { address: '::ffff:198.51.100.7', agent: DESKTOP });
    await signIn('manager@vigil.test', { address: '203.0.113.9', agent: PHONE });
    await signIn('viewer@vigil.test', { address: '192.0.2.1', agent: DESKTOP });
    const list = await sessions(desk);
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)).toMatchObject({ browser: 'Chrome · Windows', address: '198.51.100.7', device_name: 'vitest' });
    expect(list.find((s) => !s.current)).toMatchObject({ browser: 'Safari · iPhone', address: '203.0.113.9' });
    // No token or its hash is ever part of the answer.
    expect(JSON.stringify(list)).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe('ending a session', () => {
  it("another user's session is a 404 and keeps working", async () => {
    const manager = await signIn('manager@vigil.test');
    const viewer = await signIn('viewer@vigil.test');
    const [theirs] = await sessions(viewer);
    const res = await call(app, 'DELETE', `/api/v2/user/sessions/${theirs!.uuid}`, { token: manager });
    expect(res.status).toBe(404);
    expect((await call(app, 'GET', '/api/v2/user', { token: viewer })).status).toBe(200);
  });

  it('its token answers 401 on the very next request, and its push devices are removed', async () => {
    const desk = await signIn('manager@vigil.test', { agent: DESKTOP });
    const phone = await signIn('manager@vigil.test', { agent: PHONE });
    const { p256dh, auth } = deviceKeys();
    const device = await call(app, 'POST', '/api/v2/push/subscriptions', {
      token: phone,
      body: {
        endpoint: 'http://127.0.0.1:9/push/phone',
        expirationTime: null,
        keys: { p256dh, auth },
        severities: ['critical'],
        evacuations: true,
      },
    });
    expect(device.status, JSON.stringify(device.body)).toBe(201);
    const phoneSession = (await sessions(desk)).find((s) => !s.current)!;
    expect((await call(app, 'DELETE', `/api/v2/user/sessions/${phoneSession.uuid}`, { token: desk })).status).toBe(204);
    expect((await call(app, 'GET', '/api/v2/user', { token: phone })).status).toBe(401);
    expect(app.deps.db.all('SELECT uuid FROM push_subscriptions WHERE uuid = ?', device.body.data.uuid)).toEqual([]);
    expect((await call(app, 'GET', '/api/v2/push/subscriptions', { token: desk })).body.data).toEqual([]);
    // Ended once: a second time it is no longer there.
    expect((await call(app, 'DELETE', `/api/v2/user/sessions/${phoneSession.uuid}`, { token: desk })).status).toBe(404);
    expect(await sessions(desk)).toHaveLength(1);
  });

  it('"everywhere else" ends every other session of the user and keeps this one', async () => {
    const here = await signIn('manager@vigil.test');
    const others = [await signIn('manager@vigil.test'), await signIn('manager@vigil.test')];
    const viewer = await signIn('viewer@vigil.test');
    const res = await call(app, 'POST', '/api/v2/user/sessions/end-others', { token: here });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: 2 });
    for (const token of others) expect((await call(app, 'GET', '/api/v2/user', { token })).status).toBe(401);
    expect((await call(app, 'GET', '/api/v2/user', { token: here })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v2/user', { token: viewer })).status).toBe(200);
    expect((await sessions(here)).map((s) => s.current)).toEqual([true]);
  });
});

describe('the sign-in attempts', () => {
  it("show a stranger's wrong password with its address, newest first, and only the account's own", async () => {
    const mine = await signIn('manager@vigil.test', { address: '198.51.100.7', agent: DESKTOP });
    const wrong = await call(app, 'POST', '/api/v2/user/login', {
      body: { email: 'manager@vigil.test', password: 'guess-guess' },
      address: '203.0.113.66',
      headers: { 'User-Agent': PHONE },
    });
    expect(wrong.status).toBe(422);
    await call(app, 'POST', '/api/v2/user/login', { body: { email: 'viewer@vigil.test', password: 'guess-guess' }, address: '192.0.2.2' });
    const res = await call(app, 'GET', '/api/v2/user/sign-in-attempts', { token: mine });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { at: expect.any(String), address: '203.0.113.66', browser: 'Safari · iPhone', result: 'wrong_password' },
      { at: expect.any(String), address: '198.51.100.7', browser: 'Chrome · Windows', result: 'success' },
    ]);
  });

  it('record a held-back attempt as locked and a wrong second step as two-step failed', async () => {
    const guess = () =>
      call(app, 'POST', '/api/v2/user/login', { body: { email: 'manager@vigil.test', password: 'guess-guess' }, address: '203.0.113.66' });
    // Three free failures, then the next one is held back.
    for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(422);
    expect((await guess()).status).toBe(429);
    const results = async (token: string) =>
      ((await call(app, 'GET', '/api/v2/user/sign-in-attempts', { token })).body.data as { result: string }[]).map((a) => a.result);
    expect(await results(await signIn('manager@vigil.test', { address: '198.51.100.7' }))).toEqual([
      'success',
      'locked',
      'wrong_password',
      'wrong_password',
      'wrong_password',
    ]);

    const challenge = (await call(app, 'POST', '/api/v2/user/login', { body: { email: 'mfa@vigil.test', password: 'vigil-demo' } })).body
      .data.challenge as string;
    const code = new TOTP({ secret: Secret.fromBase32(MFA_DEMO_SECRET) }).generate();
    const bad = code === '000000' ? '111111' : '000000';
    expect((await call(app, 'POST', '/api/v2/user/login/mfa', { body: { challenge, code: bad } })).status).toBe(422);
    const ok = await call(app, 'POST', '/api/v2/user/login/mfa', { body: { challenge, code } });
    expect(ok.status).toBe(200);
    expect(await results(ok.body.data.token)).toEqual(['success', 'second_step_failed']);
  });

  it('keep at most the latest ten in the answer, and no call changes one', async () => {
    const token = await signIn('manager@vigil.test');
    for (let i = 0; i < 12; i++) await signIn('manager@vigil.test', { address: `192.0.2.${i + 10}` });
    const res = await call(app, 'GET', '/api/v2/user/sign-in-attempts', { token });
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0].address).toBe('192.0.2.21');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'])
      expect((await call(app, method, '/api/v2/user/sign-in-attempts', { token, body: {} })).status, method).toBe(404);
    expect(() => app.deps.db.run("UPDATE sign_in_attempts SET result = 'success'")).toThrow(/append-only/);
  });
});
