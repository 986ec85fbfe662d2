/**
 * Two-step sign-in (TOTP, RFC 6238) and the projects' requirement of it for evacuations
 * (the rules are in docs/security.md, the calls in docs/product.md).
 *
 * - An account with two-step sign-in on gets, for a correct password, a challenge instead
 *   of a token: random, single use, bound to the account, valid {@link CHALLENGE_TTL_MS}.
 * - The code is a 6-digit TOTP (SHA-1, 30 s, one step either side accepted) or one of the
 *   account's recovery codes (each works once). A time step once used is never accepted
 *   again for the account (replay), nor any step before it.
 * - The demo keeps the secrets in the database as they are; a production API encrypts them
 *   with a key kept outside the database.
 *
 * TOTP itself comes from `otpauth` (small, dependency-free, well kept): hand-written HMAC
 * and base32 code is where such features break.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { nowIso, type Db } from './db.ts';
import { failure, type UserRow } from './http.ts';
import { text } from './messages.ts';
import { randomToken, sha256 } from './security.ts';
import { hasSecondStep, type Session } from './sessions.ts';

/** How long a challenge between the password and the code lives. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** How many recovery codes enabling gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The name the authenticator app shows for the account. */
const ISSUER = 'Vigil';

/** Error codes a client can act on. */
export const MFA_CODES = {
  /** The challenge is unknown, used or expired: sign in again with the password. */
  challengeInvalid: 'mfa_challenge_invalid',
  /** The code is not a current TOTP nor an unused recovery code of the account. */
  codeInvalid: 'mfa_code_invalid',
  /** The project requires two-step sign-in of whoever starts or aborts an evacuation. */
  requiredForEvacuate: 'mfa_required_for_evacuate',
  /** The account has two-step sign-in, but this session came from the password alone: sign in again with a code. */
  sessionRequired: 'mfa_session_required',
} as const;

const totpOf = (secret: string, label: string): TOTP =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, base32) and the otpauth:// URI an authenticator app reads. */
export function newSecret(label: string): { secret: string; otpauth_uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauth_uri: totpOf(secret, label).toString() };
}

