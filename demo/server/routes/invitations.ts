/**
 * An invitation's link, as its person opens it (docs/invitations.md): who and which project,
 * and accepting it. Both calls work without a token (the link is the proof) and answer 404
 * for a token that is unknown or was voided (sent again, cancelled), 410 for one that
 * expired or was used.
 */
import * as v from 'valibot';
import { Bodies, PASSWORD } from '../../../src/core/api/contract.ts';
import { nowIso } from '../db.ts';
import { ApiError, failure, invalid, notFound, readBody, type App, type Deps, type UserRow } from '../http.ts';
import { invitationByToken, type OpenInvitation } from '../invitations.ts';
import { guard } from '../limits.ts';
import { text } from '../messages.ts';
import { startChallenge } from '../mfa.ts';
import { hashPassword, verifyPassword } from '../security.ts';
import { validate } from '../validation.ts';
import { signIn } from './auth.ts';

const NewPassword = v.object({ password: PASSWORD });

export function invitationRoutes(app: App, deps: Deps): void {
  const { db } = deps;

  /** The invitation of a link that can still be accepted, else 404 / 410. */
  const open = (token: string): OpenInvitation => {
    const found = invitationByToken(db, token);
    if (!found) throw notFound('invitation');
    if (found.used_at !== null) throw failure(410, text('invitations.used'), 'invitation_used');
    if (found.expires_at <= nowIso()) throw failure(410, text('invitations.expired'), 'invitation_expired');
    return found;
  };

  app.get('/api/v2/invitations/:token', (c) => {
    const found = open(c.req.param('token'));
    return c.json({
      data: {
        email: found.email,
        name: found.name,
        project: { uuid: found.project_uuid, name: found.project_name },
        expires_at: found.expires_at,
        password_set: found.password_set === 1,
      },
    });
  });

  /**
   * Accepts: a person without a password chooses one (the reset's rule); one who has a
   * password gives it (guesses are limited as a sign-in's). The terms are recorded as
   * accepted, the link is spent, and the person is signed in — or, with two-step sign-in
   * on, gets the challenge for the code, as a sign-in does.
   */
  app.post('/api/v2/invitations/:token/accept', async (c) => {
    const token = c.req.param('token');
    open(token);
    const body = await readBody(c, Bodies.acceptInvitation);
    // Read again after the body: another request may have spent the link meanwhile.
    const found = open(token);
    const user = db.get<UserRow & { invited_at: string | null }>('SELECT * FROM users WHERE id = ?', found.user_id)!;
    if (user.invited_at !== null) {
      const checked = validate(NewPassword, { password: body.password });
      if (!checked.ok) throw new ApiError(422, [...checked.errors]);
    } else {
      const attempts = guard(deps.limiter, 'invitation', c, user.email);
      attempts.attempt();
      if (!(await verifyPassword(body.password, user.password_hash))) throw invalid('password', text('auth.credentials'));
      attempts.succeed();
    }
    db.transaction(() => {
      // Single use, also against a request that raced this one past the checks above.
      const { changes } = db.run('UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL', nowIso(), found.id);
      if (changes !== 1) throw failure(410, text('invitations.used'), 'invitation_used');
      if (user.invited_at !== null) {
        db.run('UPDATE users SET password_hash = ?, invited_at = NULL WHERE id = ?', hashPassword(body.password), user.id);
      }
      db.run('UPDATE users SET terms_accepted = 1, terms_accepted_at = coalesce(terms_accepted_at, ?) WHERE id = ?', nowIso(), user.id);
    });
    const accepted = db.get<UserRow>('SELECT * FROM users WHERE id = ?', user.id)!;
    // Two-step sign-in on: the link and the password give no token, only the code's challenge.
    if (accepted.mfa_enabled_at) return c.json({ data: startChallenge(db, accepted, body.device_name) });
    return c.json({ data: signIn(c, deps, accepted, body.device_name) });
  });
}
