/**
 * Invitations (docs/invitations.md): adding someone to a project invites them. The
 * membership is "invited" until its person comes in — follows the e-mailed link, or signs
 * in — and the link is a random single-use token, kept only as its SHA-256, valid 7 days.
 * Every add invites, for a new e-mail and a known one alike, so nothing a manager sees
 * says whether the address had an account (docs/security.md).
 */
import { nowIso, type Db } from './db.ts';
import type { Deps } from './http.ts';
import { randomToken, sha256 } from './security.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** The portal's page for an invitation's link (route `invitation`). */
export const invitationUrl = (publicUrl: string, token: string): string => `${publicUrl}/invitation/${token}`;

type Place = { uuid: string; name: string };

/**
 * Sends (again) the invitation of `user` to `project`: any earlier link of that membership
 * stops working, a new one is "mailed" (the demo prints it), and the membership's
 * `invited_at` becomes now. Answers that time.
 */
export function sendInvitation(
  deps: Pick<Deps, 'db' | 'log' | 'publicUrl' | 'state'>,
  project: Place,
  user: { id: number; email: string },
): string {
  const { db } = deps;
  const token = randomToken();
  const at = nowIso();
  db.transaction(() => {
    voidInvitations(db, project.uuid, user.id);
    db.run(
      'INSERT INTO invitations (project_uuid, user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      project.uuid,
      user.id,
      sha256(token),
      at,
      nowIso(INVITATION_TTL_MS),
    );
    db.run('UPDATE memberships SET invited_at = ? WHERE project_uuid = ? AND user_id = ?', at, project.uuid, user.id);
  });
  const email = user.email.toLowerCase();
  const url = invitationUrl(deps.publicUrl, token);
  deps.state.lastInviteLink = { email, token, url, project: project.uuid };
  deps.log(`Invitation for ${email} to ${project.name}: ${url}`);
  return at;
}

/** Every unused link of one membership stops working (resend, cancel, removal). */
export function voidInvitations(db: Db, project: string, userId: number): void {
  db.run('DELETE FROM invitations WHERE project_uuid = ? AND user_id = ? AND used_at IS NULL', project, userId);
}

/**
 * Someone came in (signed in, or accepted a link): every project that invited them counts
 * them as a member now, and their links are spent.
 */
export function joinProjects(db: Db, userId: number): void {
  db.run('UPDATE memberships SET invited_at = NULL WHERE user_id = ? AND invited_at IS NOT NULL', userId);
  db.run('UPDATE invitations SET used_at = ? WHERE user_id = ? AND used_at IS NULL', nowIso(), userId);
}

/**
 * After an invitation was cancelled: an account that the invitations made, whose person
 * never chose a password and that no project holds any more, is deleted (it could never
 * be used).
 */
export function dropUnusedAccount(db: Db, userId: number): void {
  db.run(
    'DELETE FROM users WHERE id = ? AND invited_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = ?)',
    userId,
    userId,
  );
}

export type OpenInvitation = {
  id: number;
  user_id: number;
  project_uuid: string;
  project_name: string;
  email: string;
  name: string;
  expires_at: string;
  used_at: string | null;
  /** The account has a password of its own (then its person accepts with it). */
  password_set: number;
};

/** The invitation a link's token names, with its person and project; undefined when unknown or voided. */
export function invitationByToken(db: Db, token: string): OpenInvitation | undefined {
  if (!/^[0-9a-f]{64}$/i.test(token)) return undefined;
  return db.get<OpenInvitation>(
    `SELECT i.id, i.user_id, i.project_uuid, p.name AS project_name, lower(u.email) AS email, COALESCE(m.name, u.email) AS name,
       i.expires_at, i.used_at, u.invited_at IS NULL AS password_set
     FROM invitations i JOIN users u ON u.id = i.user_id JOIN projects p ON p.uuid = i.project_uuid
     JOIN memberships m ON m.project_uuid = i.project_uuid AND m.user_id = i.user_id
     WHERE i.token_hash = ?`,
    sha256(token.toLowerCase()),
  );
}
