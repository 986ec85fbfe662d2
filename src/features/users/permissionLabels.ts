import type { Permission } from '../../core/api/contract.ts';
import type { t as translate } from '../../core/i18n/i18n.ts';
import { permissionName } from '../../core/i18n/names.ts';

const HINTS = {
  view: 'users.permissionHints.view',
  'manage users': 'users.permissionHints.manageUsers',
  evacuate: 'users.permissionHints.evacuate',
  'edit schedules': 'users.permissionHints.editSchedules',
} as const satisfies Record<Permission, string>;

/**
 * The translated name of a permission; an unknown one (newer server) in a readable form.
 * `t` re-renders the caller on language change; the name itself comes from core.
 */
export function permissionLabel(_t: typeof translate, permission: string): string {
  return permissionName(permission);
}

export function permissionHint(t: typeof translate, permission: Permission): string {
  return t(HINTS[permission]);
}
