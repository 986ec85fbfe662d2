/**
 * Two-step sign-in: the code step of a sign-in, enrolment and turning it off for the
 * signed-in user, and the project's security settings (the rules are in mfa.ts).
 */
import { Bodies } from '../../../src/core/api/contract.ts';
import { managedProject, memberProject } from '../access.ts';
import { nowIso } from '../db.ts';
import { ApiError, failure, invalid, readBody, type App, type Deps, type UserRow } from '../http.ts';
import { guard, rememberedDevice } from '../limits.ts';
import {
  consumeChallenge,
  disableMfa,
  liveChallenge,
  matchingStep,
  MFA_CODES,
  newRecoveryCodes,
  newSecret,
  recoveryCodesLeft,
  requiresMfaForEvacuate,
  useCode,
} from '../mfa.ts';
import { text } from '../messages.ts';
import { verifyPassword } from '../security.ts';
import { userView } from '../views.ts';
import { signIn } from './auth.ts';
import { logTwoStepRequired } from '../activity-events.ts';

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
      const strangers = guard(deps.limiter, 'mfa', c, undefined);
      strangers.check();
      strangers.fail();
      throw new ApiError(422, [{ field: 'challenge', text: text('mfa.challengeInvalid'), code: MFA_CODES.challengeInvalid }]);
    }
    const { user } = found;
    // Wrong codes are limited like passwords: per account and client, and per address.
    const attempts = guard(deps.limiter, 'mfa', c, user.email, rememberedDevice(c, deps.jwtSecret, user.uuid));
    attempts.check();
    if (!useCode(db, user, body.code)) {
      attempts.fail();
      throw codeInvalid();
    }
    // Single use, even when two requests carry the same challenge and a good code each.
    if (!consumeChallenge(db, found.id))
      throw new ApiError(422, [{ field: 'challenge', text: text('mfa.challengeInvalid'), code: MFA_CODES.challengeInvalid }]);
    attempts.succeed();
    return c.json({ data: signIn(c, deps, user, body.device_name ?? found.device_name ?? undefined) });
  });

  /** A new secret, pending until `enable` confirms it with a first code. */
  app.post('/api/v2/user/mfa/setup', (c) => {
    const user = c.get('user');
    if (user.mfa_enabled_at) throw failure(409, text('mfa.alreadyOn'));
    const pending = newSecret(user.email);
    db.run('UPDATE users SET mfa_pending_secret = ? WHERE id = ?', pending.secret, user.id);
    return c.json({ data: pending });
  });

  /** Turns two-step sign-in on with a first code of the pending secret; answers the recovery codes, once. */
  app.post('/api/v2/user/mfa/enable', async (c) => {
    const user = c.get('user');
    const body = await readBody(c, Bodies.mfaEnable);
    if (user.mfa_enabled_at) throw failure(409, text('mfa.alreadyOn'));
    const pending = db.get<{ s: string | null }>('SELECT mfa_pending_secret AS s FROM users WHERE id = ?', user.id)?.s;
    if (!pending) throw failure(409, text('mfa.noSetup'));
    const attempts = guard(deps.limiter, 'mfa-enable', c, user.email);
    attempts.check();
    const step = matchingStep(pending, body.code.replace(/\s/g, ''));
    if (step === undefined) {
      attempts.fail();
      throw codeInvalid();
    }
    attempts.succeed();
    const codes = db.transaction(() => {
      db.run(
        'UPDATE users SET mfa_secret = ?, mfa_pending_secret = NULL, mfa_enabled_at = ?, mfa_last_step = ? WHERE id = ?',
        pending,
        nowIso(),
        step,
        user.id,
      );
      return newRecoveryCodes(db, user.id);
    });
    return c.json({ data: { recovery_codes: codes, user: userView(reload(user.id)) } });
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
    const attempts = guard(deps.limiter, 'mfa-disable', c, user.email);
    attempts.check();
    const proven = body.code
      ? useCode(db, user, body.code)
      : body.password
        ? await verifyPassword(body.password, user.password_hash)
        : false;
    if (!proven) {
      attempts.fail();
      if (body.code) throw codeInvalid();
      throw invalid('password', text('mfa.passwordInvalid'));
    }
    attempts.succeed();
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
    const before = requiresMfaForEvacuate(db, project.uuid);
    db.run('UPDATE projects SET require_mfa_for_evacuate = ? WHERE uuid = ?', body.require_mfa_for_evacuate ? 1 : 0, project.uuid);
    logTwoStepRequired(db, c.get('user'), project, before, body.require_mfa_for_evacuate);
    return c.json({ data: { require_mfa_for_evacuate: requiresMfaForEvacuate(db, project.uuid) } });
  });
}
