// Invitations as the attack: links that are unknown, voided, expired or spent; resend and
// cancel by people who may not; the password rule; and what the person arrives as.
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { PROJECTS, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
const users = `/api/v2/projects/${PROJECTS.northwind}/users`;
const PASSWORD = 'a-long-new-password';

beforeEach(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
});

/** Invites `email` to Northwind as the manager; answers the member and the link's token. */
async function invite(email = 'ines.claes@northwind.example', permissions = ['view']) {
  const res = await call(app, 'POST', users, { token: manager, body: { email, name: 'Ines Claes', permissions } });
  expect(res.status).toBe(201);
  const link = (await call(app, 'GET', '/__test/last-invite-link')).body;
  expect(link.meta.email).toBe(email.toLowerCase());
  return { member: parse(Answers.projectUser, res.body).data, token: link.meta.token as string, url: link.data as string };
}

const accept = (token: string, body: Record<string, unknown> = { password: PASSWORD, accept_terms: true }) =>
  call(app, 'POST', `/api/v2/invitations/${token}/accept`, { body });

describe('inviting', () => {
  it('adds the member as invited, prints a 7-day link and stores only its hash', async () => {
    const { member, token, url } = await invite();
    expect(member).toMatchObject({ status: 'invited', two_step: false, last_sign_in_at: null });
    expect(Date.parse(member.invited_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(url).toBe(`http://vigil.test/invitation/${token}`);
    expect(app.logs.some((l) => l.includes(url))).toBe(true);
    const row = app.deps.db.get<{ token_hash: string; expires_at: string }>('SELECT token_hash, expires_at FROM invitations');
    expect(row!.token_hash).not.toBe(token);
    expect(Date.parse(row!.expires_at) - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    const list = (await call(app, 'GET', users, { token: manager })).body.data;
    expect(list.find((u: { uuid: string }) => u.uuid === member.uuid)).toMatchObject({ status: 'invited', invited_at: member.invited_at });
    // The new account cannot sign in before its person chose a password.
    expect((await call(app, 'POST', '/api/v2/user/login', { body: { email: 'ines.claes@northwind.example', password: '' } })).status).toBe(
      422,
    );
  });

  it('shows the link its person and project, without a token', async () => {
    const { token } = await invite();
    const res = await call(app, 'GET', `/api/v2/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(parse(Answers.invitation, res.body).data).toMatchObject({
      email: 'ines.claes@northwind.example',
      name: 'Ines Claes',
      project: { uuid: PROJECTS.northwind, name: 'Northwind Logistics' },
      password_set: false,
    });
  });
});

describe('a link is refused', () => {
  it('when unknown (404), expired (410) or used (410): accepting twice fails', async () => {
    expect((await call(app, 'GET', `/api/v2/invitations/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await call(app, 'GET', '/api/v2/invitations/not-a-token')).status).toBe(404);
    expect((await accept('f'.repeat(64))).status).toBe(404);

    const { token } = await invite();
    app.deps.db.run("UPDATE invitations SET expires_at = '2000-01-01T00:00:00.000Z'");
    expect((await call(app, 'GET', `/api/v2/invitations/${token}`)).status).toBe(410);
    expect((await accept(token)).status).toBe(410);

    const fresh = await invite('second@example.test');
    expect((await accept(fresh.token)).status).toBe(200);
    const again = await accept(fresh.token);
    expect(again.status).toBe(410);
    expect(again.body.errors[0].code).toBe('invitation_used');
    expect((await call(app, 'GET', `/api/v2/invitations/${fresh.token}`)).status).toBe(410);
  });

  it('after it was sent again: the old link is void, the new one works', async () => {
    const { member, token } = await invite();
    const resent = await call(app, 'POST', `${users}/${member.uuid}/invitation`, { token: manager });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ uuid: member.uuid, status: 'invited' });
    const newToken = (await call(app, 'GET', '/__test/last-invite-link')).body.meta.token as string;
    expect(newToken).not.toBe(token);
    expect((await call(app, 'GET', `/api/v2/invitations/${token}`)).status).toBe(404);
    expect((await accept(token)).status).toBe(404);
    expect((await accept(newToken)).status).toBe(200);
  });

  it('after it was cancelled: the member is gone, the link void, the unused account deleted', async () => {
    const { member, token } = await invite();
    expect((await call(app, 'DELETE', `${users}/${member.uuid}/invitation`, { token: manager })).status).toBe(204);
    expect((await call(app, 'GET', `/api/v2/invitations/${token}`)).status).toBe(404);
    const list = (await call(app, 'GET', users, { token: manager })).body.data;
    expect(list.some((u: { uuid: string }) => u.uuid === member.uuid)).toBe(false);
    expect(app.deps.db.get('SELECT 1 FROM users WHERE uuid = ?', member.uuid)).toBeUndefined();
  });
});

