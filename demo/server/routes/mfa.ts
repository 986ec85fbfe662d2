/**
 * Two-step sign-in: the code step of a sign-in, enrolment and turning it off for the
 * signed-in user, and the project's security settings (the rules are in mfa.ts).
 */
import { Bodies } from '../../../src/core/api/contract.ts';
import { managedProject, memberProject } from '../access.ts';
import { nowIso } from '../db.ts';
import { ApiError, failure, invalid, readBody, type App, type Ctx, type Deps, type UserRow } from '../http.ts';
import { guard, rememberedDevice } from '../limits.ts';
import {
  consumeChallenge,
  disableMfa,
  liveChallenge,
  matchingStep,
  MFA_CODES,
  newRecoveryCodes,
  requireSecondStepWhereRequired,
  newSecret,
  recoveryCodesLeft,
  requiresMfaForEvacuate,
  useCode,
} from '../mfa.ts';
import { text } from '../messages.ts';
import { verifyPassword } from '../security.ts';
import { endSessions, PASSWORD_ONLY, WITH_SECOND_STEP } from '../sessions.ts';
import { userView } from '../views.ts';
import { attemptOrRecord, signIn } from './auth.ts';
import { recordAttempt } from '../sign-in-attempts.ts';
import { logTwoStepRequired } from '../activity-events.ts';

/** How long a set-up secret waits for its first code, in the session that set it up. */
export const SETUP_TTL_MS = 15 * 60 * 1000;

const codeInvalid = (): ApiError => new ApiError(422, [{ field: 'code', text: text('mfa.codeInvalid'), code: MFA_CODES.codeInvalid }]);

