/** Sign-in, the current user, password reset, terms, locale, the JWT, ping and public user names. */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { Bodies, type User } from '../../../src/core/api/contract.ts';
import { READABLE_PROJECTS } from '../access.ts';
import { nowIso, type Db } from '../db.ts';
import {
  ApiError,
  failure,
  invalid,
  notFound,
  readBody,
  readJson,
  say,
  type App,
  type AppEnv,
  type Ctx,
  type Deps,
  type UserRow,
} from '../http.ts';
import { guard, rememberDevice, rememberedDevice, TooManyAttempts } from '../limits.ts';
import { text } from '../messages.ts';
import { startChallenge } from '../mfa.ts';
import { joinProjects } from '../invitations.ts';
import { hashPassword, randomToken, sha256, signJwt, verifyPassword } from '../security.ts';
import { endSessions, PASSWORD_ONLY, type ObtainedWith } from '../sessions.ts';
import { origin, recordAttempt } from '../sign-in-attempts.ts';
import { validate } from '../validation.ts';
import { userView } from '../views.ts';

const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;

/** Calls that work without a bearer token. */
const PUBLIC_PATHS = [
  /^\/api\/ping\/?$/,
  /^\/api\/v2\/user\/(?:login|login\/mfa|forgot-password|reset-password)\/?$/,
  /^\/api\/v2\/invitations\/[^/]+(?:\/accept)?\/?$/,
  /^\/api\/public\/v1\/demo-live-views\//,
];

/** What a signed-in user who has not accepted the terms may call (besides the public calls). */
const BEFORE_TERMS = [
  { method: 'GET', path: /^\/api\/v2\/user\/?$/ },
  { method: 'HEAD', path: /^\/api\/v2\/user\/?$/ },
  { method: 'PUT', path: /^\/api\/v2\/user\/(?:terms|locale)\/?$/ },
  { method: 'POST', path: /^\/api\/v2\/user\/logout\/?$/ },
];

/** Counts the attempt (limits.ts); one held back writes a `locked` attempt on the account, if there is one. */
export function attemptOrRecord(db: Db, c: Ctx, userId: number | undefined, attempts: { attempt(): void }): void {
  try {
    attempts.attempt();
  } catch (e) {
    if (userId !== undefined && e instanceof TooManyAttempts) recordAttempt(db, c, userId, 'locked');
    throw e;
  }
}

/** Last-use times are written at most once a minute per token (a tenth of the idle time when that is shorter). */
const touchEvery = (idleMs: number): number => Math.min(60 * 1000, idleMs / 10);

const bearer = (c: Ctx): string | undefined =>
  /^Bearer\s+([0-9a-f]{64})\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1]?.toLowerCase();

/** The SHA-256 of the request's bearer token (what the database keeps), if it carries one. */
export const bearerHash = (c: Ctx): string | undefined => {
  const token = bearer(c);
  return token && sha256(token);
};

/**
 * The user a token (its SHA-256) signs in, with the token's id and last use; undefined when
 * the token is unknown, revoked, past its lifetime, or idle longer than `tokenIdleMs`.
 */
export function sessionOf(
  deps: Pick<Deps, 'db' | 'tokenIdleMs'>,
  tokenHash: string,
): (UserRow & { token_id: number; last_used_at: string | null; obtained_with: ObtainedWith }) | undefined {
  return deps.db.get<UserRow & { token_id: number; last_used_at: string | null; obtained_with: ObtainedWith }>(
    `SELECT users.*, tokens.id AS token_id, tokens.last_used_at, tokens.obtained_with FROM tokens JOIN users ON users.id = tokens.user_id
     WHERE tokens.token_hash = ? AND tokens.expires_at > ? AND COALESCE(tokens.last_used_at, tokens.created_at) > ?`,
    tokenHash,
    nowIso(),
    nowIso(-deps.tokenIdleMs),
  );
}

/**
 * Resolves the bearer token to a user, or answers 401 (unknown, revoked, past its
 * lifetime, or idle longer than `tokenIdleMs`). Until the terms are accepted everything but
 * {@link BEFORE_TERMS} is a 403.
 */
export function authenticate(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || PUBLIC_PATHS.some((p) => p.test(c.req.path))) return next();
    // Signed in before: a device's push action token, on the one call it allows (push.ts).
    if (c.get('user')) return next();
    const hash = bearerHash(c);
    const now = Date.now();
    const row = hash && sessionOf(deps, hash);
    if (!row) throw failure(401, text('errors.unauthenticated'));
    const { token_id: tokenId, last_used_at: lastUsed, obtained_with: obtainedWith, ...user } = row;
    if (!lastUsed || Date.parse(lastUsed) < now - touchEvery(deps.tokenIdleMs))
      deps.db.run('UPDATE tokens SET last_used_at = ? WHERE id = ?', nowIso(), tokenId);
    c.set('user', user);
    c.set('session', { tokenId, tokenHash: hash, obtainedWith });
    if (!user.terms_accepted && !BEFORE_TERMS.some((r) => r.method === c.req.method && r.path.test(c.req.path))) {
      throw failure(403, text('errors.termsNotAccepted'));
    }
    await next();
  };
}

