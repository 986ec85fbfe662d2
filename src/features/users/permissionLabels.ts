import type { Permission } from '../../core/api/contract.ts';
import type { t as translate } from '../../core/i18n/i18n.ts';

const LABELS = {
  view: 'users.permissions.view',
  'manage users': 'users.permissions.manageUsers',
  evacuate: 'users.permissions.evacuate',
  'edit schedules': 'users.permissions.editSchedules',
} as const satisfies Record<Permission, string>;

const HINTS = {
  view: 'users.permissionHints.view',
  'manage users': 'users.permissionHints.manageUsers',
  evacuate: 'users.permissionHints.evacuate',
  'edit schedules': 'users.permissionHints.editSchedules',
} as const satisfies Record<Permission, string>;

/** The translated name of a permission; an unknown one (newer server) is shown as sent. */
export function permissionLabel(t: typeof translate, permission: string): string {
  const key = LABELS[permission as Permission];
  return key ? t(key) : permission;
}

export function permissionHint(t: typeof translate, permission: Permission): string {
  return t(HINTS[permission]);
}
