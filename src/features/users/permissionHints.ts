import type { Permission } from '../../core/api/contract.ts';
import type { t as translate } from '../../core/i18n/i18n.ts';

const HINTS = {
  view: 'users.permissionHints.view',
  'manage users': 'users.permissionHints.manageUsers',
  evacuate: 'users.permissionHints.evacuate',
  'edit schedules': 'users.permissionHints.editSchedules',
} as const satisfies Record<Permission, string>;

/** What a permission allows, for the user form (names come from core/i18n/codes.ts). */
export function permissionHint(t: typeof translate, permission: Permission): string {
  return t(HINTS[permission]);
}