/**
 * Issues a token for `user` (the end of a sign-in: the password, or the password and then
 * the two-step code, as `obtainedWith` records), remembers the device, and answers the
 * user with the token.
 */
export function signIn(
  c: Ctx,
  deps: Deps,
  user: UserRow,
  deviceName: string | undefined,
  obtainedWith: ObtainedWith = PASSWORD_ONLY,
): User {
  const { db } = deps;
  rememberDevice(c, deps, user.uuid);
  const token = randomToken();
  endSessions(deps, user.id, { expired: { now: nowIso(), idleSince: nowIso(-deps.tokenIdleMs) } });
  // Where it was signed in from, for the owner's list of sessions (routes/sessions.ts).
  const { address, browser } = origin(c);
  db.run(
    `INSERT INTO tokens (uuid, user_id, token_hash, device_name, browser, address, created_at, expires_at, last_used_at, obtained_with)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    randomUUID(),
    user.id,
    sha256(token),
    deviceName?.slice(0, 200) ?? null,
    browser,
    address,
    nowIso(),
    nowIso(TOKEN_TTL_MS),
    nowIso(),
    obtainedWith,
  );
  db.run('UPDATE users SET last_sign_in_at = ? WHERE id = ?', nowIso(), user.id);
  // Whoever signs in has come in: the projects that invited them count them as members.
  joinProjects(db, user.id);
  return userView(user, token);
}

export function authRoutes(app: App, deps: Deps): void {
  const { db } = deps;
  const reload = (id: number) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', id)!;

  app.on(['GET', 'HEAD'], '/api/ping', (c) => c.body(null, 204));

  app.post('/api/v2/user/login', async (c) => {
    const body = await readBody(c, Bodies.login);
    const user = db.get<UserRow>('SELECT * FROM users WHERE email = ?', body.email);
    // Failures count per account and client: a device that signed in to this account
    // before is its own client, whatever its address (limits.ts).
    // The attempt counts before the password is checked (limits.ts): parallel guesses meet
    // the same limits as guesses one after another.
    const attempts = guard(deps.limiter, 'login', c, body.email, rememberedDevice(c, deps.jwtSecret, user?.uuid));
    // Every attempt on an existing account is written for its owner to see (sign-in-attempts.ts).
    attemptOrRecord(db, c, user?.id, attempts);
    const ok = await verifyPassword(body.password, user?.password_hash);
    if (user && !ok) recordAttempt(db, c, user.id, 'wrong_password');
    if (!user || !ok) throw invalid('email', text('auth.credentials'));
    attempts.succeed();
    // Two-step sign-in on: the password alone gives no token, only a challenge for the code
    // (the code step writes the attempt's result).
    if (user.mfa_enabled_at) return c.json({ data: startChallenge(db, user, body.device_name) });
    recordAttempt(db, c, user.id, 'success');
    return c.json({ data: signIn(c, deps, user, body.device_name) });
  });

  /** Revokes the token of this request (sign-out); other sessions stay. */
  app.post('/api/v2/user/logout', (c) => {
    endSessions(deps, c.get('user').id, { only: c.get('session').tokenHash });
    return c.body(null, 204);
  });

  app.get('/api/v2/user', (c) => c.json({ data: userView(c.get('user')) }));

  app.post('/api/v2/user/forgot-password', async (c) => {
    const body = await readBody(c, Bodies.forgotPassword);
    // Every request counts (known address or not), so mail cannot be sent in bulk; per
    // account and address, so a stranger's requests never stop the owner's.
    guard(deps.limiter, 'forgot', c, body.email).attempt();
    const user = db.get<UserRow>('SELECT * FROM users WHERE email = ?', body.email);
    if (user) {
      const token = randomToken();
      db.transaction(() => {
        // Every unexpired link keeps working until one is used: a stranger asking for links
        // for this account must not kill the one the owner is about to click.
        db.run('DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL AND expires_at <= ?', user.id, nowIso());
        db.run(
          'INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)',
          user.id,
          sha256(token),
          nowIso(),
          nowIso(RESET_TTL_MS),
        );
      });
      const url = `${deps.publicUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
      deps.state.lastResetLink = { email: user.email, token, url };
      deps.log(`Password reset link for ${user.email}: ${url}`);
    }
    // The same answer whether or not the address is known.
    return c.json({ data: { message: say(c, text('auth.resetLinkSent')) } });
  });

  app.post('/api/v2/user/reset-password', async (c) => {
    const body = (await readJson(c)) ?? {};
    const result = validate(Bodies.resetPassword, body);
    const errors = result.ok ? [] : [...result.errors];
    const { token, email } = body as { token?: unknown; email?: unknown };
    let reset: { id: number; user_id: number } | undefined;
    if (typeof token === 'string' && token && typeof email === 'string') {
      reset = db.get<{ id: number; user_id: number }>(
        `SELECT password_resets.id, password_resets.user_id FROM password_resets JOIN users ON users.id = password_resets.user_id
         WHERE password_resets.token_hash = ? AND users.email = ? AND password_resets.used_at IS NULL AND password_resets.expires_at > ?`,
        sha256(token),
        email.trim(),
        nowIso(),
      );
    }
    // A valid link is itself the proof: it is never held back, whatever strangers tried.
    // Only guesses (no such link for this e-mail) are limited.
    if (!reset) {
      guard(deps.limiter, 'reset', c, typeof email === 'string' ? email : undefined).attempt();
      if (!errors.some((e) => e.field === 'token')) errors.unshift({ field: 'token', text: text('auth.resetTokenInvalid') });
    }
    if (errors.length || !result.ok || !reset) throw new ApiError(422, errors);
    const hash = hashPassword(result.value.password);
    const userId = reset.user_id;
    // A new password ends everything the old one opened: every session, every two-step
    // challenge between a password and a code, and a two-step setup waiting for its code.
    db.transaction(() => {
      db.run(
        // An invited account that chose its password this way has one of its own now.
        'UPDATE users SET password_hash = ?, invited_at = NULL, mfa_pending_secret = NULL, mfa_pending_token_id = NULL, mfa_pending_at = NULL WHERE id = ?',
        hash,
        userId,
      );
      db.run('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL', nowIso(), userId);
      db.run('DELETE FROM mfa_challenges WHERE user_id = ?', userId);
      endSessions(deps, userId, { all: true });
    });
    return c.json({ data: { message: say(c, text('auth.passwordReset')) } });
  });

  app.put('/api/v2/user/terms', async (c) => {
    const body = await readBody(c, Bodies.terms);
    const user = c.get('user');
    // Accepting again keeps the first time; withdrawing forgets it.
    if (body.terms_accepted_web_portal)
      db.run('UPDATE users SET terms_accepted = 1, terms_accepted_at = coalesce(terms_accepted_at, ?) WHERE id = ?', nowIso(), user.id);
    else db.run('UPDATE users SET terms_accepted = 0, terms_accepted_at = NULL WHERE id = ?', user.id);
    return c.json({ data: userView(reload(user.id)) });
  });

  app.put('/api/v2/user/locale', async (c) => {
    const body = await readBody(c, Bodies.locale);
    const user = c.get('user');
    db.run('UPDATE users SET locale = ? WHERE id = ?', body.locale, user.id);
    return c.json({ data: userView(reload(user.id)) });
  });

  app.get('/auth/jwt', (c) => {
    const user = c.get('user');
    const iat = Math.floor(Date.now() / 1000);
    const token = signJwt(
      { iss: deps.publicUrl, sub: user.uuid, username: user.username, name: user.name, iat, exp: iat + 3600 },
      deps.jwtSecret,
    );
    return c.json({ data: { token } });
  });

  /**
   * A user's name, as the caller can know it: their own for themselves; else the name a
   * project shared with the caller knows the person by (its membership name); else, for
   * whoever handled an incident in one of the caller's projects and is no member there
   * any more, the username. Never the account's own name chosen elsewhere.
   */
  app.get('/api/users/:username', (c) => {
    const me = c.get('user');
    const found = db.get<{ username: string; name: string | null }>(
      `SELECT u.username, CASE WHEN u.id = ? THEN u.name ELSE (
         SELECT COALESCE(m.name, u.name) FROM memberships m
         WHERE m.user_id = u.id AND m.project_uuid IN ${READABLE_PROJECTS} ORDER BY m.project_uuid LIMIT 1) END AS name
       FROM users u WHERE u.username = ? AND (
         u.id = ?
         OR EXISTS (SELECT 1 FROM memberships b WHERE b.user_id = u.id AND b.project_uuid IN ${READABLE_PROJECTS})
         OR EXISTS (SELECT 1 FROM incidents i WHERE i.handled_by = u.username AND i.project_uuid IN ${READABLE_PROJECTS}))`,
      me.id,
      me.id,
      c.req.param('username'),
      me.id,
      me.id,
      me.id,
    );
    if (!found) throw notFound('user');
    return c.json({ data: { username: found.username, name: found.name ?? found.username } });
  });
}