describe('resend and cancel need manage users on that project', () => {
  it("a viewer gets 403, another customer's manager 404, a member who joined 422", async () => {
    const { member } = await invite();
    const viewer = await login(app, 'viewer@vigil.test');
    const dana = await login(app, 'dana.rivera@hudson-retail.example');
    for (const method of ['POST', 'DELETE']) {
      expect((await call(app, method, `${users}/${member.uuid}/invitation`, { token: viewer })).status).toBe(403);
      expect((await call(app, method, `${users}/${member.uuid}/invitation`, { token: dana })).status).toBe(404);
      expect((await call(app, method, `${users}/${member.uuid}/invitation`)).status).toBe(401);
      // Tom has joined long ago: there is no invitation of his to send or cancel.
      const joined = await call(app, method, `${users}/${USERS.tom}/invitation`, { token: manager });
      expect(joined.status).toBe(422);
    }
    // The member of another customer's project is not there for Northwind's manager.
    expect((await call(app, 'POST', `/api/v2/projects/${PROJECTS.hudson}/users/${USERS.dana}/invitation`, { token: manager })).status).toBe(
      404,
    );
    // Nothing changed: still invited, still here.
    const list = (await call(app, 'GET', users, { token: manager })).body.data;
    expect(list.find((u: { uuid: string }) => u.uuid === member.uuid)).toMatchObject({ status: 'invited' });
  });

  it('sending again is limited per member (429 with Retry-After)', async () => {
    const { member } = await invite();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(app, 'POST', `${users}/${member.uuid}/invitation`, { token: manager })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('accepting', () => {
  it('applies the password rule and needs the terms', async () => {
    const { token } = await invite();
    const short = await accept(token, { password: 'short', accept_terms: true });
    expect(short.status).toBe(422);
    expect(short.body.errors[0]).toMatchObject({ field: 'password' });
    const noTerms = await accept(token, { password: PASSWORD, accept_terms: false });
    expect(noTerms.status).toBe(422);
    expect(noTerms.body.errors[0]).toMatchObject({ field: 'accept_terms', message: 'Accept the terms of use to continue.' });
    // Refusals spend nothing: the link still works.
    expect((await accept(token)).status).toBe(200);
  });

  it('sets the password, records the terms and signs the person in; the member is active', async () => {
    const { member, token } = await invite();
    const res = await accept(token);
    expect(res.status).toBe(200);
    const user = parse(Answers.user, res.body).data;
    expect(user).toMatchObject({ email: 'ines.claes@northwind.example', terms_accepted_web_portal: true });
    const me = await call(app, 'GET', '/api/v2/user', { token: user.token });
    expect(me.status).toBe(200);
    expect((await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}`, { token: user.token })).status).toBe(200);
    // The chosen password signs in from now on.
    expect(await login(app, 'ines.claes@northwind.example', PASSWORD)).toMatch(/^[0-9a-f]{64}$/);
    const list = (await call(app, 'GET', users, { token: manager })).body.data;
    const row = list.find((u: { uuid: string }) => u.uuid === member.uuid);
    expect(row).toMatchObject({ status: 'active' });
    expect(row.invited_at).toBeUndefined();
    expect(row.last_sign_in_at).not.toBeNull();
  });

  it('a known account accepts with its own password (guesses refused), and two-step sign-in asks for the code', async () => {
    const { token } = await invite('mfa@vigil.test');
    expect((await call(app, 'GET', `/api/v2/invitations/${token}`)).body.data.password_set).toBe(true);
    const wrong = await accept(token, { password: 'not-the-password', accept_terms: true });
    expect(wrong.status).toBe(422);
    // The password was not replaced: the account's own still signs in (to its code step).
    const res = await accept(token, { password: 'vigil-demo', accept_terms: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mfa_required: true });
    expect(res.body.data.token).toBeUndefined();
  });

  it('a known account that signs in joins without the link, which is then spent', async () => {
    const { member, token } = await invite('new@vigil.test');
    await login(app, 'new@vigil.test');
    const list = (await call(app, 'GET', users, { token: manager })).body.data;
    expect(list.find((u: { uuid: string }) => u.uuid === member.uuid)).toMatchObject({ status: 'active' });
    expect((await call(app, 'GET', `/api/v2/invitations/${token}`)).status).toBe(410);
  });
});

describe('the activity log', () => {
  it('records the invitation, a new one and a cancellation', async () => {
    const { member } = await invite();
    await call(app, 'POST', `${users}/${member.uuid}/invitation`, { token: manager });
    await call(app, 'DELETE', `${users}/${member.uuid}/invitation`, { token: manager });
    const log = (await call(app, 'GET', `/api/v2/projects/${PROJECTS.northwind}/activity`, { token: manager })).body.data;
    const types = log.filter((e: { target: { uuid: string } }) => e.target.uuid === member.uuid).map((e: { type: string }) => e.type);
    expect(types).toEqual(['user.invitation_cancelled', 'user.invitation_resent', 'user.invited']);
    expect(log[0]).toMatchObject({ actor: { name: 'Morgan Manager' }, target: { kind: 'user', name: 'Ines Claes' } });
  });
});