/** The time step `token` matches for `secret` now (±1 step), or undefined. */
export function matchingStep(secret: string, token: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

/** A recovery code as typed: lower case, without spaces or dashes. */
const normalRecovery = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh recovery codes (`xxxxx-xxxxx`, 50 bits each) for `userId`, stored hashed; the codes are returned once. */
export function newRecoveryCodes(db: Db, userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  db.run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', userId);
  for (const code of codes)
    db.run('INSERT INTO mfa_recovery_codes (user_id, code_hash) VALUES (?, ?)', userId, sha256(normalRecovery(code)));
  return codes;
}

/**
 * Whether `code` proves the second factor of `user` (whose two-step sign-in is on): a
 * TOTP of a step newer than the last one used (which it then becomes), or an unused
 * recovery code (which is then used up). Atomic, so two requests cannot share a code.
 */
export function useCode(db: Db, user: Pick<UserRow, 'id'>, code: string): boolean {
  return db.transaction(() => {
    const row = db.get<{ mfa_secret: string | null; mfa_last_step: number | null }>(
      'SELECT mfa_secret, mfa_last_step FROM users WHERE id = ?',
      user.id,
    );
    if (!row?.mfa_secret) return false;
    const typed = code.trim().replace(/\s/g, '');
    const step = matchingStep(row.mfa_secret, typed);
    if (step !== undefined) {
      if (row.mfa_last_step !== null && step <= row.mfa_last_step) return false; // replay
      db.run('UPDATE users SET mfa_last_step = ? WHERE id = ?', step, user.id);
      return true;
    }
    const normal = normalRecovery(typed);
    if (normal.length !== 10) return false;
    return (
      db.run(
        'UPDATE mfa_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
        nowIso(),
        user.id,
        sha256(normal),
      ).changes === 1
    );
  });
}

/** Unused recovery codes of a user. */
export function recoveryCodesLeft(db: Db, userId: number): number {
  return db.get<{ n: number }>('SELECT COUNT(*) AS n FROM mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL', userId)!.n;
}

/** After a correct password for an account with two-step sign-in: a challenge for the code. */
export function startChallenge(db: Db, user: UserRow, deviceName: string | undefined): { mfa_required: true; challenge: string } {
  const challenge = randomToken();
  db.transaction(() => {
    db.run('DELETE FROM mfa_challenges WHERE expires_at <= ? OR used_at IS NOT NULL', nowIso());
    db.run(
      'INSERT INTO mfa_challenges (user_id, challenge_hash, device_name, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      user.id,
      sha256(challenge),
      deviceName?.slice(0, 200) ?? null,
      nowIso(),
      nowIso(CHALLENGE_TTL_MS),
    );
  });
  return { mfa_required: true, challenge };
}

/** The live (unused, unexpired) challenge and its account, or undefined. */
export function liveChallenge(db: Db, challenge: string): { id: number; user: UserRow; device_name: string | null } | undefined {
  const row = db.get<{ id: number; user_id: number; device_name: string | null }>(
    'SELECT id, user_id, device_name FROM mfa_challenges WHERE challenge_hash = ? AND used_at IS NULL AND expires_at > ?',
    sha256(challenge),
    nowIso(),
  );
  const user = row && db.get<UserRow>('SELECT * FROM users WHERE id = ?', row.user_id);
  return row && user?.mfa_enabled_at ? { id: row.id, user, device_name: row.device_name } : undefined;
}

/** Marks a challenge used; false when another request used it first. */
export function consumeChallenge(db: Db, id: number): boolean {
  return db.run('UPDATE mfa_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL', nowIso(), id).changes === 1;
}

/** Turns two-step sign-in off for a user: secret, recovery codes and open challenges go. */
export function disableMfa(db: Db, userId: number): void {
  db.transaction(() => {
    db.run(
      `UPDATE users SET mfa_secret = NULL, mfa_pending_secret = NULL, mfa_pending_token_id = NULL, mfa_pending_at = NULL,
       mfa_enabled_at = NULL, mfa_last_step = NULL WHERE id = ?`,
      userId,
    );
    db.run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', userId);
    db.run('DELETE FROM mfa_challenges WHERE user_id = ?', userId);
  });
}

/** Whether the project requires two-step sign-in of whoever starts or aborts an evacuation. */
export function requiresMfaForEvacuate(db: Db, projectUuid: string): boolean {
  return db.get<{ r: number }>('SELECT require_mfa_for_evacuate AS r FROM projects WHERE uuid = ?', projectUuid)?.r === 1;
}

/**
 * The evacuation routes' hook: a 403 when the target's project requires two-step sign-in
 * and the *session* was not obtained with it — code `mfa_required_for_evacuate` while the
 * account has it off (turn it on), `mfa_session_required` while it is on but this token
 * came from the password alone (sign in again with a code). The account's setting alone
 * never lets a password-only token through.
 */
export function checkEvacuateMfa(db: Db, session: Session, user: Pick<UserRow, 'id'>, projectUuid: string): void {
  if (!requiresMfaForEvacuate(db, projectUuid) || hasSecondStep(session)) return;
  const on = db.get<{ on: string | null }>('SELECT mfa_enabled_at AS "on" FROM users WHERE id = ?', user.id)?.on;
  if (!on) throw failure(403, text('mfa.requiredForEvacuate'), MFA_CODES.requiredForEvacuate);
  throw failure(403, text('mfa.sessionRequired'), MFA_CODES.sessionRequired);
}

/**
 * For the other sensitive changes of a project that requires two-step sign-in (its
 * security setting, its members and their permissions): a 403 with code
 * `mfa_session_required` unless the session went through the second step.
 */
export function requireSecondStepWhereRequired(db: Db, session: Session, projectUuid: string): void {
  if (requiresMfaForEvacuate(db, projectUuid) && !hasSecondStep(session))
    throw failure(403, text('mfa.sessionRequiredToChange'), MFA_CODES.sessionRequired);
}