export function mfaRoutes(app: App, deps: Deps): void {
  const { db } = deps;
  const reload = (id: number) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', id)!;

  /** The second step of a sign-in: answers the token exactly like a sign-in without it. */
  app.post('/api/v2/user/login/mfa', async (c) => {
    const body = await readBody(c, Bodies.loginMfa);
    const found = liveChallenge(db, body.challenge);
    if (!found) {
      // Guessing challenges counts against the address like any failure.
      guard(deps.limiter, 'mfa', c, undefined).attempt();
      throw new ApiError(422, [{ field: 'challenge', text: text('mfa.challengeInvalid'), code: MFA_CODES.challengeInvalid }]);
    }
    const { user } = found;
    // Wrong codes are limited like passwords: per account and client, and per address.
    const attempts = guard(deps.limiter, 'mfa', c, user.email, rememberedDevice(c, deps.jwtSecret, user.uuid));
    attemptOrRecord(db, c, user.id, attempts);
    if (!useCode(db, user, body.code)) {
      recordAttempt(db, c, user.id, 'second_step_failed');
      throw codeInvalid();
    }
    // Single use, even when two requests carry the same challenge and a good code each.
    if (!consumeChallenge(db, found.id))
      throw new ApiError(422, [{ field: 'challenge', text: text('mfa.challengeInvalid'), code: MFA_CODES.challengeInvalid }]);
    attempts.succeed();
    recordAttempt(db, c, user.id, 'success');
    return c.json({ data: signIn(c, deps, user, body.device_name ?? found.device_name ?? undefined, WITH_SECOND_STEP) });
  });

  /**
   * The password again, for a change to the signed-in user's own two-step sign-in: a
   * session alone (a token left on a shared computer, or stolen) must not be enough.
   * Counted before it is judged, per account and client, like a sign-in.
   */
  const provePassword = async (c: Ctx, password: string): Promise<void> => {
    const user = c.get('user');
    const attempts = guard(deps.limiter, 'reauth', c, user.email);
    attempts.attempt();
    if (!(await verifyPassword(password, user.password_hash))) throw invalid('password', text('mfa.passwordInvalid'));
    attempts.succeed();
  };

  /**
   * A new secret, pending until `enable` confirms it with a first code. Needs the password;
   * the secret is bound to this session and waits {@link SETUP_TTL_MS} for its code.
   */
  app.post('/api/v2/user/mfa/setup', async (c) => {
    const user = c.get('user');
    const body = await readBody(c, Bodies.mfaSetup);
    if (user.mfa_enabled_at) throw failure(409, text('mfa.alreadyOn'));
    await provePassword(c, body.password);
    const pending = newSecret(user.email);
    db.run(
      'UPDATE users SET mfa_pending_secret = ?, mfa_pending_token_id = ?, mfa_pending_at = ? WHERE id = ?',
      pending.secret,
      c.get('session').tokenId,
      nowIso(),
      user.id,
    );
    return c.json({ data: pending });
  });

  /**
   * Turns two-step sign-in on with a first code of the secret this session set up (with
   * the password) in the last {@link SETUP_TTL_MS}; answers the recovery codes, once. Every
   * session of the account ends, this one too, and this device gets a fresh token in
   * `user.token`. That token counts as the password alone: a code of a secret minutes old,
   * chosen by whoever held the session, proves no second factor. Where a project requires
   * two-step sign-in, the person signs in again with a code.
   */
  app.post('/api/v2/user/mfa/enable', async (c) => {
    const user = c.get('user');
    const body = await readBody(c, Bodies.mfaEnable);
    if (user.mfa_enabled_at) throw failure(409, text('mfa.alreadyOn'));
    const row = db.get<{ s: string | null; token: number | null; at: string | null }>(
      'SELECT mfa_pending_secret AS s, mfa_pending_token_id AS token, mfa_pending_at AS at FROM users WHERE id = ?',
      user.id,
    );
    const pending =
      row?.s && row.token === c.get('session').tokenId && row.at && Date.parse(row.at) > Date.now() - SETUP_TTL_MS ? row.s : undefined;
    if (!pending) throw failure(409, text('mfa.noSetup'));
    const attempts = guard(deps.limiter, 'mfa-enable', c, user.email);
    attempts.attempt();
    const step = matchingStep(pending, body.code.replace(/\s/g, ''));
    if (step === undefined) throw codeInvalid();
    attempts.succeed();
    const { codes, fresh } = db.transaction(() => {
      db.run(
        `UPDATE users SET mfa_secret = ?, mfa_pending_secret = NULL, mfa_pending_token_id = NULL, mfa_pending_at = NULL,
         mfa_enabled_at = ?, mfa_last_step = ? WHERE id = ?`,
        pending,
        nowIso(),
        step,
        user.id,
      );
      const codes = newRecoveryCodes(db, user.id);
      // Whoever else holds a session of the account (a stolen token included) is out.
      endSessions(deps, user.id, { all: true });
      const device = db.get<{ d: string | null }>('SELECT device_name AS d FROM tokens WHERE id = ?', c.get('session').tokenId)?.d;
      return { codes, fresh: signIn(c, deps, reload(user.id), device ?? undefined, PASSWORD_ONLY) };
    });
    return c.json({ data: { recovery_codes: codes, user: fresh } });
  });

  /** The state of the user's two-step sign-in (how many recovery codes are left). */
  app.get('/api/v2/user/mfa', (c) => {
    const user = c.get('user');
    return c.json({
      data: {
        enabled: Boolean(user.mfa_enabled_at),
        enabled_at: user.mfa_enabled_at ?? null,
        recovery_codes_left: user.mfa_enabled_at ? recoveryCodesLeft(db, user.id) : 0,
      },
    });
  });

  /** Turns two-step sign-in off: needs the password or a current code. */
  app.delete('/api/v2/user/mfa', async (c) => {
    const user = c.get('user');
    const body = await readBody(c, Bodies.mfaDisable);
    if (!user.mfa_enabled_at) return c.json({ data: userView(user) });
    if (body.code) {
      const attempts = guard(deps.limiter, 'mfa-disable', c, user.email);
      attempts.attempt();
      if (!useCode(db, user, body.code)) throw codeInvalid();
      attempts.succeed();
    } else if (body.password) await provePassword(c, body.password);
    else throw invalid('password', text('mfa.passwordInvalid'));
    disableMfa(db, user.id);
    return c.json({ data: userView(reload(user.id)) });
  });

  /** A project's security settings: every member reads them, managers change them. */
  app.get('/api/v2/projects/:uuid/security', (c) => {
    const { project } = memberProject(db, c.get('user'), c.req.param('uuid'));
    return c.json({ data: { require_mfa_for_evacuate: requiresMfaForEvacuate(db, project.uuid) } });
  });

  app.patch('/api/v2/projects/:uuid/security', async (c) => {
    const project = managedProject(db, c.get('user'), c.req.param('uuid'));
    const body = await readBody(c, Bodies.projectSecurity);
    // While the project requires two-step sign-in, only a session that went through it
    // changes the setting: a password alone must not switch the requirement off.
    requireSecondStepWhereRequired(db, c.get('session'), project.uuid);
    const before = requiresMfaForEvacuate(db, project.uuid);
    db.run('UPDATE projects SET require_mfa_for_evacuate = ? WHERE uuid = ?', body.require_mfa_for_evacuate ? 1 : 0, project.uuid);
    logTwoStepRequired(db, c.get('user'), project, before, body.require_mfa_for_evacuate);
    return c.json({ data: { require_mfa_for_evacuate: requiresMfaForEvacuate(db, project.uuid) } });
  });
}
