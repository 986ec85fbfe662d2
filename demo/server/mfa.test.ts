import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_DEMO_SECRET } from './seed-data/places.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
beforeEach(() => {
  app = testApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const codeAt = (secret: string, timestamp = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/** Password step for mfa@vigil.test: the challenge. */
async function challenge(address?: string): Promise<string> {
  const res = await call(app, 'POST', '/api/v2/user/login', {
    body: { email: 'mfa@vigil.test', password: 'vigil-demo' },
    ...(address ? { address } : {}),
  });
  expect(res.status).toBe(200);
  return res.body.data.challenge as string;
}

const second = (body: { challenge: string; code: string }, address?: string) =>
  call(app, 'POST', '/api/v2/user/login/mfa', { body, ...(address ? { address } : {}) });

describe('the password step of an account with two-step sign-in', () => {
  it('answers a challenge and no token', async () => {
    const res = await call(app, 'POST', '/api/v2/user/login', { body: { email: 'mfa@vigil.test', password: 'vigil-demo' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mfa_required: true, challenge: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(res.body)).not.toMatch(/token/);
    expect(app.deps.db.all('SELECT * FROM tokens')).toEqual([]);
    // The challenge is not a bearer token.
    expect((await call(app, 'GET', '/api/v2/user', { token: res.body.data.challenge })).status).toBe(401);
  });
});

describe('the code step', () => {
  it('answers the token for a current code, like a plain sign-in', async () => {
    const res = await second({ challenge: await challenge(), code: codeAt(MFA_DEMO_SECRET) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'mfa@vigil.test', mfa_enabled: true, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await call(app, 'GET', '/api/v2/user', { token: res.body.data.token })).status).toBe(200);
  });

  it('accepts the code of the previous time step, not one two steps old', async () => {
    const c1 = await challenge();
    expect((await second({ challenge: c1, code: codeAt(MFA_DEMO_SECRET, Date.now() - 65_000) })).status).toBe(422);
    expect((await second({ challenge: c1, code: codeAt(MFA_DEMO_SECRET, Date.now() - 30_000) })).status).toBe(200);
  });

  it('refuses a wrong code with a field error and code, then throttles with 429 and Retry-After', async () => {
    const c1 = await challenge('203.0.113.5');
    const wrong = codeAt(MFA_DEMO_SECRET) === '000000' ? '111111' : '000000';
    const first = await second({ challenge: c1, code: wrong }, '203.0.113.5');
    expect(first.status).toBe(422);
    expect(first.body.errors[0]).toMatchObject({ field: 'code', code: 'mfa_code_invalid' });
    for (let i = 0; i < 2; i++) expect((await second({ challenge: c1, code: wrong }, '203.0.113.5')).status).toBe(422);
    // Past the free failures even the right code waits: guessing is slowed down.
    const limited = await second({ challenge: c1, code: codeAt(MFA_DEMO_SECRET) }, '203.0.113.5');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The owner elsewhere is not held back.
    expect((await second({ challenge: await challenge('198.51.100.7'), code: codeAt(MFA_DEMO_SECRET) }, '198.51.100.7')).status).toBe(200);
  });

  it('refuses a replay of the same code, even with a new challenge', async () => {
    const code = codeAt(MFA_DEMO_SECRET);
    expect((await second({ challenge: await challenge(), code })).status).toBe(200);
    const replay = await second({ challenge: await challenge(), code });
    expect(replay.status).toBe(422);
    expect(replay.body.errors[0].code).toBe('mfa_code_invalid');
  });

  it('refuses a challenge used once already', async () => {
    const c1 = await challenge();
    expect((await second({ challenge: c1, code: codeAt(MFA_DEMO_SECRET) })).status).toBe(200);
    const again = await second({ challenge: c1, code: codeAt(MFA_DEMO_SECRET, Date.now() + 30_000) });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ field: 'challenge', code: 'mfa_challenge_invalid' });
    expect(again.body.data).toBeUndefined();
  });

  it('refuses an expired challenge', async () => {
    const c1 = await challenge();
    vi.useFakeTimers({ now: Date.now() + 5 * 60_000 + 1000, toFake: ['Date'] });
    const res = await second({ challenge: c1, code: codeAt(MFA_DEMO_SECRET) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('mfa_challenge_invalid');
  });

  it('binds the challenge to its account: another account’s code does not sign in', async () => {
    // The manager turns two-step on with their own secret.
    const token = await login(app, 'manager@vigil.test');
    const setup = await call(app, 'POST', '/api/v2/user/mfa/setup', { token, body: { password: 'vigil-demo' } });
    const managerSecret = setup.body.data.secret as string;
    expect((await call(app, 'POST', '/api/v2/user/mfa/enable', { token, body: { code: codeAt(managerSecret) } })).status).toBe(200);
    // mfa@'s challenge with the manager's next code: refused; nobody is signed in.
    const res = await second({ challenge: await challenge(), code: codeAt(managerSecret, Date.now() + 30_000) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('mfa_code_invalid');
    // And an unknown challenge is no challenge at all.
    expect((await second({ challenge: 'f'.repeat(64), code: codeAt(MFA_DEMO_SECRET) })).body.errors[0].code).toBe('mfa_challenge_invalid');
  });
});

describe('enrolment', () => {
  it('needs a correct first code; then gives ten recovery codes, each working once', async () => {
    const before = await login(app, 'viewer@vigil.test');
    const setup = await call(app, 'POST', '/api/v2/user/mfa/setup', { token: before, body: { password: 'vigil-demo' } });
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri: uri } = setup.body.data as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vigil:viewer%40vigil\.test\?/);
    expect(uri).toContain(`secret=${secret}`);

    // Not yet on: the password still signs in alone.
    expect((await call(app, 'GET', '/api/v2/user', { token: before })).body.data.mfa_enabled).toBe(false);
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    const refused = await call(app, 'POST', '/api/v2/user/mfa/enable', { token: before, body: { code: wrong } });
    expect(refused.status).toBe(422);
    expect((await call(app, 'GET', '/api/v2/user', { token: before })).body.data.mfa_enabled).toBe(false);

    const enabled = await call(app, 'POST', '/api/v2/user/mfa/enable', { token: before, body: { code: codeAt(secret) } });
    expect(enabled.status).toBe(200);
    // This device goes on with a fresh token; the one that set it up is gone.
    const token = enabled.body.data.user.token as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(app, 'GET', '/api/v2/user', { token: before })).status).toBe(401);
    const codes = enabled.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed only.
    const stored = app.deps.db.all<{ code_hash: string }>('SELECT code_hash FROM mfa_recovery_codes');
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => codes.some((c) => r.code_hash.includes(c.replace('-', ''))))).toBe(false);
    expect((await call(app, 'GET', '/api/v2/user', { token })).body.data).toMatchObject({ mfa_enabled: true });

    // The password alone no longer signs in.
    const pw = await call(app, 'POST', '/api/v2/user/login', { body: { email: 'viewer@vigil.test', password: 'vigil-demo' } });
    expect(pw.body.data.mfa_required).toBe(true);
    expect(pw.body.data.token).toBeUndefined();
    // A recovery code (typed in upper case, with the dash) works once.
    const ok = await second({ challenge: pw.body.data.challenge, code: codes[3]!.toUpperCase() });
    expect(ok.status).toBe(200);
    const pw2 = await call(app, 'POST', '/api/v2/user/login', { body: { email: 'viewer@vigil.test', password: 'vigil-demo' } });
    const reused = await second({ challenge: pw2.body.data.challenge, code: codes[3]! });
    expect(reused.status).toBe(422);
    expect((await call(app, 'GET', '/api/v2/user/mfa', { token })).body.data.recovery_codes_left).toBe(9);
  });

  it('cannot set up again while on, and turning off needs the password or a code', async () => {
    const pw = await challenge();
    const token = (await second({ challenge: pw, code: codeAt(MFA_DEMO_SECRET) })).body.data.token as string;
    expect((await call(app, 'POST', '/api/v2/user/mfa/setup', { token, body: { password: 'vigil-demo' } })).status).toBe(409);
    const bad = await call(app, 'DELETE', '/api/v2/user/mfa', { token, body: { password: 'not-it' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('password');
    expect((await call(app, 'DELETE', '/api/v2/user/mfa', { token, body: {} })).status).toBe(422);
    const off = await call(app, 'DELETE', '/api/v2/user/mfa', { token, body: { password: 'vigil-demo' } });
    expect(off.status).toBe(200);
    expect(off.body.data.mfa_enabled).toBe(false);
    expect(app.deps.db.all('SELECT * FROM mfa_recovery_codes')).toEqual([]);
    // Back to one step.
    expect((await login(app, 'mfa@vigil.test')).length).toBe(64);
  });
});

describe('a project that requires two-step sign-in for evacuations', () => {
  const start = (token: string, uuid = PROJECTS.northwind) =>
    call(app, 'POST', `/api/public/v1/projects/${uuid}/evacuation/start`, { token });

  it('refuses a start or abort by someone without it (403, distinct code); lets the enrolled through', async () => {
    const manager = await login(app, 'lucas.dubois@atlas-dc.example');
    const patched = await call(app, 'PATCH', `/api/v2/projects/${PROJECTS.atlas}/security`, {
      token: manager,
      body: { require_mfa_for_evacuate: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.require_mfa_for_evacuate).toBe(true);

    const viewer = await login(app, 'manager@vigil.test'); // 'view' and 'evacuate' on Atlas, no two-step
    const recorded = () => app.deps.db.all('SELECT * FROM evacuation_events'); // the seed's past ones included
    const before = recorded();
    const refused = await start(viewer, PROJECTS.atlas);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('mfa_required_for_evacuate');
    // A site of the project too, and an abort.
    const site = await call(app, 'POST', `/api/public/v1/sites/${SITES.liegeDataCentre}/evacuation/abort`, { token: viewer });
    expect(site.status).toBe(403);
    expect(site.body.errors[0].code).toBe('mfa_required_for_evacuate');
    expect(recorded()).toEqual(before); // nothing started, nothing ended

    const enrolled = (await second({ challenge: await challenge(), code: codeAt(MFA_DEMO_SECRET) })).body.data.token as string;
    expect((await start(enrolled, PROJECTS.atlas)).status).toBe(200);
    // Elsewhere the same user still evacuates without it.
    expect((await start(viewer, PROJECTS.northwind)).status).toBe(200);
    // Every member can read the setting (the UI says why a start is refused).
    expect((await call(app, 'GET', `/api/v2/projects/${PROJECTS.atlas}/security`, { token: viewer })).body.data).toEqual({
      require_mfa_for_evacuate: true,
    });
  });

  it('cannot be changed by a member without “manage users”', async () => {
    const viewer = await login(app, 'viewer@vigil.test');
    const res = await call(app, 'PATCH', `/api/v2/projects/${PROJECTS.northwind}/security`, {
      token: viewer,
      body: { require_mfa_for_evacuate: true },
    });
    expect(res.status).toBe(403);
    expect((await start(viewer)).status).toBe(200);
    // Nor by a stranger: the project does not exist for them.
    const dana = await login(app, 'dana.rivera@hudson-retail.example');
    expect(
      (
        await call(app, 'PATCH', `/api/v2/projects/${PROJECTS.northwind}/security`, {
          token: dana,
          body: { require_mfa_for_evacuate: false },
        })
      ).status,
    ).toBe(404);
  });
});
