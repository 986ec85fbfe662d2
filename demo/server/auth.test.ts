import { beforeAll, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
beforeAll(() => {
  app = testApp();
});

describe('login', () => {
  it('answers the user with a random 256-bit token, storing only its SHA-256', async () => {
    const res = await call(app, 'POST', '/api/v2/user/login?locale=en', {
      body: { email: 'manager@vigil.test', password: 'vigil-demo', device_name: 'test' },
    });
    expect(res.status).toBe(200);
    const user = parse(Answers.login, res.body).data;
    expect(user).toMatchObject({ uuid: USERS.manager, username: 'manager', name: 'Morgan Manager', terms_accepted_web_portal: true });
    expect(user.token).toMatch(/^[0-9a-f]{64}$/);
    const stored = app.deps.db.all<{ token_hash: string; expires_at: string }>('SELECT token_hash, expires_at FROM tokens');
    expect(stored.some((t) => t.token_hash === user.token)).toBe(false);
    const days = (Date.parse(stored.at(-1)!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('matches the e-mail case-insensitively', async () => {
    expect((await call(app, 'POST', '/api/v2/user/login', { body: { email: 'Manager@Vigil.test', password: 'vigil-demo' } })).status).toBe(
      200,
    );
  });

  it('refuses wrong credentials with 422 on the email field', async () => {
    for (const body of [
      { email: 'manager@vigil.test', password: 'wrong-password', device_name: 'x' },
      { email: 'nobody@vigil.test', password: 'vigil-demo', device_name: 'x' },
    ]) {
      const res = await call(app, 'POST', '/api/v2/user/login', { body });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: [{ field: 'email', message: 'These credentials do not match our records.' }] });
    }
  });

  it('validates the body with field errors', async () => {
    const res = await call(app, 'POST', '/api/v2/user/login', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  it('answers malformed JSON with 400 and an errors list', async () => {
    const res = await call(app, 'POST', '/api/v2/user/login', { rawBody: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/JSON/);
  });
});

describe('the bearer token', () => {
  it('is required on /api and /auth', async () => {
    for (const path of ['/api/v2/user', '/api/v2/projects', '/api/v2/incidents', '/auth/jwt', '/api/v2/media/x', '/api/v2/unknown']) {
      const res = await call(app, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ errors: [{ message: 'Unauthenticated.' }] });
    }
    expect((await call(app, 'GET', '/api/v2/user', { token: 'f'.repeat(64) })).status).toBe(401);
    expect((await call(app, 'GET', '/api/v2/user', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('gives the current user without its token', async () => {
    const token = await login(app, 'viewer@vigil.test');
    const res = await call(app, 'GET', '/api/v2/user', { token });
    expect(res.status).toBe(200);
    expect(parse(Answers.user, res.body).data).toMatchObject({ username: 'viewer', name: 'Vic Viewer' });
    expect(res.body.data.token).toBeUndefined();
  });

  it('stops working once expired', async () => {
    const token = await login(app, 'viewer@vigil.test');
    expect((await call(app, 'POST', '/__test/expire-tokens')).status).toBe(200);
    expect((await call(app, 'GET', '/api/v2/user', { token })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers 200 for known and unknown addresses alike, and prints the link for a known one', async () => {
    expect((await call(app, 'GET', '/__test/last-reset-link')).body).toEqual({ data: null });
    const unknown = await call(app, 'POST', '/api/v2/user/forgot-password?locale=en', { body: { email: 'nobody@vigil.test' } });
    const known = await call(app, 'POST', '/api/v2/user/forgot-password?locale=en', { body: { email: 'viewer@vigil.test' } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const link = (await call(app, 'GET', '/__test/last-reset-link')).body;
    expect(link.data).toBe(`http://vigil.test/reset-password/${link.meta.token}?email=viewer%40vigil.test`);
    expect(link.meta.email).toBe('viewer@vigil.test');
    expect(app.logs).toContain(`Password reset link for viewer@vigil.test: ${link.data}`);
  });

  it('validates with field errors, then resets once and signs out every session', async () => {
    const session = await login(app, 'viewer@vigil.test');
    await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'viewer@vigil.test' } });
    const { token } = (await call(app, 'GET', '/__test/last-reset-link')).body.meta;
    const fields = async (body: object) => {
      const res = await call(app, 'POST', '/api/v2/user/reset-password?locale=en', { body });
      expect(res.status).toBe(422);
      return res.body.errors.map((e: { field: string }) => e.field);
    };
    const ok = { token, email: 'viewer@vigil.test', password: 'new-password-1', password_confirmation: 'new-password-1' };
    expect(await fields({ ...ok, password: 'short', password_confirmation: 'short' })).toEqual(['password']);
    expect(await fields({ ...ok, password_confirmation: 'something-else' })).toEqual(['password_confirmation']);
    expect(await fields({ ...ok, token: 'f'.repeat(64) })).toEqual(['token']);
    expect(await fields({ ...ok, email: 'manager@vigil.test' })).toEqual(['token']);

    const res = await call(app, 'POST', '/api/v2/user/reset-password?locale=en', { body: ok });
    expect(res.status).toBe(200);
    expect((await call(app, 'GET', '/api/v2/user', { token: session })).status).toBe(401);
    expect(await fields(ok)).toEqual(['token']); // consumed
    await login(app, 'viewer@vigil.test', 'new-password-1');
    expect((await call(app, 'POST', '/api/v2/user/login', { body: { email: 'viewer@vigil.test', password: 'vigil-demo' } })).status).toBe(
      422,
    );
  });

  it('refuses an expired reset token', async () => {
    await call(app, 'POST', '/api/v2/user/forgot-password', { body: { email: 'manager@vigil.test' } });
    const { token } = (await call(app, 'GET', '/__test/last-reset-link')).body.meta;
    app.deps.db.run("UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z'");
    const res = await call(app, 'POST', '/api/v2/user/reset-password', {
      body: { token, email: 'manager@vigil.test', password: 'another-pass', password_confirmation: 'another-pass' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('token');
  });
});

describe('terms, locale, JWT, ping and user names', () => {
  it('accepts the terms', async () => {
    const token = await login(app, 'new@vigil.test');
    expect((await call(app, 'GET', '/api/v2/user', { token })).body.data.terms_accepted_web_portal).toBe(false);
    const res = await call(app, 'PUT', '/api/v2/user/terms', { token, body: { terms_accepted_web_portal: true } });
    expect(res.status).toBe(200);
    expect(parse(Answers.user, res.body).data.terms_accepted_web_portal).toBe(true);
    expect((await call(app, 'PUT', '/api/v2/user/terms', { token, body: { terms_accepted_web_portal: 'yes' } })).status).toBe(422);
  });

  it('keeps when the terms were first accepted, and forgets it when they are withdrawn', async () => {
    const app = testApp(); // its own: the newcomer above accepted already
    const token = await login(app, 'new@vigil.test');
    const accept = async (value: boolean) =>
      parse(Answers.user, (await call(app, 'PUT', '/api/v2/user/terms', { token, body: { terms_accepted_web_portal: value } })).body).data;
    expect((await call(app, 'GET', '/api/v2/user', { token })).body.data.terms_accepted_at).toBeNull();
    const before = Date.now();
    const first = (await accept(true)).terms_accepted_at!;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    // Accepting again (another tab, another device) keeps the first time.
    app.deps.db.run("UPDATE users SET terms_accepted_at = '2026-01-02T03:04:05.000Z' WHERE email = 'new@vigil.test'");
    expect((await accept(true)).terms_accepted_at).toBe('2026-01-02T03:04:05.000Z');
    expect((await accept(false)).terms_accepted_at).toBeNull();
    // Seeded accounts that accepted did so when they were made.
    const manager = await login(app, 'manager@vigil.test');
    expect((await call(app, 'GET', '/api/v2/user', { token: manager })).body.data.terms_accepted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('saves any of the eight locales and refuses others', async () => {
    const token = await login(app, 'new@vigil.test');
    for (const locale of ['de', 'fr-BE', 'nl-BE', 'es']) {
      const res = await call(app, 'PUT', '/api/v2/user/locale', { token, body: { locale } });
      expect(res.status).toBe(200);
      expect(res.body.data.locale).toBe(locale);
    }
    const bad = await call(app, 'PUT', '/api/v2/user/locale', { token, body: { locale: 'xx' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('locale');
  });

  it('signs a JWT for the user', async () => {
    const token = await login(app, 'new@vigil.test');
    const res = await call(app, 'GET', '/auth/jwt', { token });
    expect(res.status).toBe(200);
    const [, payload] = res.body.data.token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ sub: USERS.newcomer, username: 'newcomer' });
  });

  it('answers ping with 204 to HEAD and GET, without a token', async () => {
    expect((await call(app, 'HEAD', '/api/ping')).status).toBe(204);
    expect((await call(app, 'GET', '/api/ping')).status).toBe(204);
  });

  it('resolves user names the caller can know, and 404 otherwise', async () => {
    const token = await login(app, 'manager@vigil.test');
    const res = await call(app, 'GET', '/api/users/speeters', { token });
    expect(parse(Answers.publicUser, res.body).data).toEqual({ username: 'speeters', name: 'Sofie Peeters' });
    expect((await call(app, 'GET', '/api/users/nobody', { token })).status).toBe(404);
    // Dana only works for Hudson, where the manager is not a member.
    expect((await call(app, 'GET', '/api/users/drivera', { token })).status).toBe(404);
  });
});

describe('CORS', () => {
  // The cross-origin example's origins, allowed here as its script allows them (VIGIL_ALLOWED_ORIGINS).
  const allowing = () => testApp({ allowedOrigins: ['http://localhost:8081', 'http://127.0.0.1:8081'] });

  it('answers a preflight from an allowed origin with the allowed headers and methods', async () => {
    const res = await allowing().request('/api/v2/projects', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8081',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:8081');
    expect(res.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization,Content-Type,Accept-Language,Idempotency-Key,Last-Event-ID',
    );
    expect(res.headers.get('Access-Control-Allow-Methods')).toBe('GET,HEAD,POST,PUT,PATCH,DELETE');
  });

  it('reflects an allowed origin on answers, errors included', async () => {
    const res = await allowing().request('/api/v2/user', { headers: { Origin: 'http://127.0.0.1:8081' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('http://127.0.0.1:8081');
    const i18n = await app.request('/i18n/messages/en.json', { headers: { Origin: 'http://vigil.test' } });
    expect(i18n.headers.get('Access-Control-Allow-Origin')).toBe('http://vigil.test');
  });
});
