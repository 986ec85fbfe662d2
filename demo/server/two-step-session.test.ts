/**
 * Two-step sign-in belongs to the session, not the account — attacks as tried against a
 * project that requires it for evacuations: a password-only token turning two-step on to
 * get through, a stolen token turning it on with the thief's app, old tokens surviving it,
 * a challenge surviving a password reset.
 */
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { MFA_DEMO_SECRET } from './seed-data/places.ts';
import { PROJECTS, SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
beforeEach(() => {
  app = testApp();
});

const codeAt = (secret: string, timestamp = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
const start = (token: string, uuid = PROJECTS.atlas) => call(app, 'POST', `/api/public/v1/projects/${uuid}/evacuation/start`, { token });
const requireOnAtlas = async () => {
  // Lucas manages Atlas; the rule is turned on while nobody needs two-step to change it.
  const lucas = await login(app, 'lucas.dubois@atlas-dc.example');
  const res = await call(app, 'PATCH', `/api/v2/projects/${PROJECTS.atlas}/security`, {
    token: lucas,
    body: { require_mfa_for_evacuate: true },
  });
  expect(res.status).toBe(200);
  return lucas;
};

/** Sets two-step up and turns it on from `token`'s session; answers the secret and the fresh token. */
async function turnOn(token: string, password = 'vigil-demo'): Promise<{ secret: string; fresh: string }> {
  const setup = await call(app, 'POST', '/api/v2/user/mfa/setup', { token, body: { password } });
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const enabled = await call(app, 'POST', '/api/v2/user/mfa/enable', { token, body: { code: codeAt(secret) } });
  expect(enabled.status).toBe(200);
  return { secret, fresh: enabled.body.data.user.token as string };
}

/** Password then code: a session with the second step. */
async function signInWithCode(email: string, secret: string, timestamp = Date.now() + 30_000): Promise<string> {
  const pw = await call(app, 'POST', '/api/v2/user/login', { body: { email, password: 'vigil-demo' } });
  expect(pw.body.data.mfa_required).toBe(true);
  const res = await call(app, 'POST', '/api/v2/user/login/mfa', {
    body: { challenge: pw.body.data.challenge, code: codeAt(secret, timestamp) },
  });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

describe('a project that requires two-step sign-in for evacuations', () => {
  it('a password-only session that turns two-step on still cannot evacuate; a sign-in with the code can', async () => {
    await requireOnAtlas();
    const token = await login(app, 'manager@vigil.test'); // 'view' and 'evacuate' on Atlas
    const otherDevice = await login(app, 'manager@vigil.test');
    expect((await start(token)).body.errors[0].code).toBe('mfa_required_for_evacuate');

    const { secret, fresh } = await turnOn(token);
    // Every token of the account from before is gone, this device's too…
    for (const old of [token, otherDevice]) expect((await call(app, 'GET', '/api/v2/user', { token: old })).status).toBe(401);
    expect((await start(token)).status).toBe(401);
    // …and the fresh one is still the password alone: the rule asks the session.
    const refused = await start(fresh);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'mfa_session_required', message: expect.stringMatching(/sign in again/i) });
    const site = await call(app, 'POST', `/api/public/v1/sites/${SITES.liegeDataCentre}/evacuation/start`, { token: fresh });
    expect(site.status).toBe(403);
    expect(app.deps.db.get("SELECT 1 AS x FROM evacuations WHERE target_uuid = ? AND status = 'active'", PROJECTS.atlas)).toBeUndefined();

    const withCode = await signInWithCode('manager@vigil.test', secret);
    expect((await start(withCode)).status).toBe(200);
  });

  it('a stolen password-only token cannot turn two-step on: setup asks for the password', async () => {
    await requireOnAtlas();
    const stolen = await login(app, 'manager@vigil.test');
    const bare = await call(app, 'POST', '/api/v2/user/mfa/setup', { token: stolen });
    expect(bare.status).toBe(422);
    expect(bare.body.errors[0].field).toBe('password');
    const guessed = await call(app, 'POST', '/api/v2/user/mfa/setup', { token: stolen, body: { password: 'guess' } });
    expect(guessed.status).toBe(422);
    expect(guessed.body.errors[0].field).toBe('password');
    // Nothing pending, nothing to enable: the owner keeps signing in with the password alone.
    expect((await call(app, 'POST', '/api/v2/user/mfa/enable', { token: stolen, body: { code: '123456' } })).status).toBe(409);
    expect((await login(app, 'manager@vigil.test')).length).toBe(64);
  });

  it('only the session that set up a secret (with the password) can confirm it', async () => {
    const owner = await login(app, 'viewer@vigil.test');
    const other = await login(app, 'viewer@vigil.test');
    const setup = await call(app, 'POST', '/api/v2/user/mfa/setup', { token: owner, body: { password: 'vigil-demo' } });
    const secret = setup.body.data.secret as string;
    expect((await call(app, 'POST', '/api/v2/user/mfa/enable', { token: other, body: { code: codeAt(secret) } })).status).toBe(409);
    expect((await call(app, 'POST', '/api/v2/user/mfa/enable', { token: owner, body: { code: codeAt(secret) } })).status).toBe(200);
  });

  it('a password-only session of a manager cannot switch the rule off nor change members; a session with the code can', async () => {
    const lucas = await requireOnAtlas();
    const members = `/api/v2/projects/${PROJECTS.atlas}/users`;
    const off = await call(app, 'PATCH', `/api/v2/projects/${PROJECTS.atlas}/security`, {
      token: lucas,
      body: { require_mfa_for_evacuate: false },
    });
    expect(off.status).toBe(403);
    expect(off.body.errors[0].code).toBe('mfa_session_required');
    const add = await call(app, 'POST', members, {
      token: lucas,
      body: { email: 'accomplice@example.com', name: 'A', permissions: ['view', 'evacuate'] },
    });
    expect(add.status).toBe(403);
    expect(app.deps.db.get('SELECT 1 FROM users WHERE email = ?', 'accomplice@example.com')).toBeUndefined();

    const { secret } = await turnOn(lucas);
    const strong = await signInWithCode('lucas.dubois@atlas-dc.example', secret);
    expect(
      (await call(app, 'POST', members, { token: strong, body: { email: 'helper@example.com', name: 'H', permissions: ['view'] } })).status,
    ).toBe(201);
    expect(
      (
        await call(app, 'PATCH', `/api/v2/projects/${PROJECTS.atlas}/security`, {
          token: strong,
          body: { require_mfa_for_evacuate: false },
        })
      ).status,
    ).toBe(200);
  });
});

describe('a password reset', () => {
  it('voids the pending challenge: challenge, then reset, then the old challenge with a valid code fails', async () => {
    const pw = await call(app, 'POST', '/api/v2/user/login', { body: { email: 'mfa@vigil.test', password: 'vigil-demo' } });
    const challenge = pw.body.data.challenge as string;
    const session = await signInWithCode('mfa@vigil.test', MFA_DEMO_SECRET, Date.now() - 30_000);
    // The owner resets the password.
    await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'mfa@vigil.test' } });
    const link = app.deps.state.lastResetLink!;
    const reset = await call(app, 'POST', '/api/v2/user/reset-password', {
      body: { token: link.token, email: link.email, password: 'a-new-secret-1', password_confirmation: 'a-new-secret-1' },
    });
    expect(reset.status).toBe(200);
    const late = await call(app, 'POST', '/api/v2/user/login/mfa', {
      body: { challenge, code: codeAt(MFA_DEMO_SECRET, Date.now() + 30_000) },
    });
    expect(late.status).toBe(422);
    expect(late.body.errors[0].code).toBe('mfa_challenge_invalid');
    expect(late.body.data).toBeUndefined();
    // And every session of the account has ended.
    expect((await call(app, 'GET', '/api/v2/user', { token: session })).status).toBe(401);
  });

  it('voids a two-step setup waiting for its code', async () => {
    const token = await login(app, 'viewer@vigil.test');
    const setup = await call(app, 'POST', '/api/v2/user/mfa/setup', { token, body: { password: 'vigil-demo' } });
    expect(setup.status).toBe(200);
    await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'viewer@vigil.test' } });
    const link = app.deps.state.lastResetLink!;
    await call(app, 'POST', '/api/v2/user/reset-password', {
      body: { token: link.token, email: link.email, password: 'a-new-secret-1', password_confirmation: 'a-new-secret-1' },
    });
    expect(
      app.deps.db.get<{ s: string | null }>("SELECT mfa_pending_secret AS s FROM users WHERE email = 'viewer@vigil.test'")?.s,
    ).toBeNull();
  });
});
