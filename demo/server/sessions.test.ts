/** Sessions: the terms gate, sign-out, idle expiry, and the attempt limits of sign-in and password reset. */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEMO_CAMERAS, DEMO_LIVE_VIEW_UUID, PROJECTS } from './seed-ids.ts';
import { call, login, testApp, type Answer, type TestApp } from './testing.ts';

afterEach(() => vi.useRealTimers());
const TERMS = 'Accept the terms of use first: until then only your profile, language and the terms themselves are available.';

describe('before the terms are accepted', () => {
  it('only the user, terms, locale and sign-out answer; the rest is a translated 403', async () => {
    const app = testApp();
    const token = await login(app, 'new@vigil.test');
    const camera = app.deps.db.get<{ uuid: string }>(
      'SELECT c.uuid FROM cameras c JOIN systems y ON y.uuid = c.system_uuid JOIN sites s ON s.uuid = y.site_uuid WHERE s.project_uuid = ?',
      PROJECTS.hudson,
    )!.uuid;
    for (const [method, path] of [
      ['GET', '/api/v2/projects'],
      ['GET', `/api/v2/projects/${PROJECTS.hudson}`],
      ['GET', '/api/v2/incidents'],
      ['GET', `/api/v2/media/${camera}`],
      ['GET', '/api/v2/notifications?filter[unread]=true'],
      ['GET', '/api/v2/pages'],
      ['GET', '/auth/jwt'],
      ['GET', `/api/public/v2/projects/${PROJECTS.hudson}/evacuation/status`],
      ['POST', `/api/public/v1/projects/${PROJECTS.hudson}/evacuation/start`],
    ] as const) {
      const res = await call(app, method, path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ errors: [{ message: TERMS }] });
    }
    const de = await call(app, 'GET', '/api/v2/incidents', { token, headers: { 'Accept-Language': 'de' } });
    expect(de.body.errors[0].message).toMatch(/Nutzungsbedingungen/);

    expect((await call(app, 'GET', '/api/v2/user', { token })).status).toBe(200);
    expect((await call(app, 'PUT', '/api/v2/user/locale', { token, body: { locale: 'nl' } })).status).toBe(200);
    // Public calls need no terms (and no token).
    expect((await call(app, 'GET', `/api/public/v1/demo-live-views/${DEMO_LIVE_VIEW_UUID}`, { token })).status).toBe(200);
    expect((await call(app, 'GET', `/api/public/v1/demo-live-views/${DEMO_LIVE_VIEW_UUID}/media/${DEMO_CAMERAS.harbourGate}`)).status).toBe(
      200,
    );
    expect((await call(app, 'GET', '/i18n/messages/en.json')).status).toBe(200);
    expect((await call(app, 'HEAD', '/api/ping')).status).toBe(204);

    expect((await call(app, 'PUT', '/api/v2/user/terms', { token, body: { terms_accepted_web_portal: true } })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v2/incidents', { token })).status).toBe(200);
    expect((await call(app, 'GET', '/auth/jwt', { token })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v2/user/logout', { token })).status).toBe(204);
  });
});

describe('sign-out and expiry', () => {
  it('sign-out revokes this token only', async () => {
    const app = testApp();
    const a = await login(app, 'manager@vigil.test');
    const b = await login(app, 'manager@vigil.test');
    const out = await call(app, 'POST', '/api/v2/user/logout', { token: a });
    expect(out.status).toBe(204);
    expect(out.headers.get('Cache-Control')).toBe('no-store');
    expect((await call(app, 'GET', '/api/v2/user', { token: a })).status).toBe(401);
    expect((await call(app, 'POST', '/api/v2/user/logout', { token: a })).status).toBe(401);
    expect((await call(app, 'GET', '/api/v2/user', { token: b })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v2/user/logout')).status).toBe(401);
  });

  it('a token unused for the idle time expires; using it keeps it alive', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = testApp({ tokenIdleMs: 10 * 60_000 });
    const token = await login(app, 'manager@vigil.test');
    // Used every 6 minutes for 24 minutes: alive, though it was never idle 10 minutes.
    for (let i = 0; i < 4; i++) {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect((await call(app, 'GET', '/api/v2/user', { token })).status, `use ${i}`).toBe(200);
    }
    vi.setSystemTime(Date.now() + 11 * 60_000);
    const expired = await call(app, 'GET', '/api/v2/user', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ errors: [{ message: 'Unauthenticated.' }] });
  });
});

const wrong = (email: string, address?: string) => ({ body: { email, password: 'wrong-password' }, ...(address ? { address } : {}) });
const signIn = (app: TestApp, email: string, options: { address?: string; cookie?: string } = {}) =>
  call(app, 'POST', '/api/v2/user/login', {
    body: { email, password: 'vigil-demo' },
    ...(options.address ? { address: options.address } : {}),
    ...(options.cookie ? { headers: { Cookie: options.cookie } } : {}),
  });
/** The `name=value` of the remembered-device cookie an answer sets. */
const deviceCookie = (res: Answer): string => {
  const set = res.headers.get('Set-Cookie') ?? '';
  expect(set).toMatch(/^vigil_device=[^;]+;/);
  expect(set).toMatch(/HttpOnly/);
  expect(set).toMatch(/SameSite=Strict/);
  expect(set).toMatch(/Path=\/api\/v2\/user\/login/);
  return set.split(';')[0]!;
};
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

describe('attempt limits', () => {
  it("a stranger's wrong passwords never lock the owner out: per account and address, not per account", async () => {
    const app = testApp();
    for (let i = 0; i < 5; i++) await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test', ATTACKER));
    const stranger = await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test', ATTACKER));
    expect(stranger.status).toBe(429);
    // The owner, elsewhere, signs in at once with the right password.
    expect((await signIn(app, 'VIEWER@vigil.test', { address: OWNER })).status).toBe(200);
  });

  it('slows down 1 s, 2 s, 4 s … after three failures, up to the cap; a quiet window forgets; success clears', async () => {
    // Only the clock is fake: delays pass without waiting, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = testApp({ limits: { maxDelayMs: 8000, windowMs: 60_000 } });
    const attempt = () => call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test', ATTACKER));
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
    for (const seconds of [1, 2, 4, 8, 8]) {
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('Retry-After')).toBe(String(seconds));
      expect(blocked.headers.get('Cache-Control')).toBe('no-store');
      expect(blocked.body.errors[0].message).toBe(
        seconds === 1 ? 'Too many attempts. Try again in 1 second.' : `Too many attempts. Try again in ${seconds} seconds.`,
      );
      vi.setSystemTime(Date.now() + seconds * 1000);
      expect((await attempt()).status).toBe(422);
    }
    const fr = await call(app, 'POST', '/api/v2/user/login?locale=fr', wrong('viewer@vigil.test', ATTACKER));
    expect(fr.body.errors[0].message).toBe('Trop de tentatives. Réessayez dans 8 secondes.');
    // A quiet window starts over.
    vi.setSystemTime(Date.now() + 60_000);
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
    expect((await attempt()).status).toBe(429);
    // The right password after the wait clears this client's count.
    vi.setSystemTime(Date.now() + 1000);
    expect((await signIn(app, 'viewer@vigil.test', { address: ATTACKER })).status).toBe(200);
    expect((await attempt()).status).toBe(422);
  });

  it('an address trying many accounts is slowed down after 20 failures, for every account from there', async () => {
    const app = testApp();
    for (let i = 0; i < 20; i++)
      expect((await call(app, 'POST', '/api/v2/user/login', wrong(`nobody${i}@example.test`, ATTACKER))).status).toBe(422);
    const blocked = await signIn(app, 'manager@vigil.test', { address: ATTACKER });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe('1');
    expect((await signIn(app, 'manager@vigil.test', { address: OWNER })).status).toBe(200);
  });

  it('a device that signed in before keeps signing in, even behind the same address as the stranger', async () => {
    // The clock stands still: on a slow machine the 35 sign-ins would otherwise outlast the
    // waits they cause, and the owner's refusal below would not be seen.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    const app = testApp();
    // The owner signed in from the office before and got a remembered-device cookie.
    const cookie = deviceCookie(await signIn(app, 'viewer@vigil.test', { address: OWNER }));
    // A stranger in the same office (same address) hammers the account and other accounts.
    for (let i = 0; i < 10; i++) await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test', OWNER));
    for (let i = 0; i < 25; i++) await call(app, 'POST', '/api/v2/user/login', wrong(`nobody${i}@example.test`, OWNER));
    expect((await signIn(app, 'viewer@vigil.test', { address: OWNER })).status).toBe(429);
    expect((await signIn(app, 'viewer@vigil.test', { address: OWNER, cookie })).status).toBe(200);
    // The cookie is the account's only: forged, or shown for another account, it counts for nothing.
    const forged = cookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await signIn(app, 'viewer@vigil.test', { address: OWNER, cookie: forged })).status).toBe(429);
    expect((await signIn(app, 'manager@vigil.test', { address: OWNER, cookie })).status).toBe(429);
  });

  it("forgot-password: a stranger's requests slow only the stranger, and never kill the owner's link", async () => {
    const app = testApp();
    const ask = (address: string) => call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'viewer@vigil.test' }, address });
    expect((await ask(OWNER)).status).toBe(200);
    const owners = app.deps.state.lastResetLink!.token;
    for (let i = 0; i < 3; i++) expect((await ask(ATTACKER)).status).toBe(200);
    const blocked = await ask(ATTACKER);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(app.logs.filter((l) => l.includes('Password reset link for viewer@vigil.test'))).toHaveLength(4);
    // The owner asks again from their own address: not held back.
    expect((await ask(OWNER)).status).toBe(200);
    const reset = (token: string) =>
      call(app, 'POST', '/api/v2/user/reset-password', {
        body: { token, email: 'viewer@vigil.test', password: 'new-password-1', password_confirmation: 'new-password-1' },
        address: OWNER,
      });
    // The first link still works after the stranger's requests; once used, every other is dead.
    expect((await reset(owners)).status).toBe(200);
    expect((await reset(app.deps.state.lastResetLink!.token)).status).toBe(422);
  });

  it('reset-password: guessed tokens are slowed down, the genuine link never', async () => {
    const app = testApp();
    const guess = {
      token: 'f'.repeat(64),
      email: 'viewer@vigil.test',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    };
    for (let i = 0; i < 3; i++)
      expect((await call(app, 'POST', '/api/v2/user/reset-password', { body: guess, address: ATTACKER })).status).toBe(422);
    expect((await call(app, 'POST', '/api/v2/user/reset-password', { body: guess, address: ATTACKER })).status).toBe(429);
    // The owner's genuine link works at once, even from the stranger's address.
    await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'viewer@vigil.test' }, address: OWNER });
    const link = app.deps.state.lastResetLink!;
    const genuine = await call(app, 'POST', '/api/v2/user/reset-password', {
      body: { ...guess, token: link.token },
      address: ATTACKER,
    });
    expect(genuine.status).toBe(200);
  });
});
