/**
 * The sign-in attempts of each account (docs/security.md#where-youre-signed-in): when,
 * from which address and browser, and how it ended, so the owner can see a stranger's
 * attempts. Only attempts on an existing account are written (an unknown e-mail has no
 * owner to tell). No call changes an entry (the table refuses updates); the oldest fall off
 * past {@link KEPT_PER_ACCOUNT}, so nobody can fill the disk by failing.
 */
import type { SignInAttempt, SignInResult } from '../../src/core/api/contract.ts';
import { nowIso, type Db } from './db.ts';
import type { Ctx } from './http.ts';
import { clientAddress } from './limits.ts';
import { browserName, readableAddress } from './user-agent.ts';

/** How many attempts each account keeps. */
export const KEPT_PER_ACCOUNT = 50;
/** How many the API answers. */
export const SHOWN_ATTEMPTS = 10;

/** Where a request comes from, as sessions and attempts record it. */
export function origin(c: Ctx): { address: string | null; browser: string | null } {
  return { address: readableAddress(clientAddress(c)), browser: browserName(c.req.header('User-Agent')) };
}

/** Writes one attempt on the account `userId`. */
export function recordAttempt(db: Db, c: Ctx, userId: number, result: SignInResult): void {
  const { address, browser } = origin(c);
  db.transaction(() => {
    db.run(
      'INSERT INTO sign_in_attempts (user_id, at, address, browser, result) VALUES (?, ?, ?, ?, ?)',
      userId,
      nowIso(),
      address,
      browser,
      result,
    );
    db.run(
      `DELETE FROM sign_in_attempts WHERE user_id = ? AND id NOT IN
       (SELECT id FROM sign_in_attempts WHERE user_id = ? ORDER BY id DESC LIMIT ${KEPT_PER_ACCOUNT})`,
      userId,
      userId,
    );
  });
}

/** The account's latest attempts, newest first. */
export function recentAttempts(db: Db, userId: number, limit = SHOWN_ATTEMPTS): SignInAttempt[] {
  return db.all<SignInAttempt>(
    'SELECT at, address, browser, result FROM sign_in_attempts WHERE user_id = ? ORDER BY id DESC LIMIT ?',
    userId,
    limit,
  );
}
