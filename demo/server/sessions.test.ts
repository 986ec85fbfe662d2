/** Sessions: the terms gate, sign-out, idle expiry, and the attempt limits of sign-in and password reset. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CAMERAS, DEMO_LIVE_VIEW_UUID, PROJECTS } from './seed-ids.ts';
import { call, login, testApp } from './testing.ts';

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

const wrong = (email: string) => ({ body: { email, password: 'wrong-password' } });

describe('attempt limits', () => {
  it('sign-in: 5 failures per account, then 429 with Retry-After even for the right password', async () => {
    const app = testApp();
    for (let i = 0; i < 5; i++) expect((await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test'))).status).toBe(422);
    const blocked = await call(app, 'POST', '/api/v2/user/login', { body: { email: 'VIEWER@vigil.test', password: 'vigil-demo' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body).toEqual({ errors: [{ message: 'Too many attempts. Try again in 15 minutes.' }] });
    expect(blocked.headers.get('Cache-Control')).toBe('no-store');
    const fr = await call(app, 'POST', '/api/v2/user/login?locale=fr', wrong('viewer@vigil.test'));
    expect(fr.body.errors[0].message).toBe('Trop de tentatives. Réessayez dans 15 minutes.');
    // Other accounts still sign in.
    await login(app, 'manager@vigil.test');
  });

  it('a successful sign-in clears the account counter; the window ends the block', async () => {
    // Only the clock is fake: the window passes without waiting, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = testApp({ limits: { windowMs: 120_000 } });
    for (let i = 0; i < 4; i++) await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test'));
    await login(app, 'viewer@vigil.test');
    for (let i = 0; i < 4; i++) expect((await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test'))).status).toBe(422);
    await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test'));
    const blocked = await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.errors[0].message).toBe('Too many attempts. Try again in 2 minutes.');
    vi.setSystemTime(Date.now() + 61_000);
    const later = await call(app, 'POST', '/api/v2/user/login', wrong('viewer@vigil.test'));
    expect(later.body.errors[0].message).toBe('Too many attempts. Try again in 1 minute.');
    vi.setSystemTime(Date.now() + 60_000);
    await login(app, 'viewer@vigil.test');
  });

  it('sign-in: 20 failures per address, whatever the accounts', async () => {
    const app = testApp();
    for (let i = 0; i < 20; i++) expect((await call(app, 'POST', '/api/v2/user/login', wrong(`nobody${i}@example.test`))).status).toBe(422);
    expect((await call(app, 'POST', '/api/v2/user/login', { body: { email: 'manager@vigil.test', password: 'vigil-demo' } })).status).toBe(
      429,
    );
  });

  it('forgot-password: a new link kills the older ones, and requests are limited', async () => {
    const app = testApp();
    const ask = () => call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'viewer@vigil.test' } });
    await ask();
    const first = app.deps.state.lastResetLink!.token;
    await ask();
    const second = app.deps.state.lastResetLink!.token;
    const reset = (token: string) =>
      call(app, 'POST', '/api/v2/user/reset-password', {
        body: { token, email: 'viewer@vigil.test', password: 'new-password-1', password_confirmation: 'new-password-1' },
      });
    expect((await reset(first)).status).toBe(422);
    expect((await reset(second)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const blocked = await ask();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(app.logs.filter((l) => l.includes('Password reset link for viewer@vigil.test'))).toHaveLength(5);
  });

  it('reset-password: wrong tokens are limited per account', async () => {
    const app = testApp();
    const body = { token: 'f'.repeat(64), email: 'viewer@vigil.test', password: 'new-password-1', password_confirmation: 'new-password-1' };
    for (let i = 0; i < 5; i++) expect((await call(app, 'POST', '/api/v2/user/reset-password', { body })).status).toBe(422);
    expect((await call(app, 'POST', '/api/v2/user/reset-password', { body })).status).toBe(429);
  });
});
