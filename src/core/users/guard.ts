/**
 * The signed-in user must not take away their own 'manage users' by accident.
 *
 * - Unticking it on yourself, or removing yourself, needs an explicit confirmation that
 *   you will lose access to the users page ('losesAccess').
 * - When you are the last member with 'manage users', it is refused up front with an
 *   explanation ('lastManager'): nobody could manage the project's users afterwards and
 *   only support could repair it. The demo server refuses it too (422), but a real
 *   server might not, so the portal does not rely on it.
 *
 * The current user is matched by e-mail (project users carry no username).
 */
import { MANAGE_USERS } from '../api/constants.ts';
import type { ProjectUser } from '../api/contract.ts';

export type SelfRisk = 'none' | 'losesAccess' | 'lastManager';

export function isSelf(user: Pick<ProjectUser, 'email'>, currentEmail: string | null | undefined): boolean {
  return !!currentEmail && user.email.trim().toLowerCase() === currentEmail.trim().toLowerCase();
}

export const canManageUsers = (permissions: readonly string[] | undefined): boolean => !!permissions?.includes(MANAGE_USERS);

/** How many members hold 'manage users' (an invited one does not count: they may never come). */
export function managerCount(users: readonly ProjectUser[]): number {
  return users.filter((u) => u.status !== 'invited' && canManageUsers(u.permissions)).length;
}

/**
 * What a change to `target` means for the signed-in user: `next` is the permissions it
 * would have, or 'remove'.
 */
export function selfChangeRisk(
  users: readonly ProjectUser[],
  currentEmail: string | null | undefined,
  target: ProjectUser,
  next: readonly string[] | 'remove',
): SelfRisk {
  if (!isSelf(target, currentEmail)) return 'none';
  const keeps = next !== 'remove' && canManageUsers(next);
  if (keeps) return 'none';
  const isManager = canManageUsers(target.permissions);
  if (!isManager) return next === 'remove' ? 'losesAccess' : 'none';
  return managerCount(users) <= 1 ? 'lastManager' : 'losesAccess';
}
