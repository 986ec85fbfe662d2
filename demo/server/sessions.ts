/**
 * Sessions (bearer tokens) and how they end. A token records how it was obtained: the
 * password alone, or the password and then a second step (a TOTP or recovery code). Rules
 * that need two-step sign-in (docs/security.md) ask the session, never the account: an
 * account that turned two-step on does not make a token obtained without it any stronger.
 *
 * Every way a session ends goes through {@link endSessions}, so whatever hangs off a
 * session (its live event streams, and anything added later) ends with it.
 */
import type { Db } from './db.ts';
import type { EventHub } from './events.ts';

/** How a token was obtained. */
export type ObtainedWith = 'password' | 'password+second_step';
export const PASSWORD_ONLY: ObtainedWith = 'password';
export const WITH_SECOND_STEP: ObtainedWith = 'password+second_step';

/** The session a request signs in with (set by the authentication middleware). */
export type Session = { tokenId: number; tokenHash: string; obtainedWith: ObtainedWith };

/** Whether the session was obtained with the password and then a second step. */
export const hasSecondStep = (session: Pick<Session, 'obtainedWith'> | undefined): boolean => session?.obtainedWith === WITH_SECOND_STEP;

/** Which of a user's sessions end: all, all but one (`except`: token hash), one (`only`), or the dead ones (`expired`). */
export type Which = { all: true } | { except: string } | { only: string } | { expired: { now: string; idleSince: string } };

/**
 * Ends sessions of `userId`: deletes their tokens and closes what was opened with them
 * (their event streams). Answers how many ended. The one place a session ends: sign-out,
 * a password reset, turning two-step on, pruning dead tokens at a sign-in.
 */
export function endSessions(deps: { db: Db; events: EventHub }, userId: number, which: Which): number {
  const { db, events } = deps;
  const rows = db.all<{ id: number; token_hash: string; expires_at: string; last_used_at: string | null; created_at: string }>(
    'SELECT id, token_hash, expires_at, last_used_at, created_at FROM tokens WHERE user_id = ?',
    userId,
  );
  const ending = rows.filter((r) =>
    'all' in which
      ? true
      : 'except' in which
        ? r.token_hash !== which.except
        : 'only' in which
          ? r.token_hash === which.only
          : r.expires_at <= which.expired.now || (r.last_used_at ?? r.created_at) <= which.expired.idleSince,
  );
  if (!ending.length) return 0;
  db.transaction(() => {
    for (const r of ending) db.run('DELETE FROM tokens WHERE id = ?', r.id);
  });
  for (const r of ending) events.closeToken(r.token_hash);
  return ending.length;
}
