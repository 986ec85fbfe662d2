/**
 * Human words for the codes the API sends about access and equipment: permissions and
 * system types, in the applied language (time zones: names.ts). Screens never show the raw
 * code when a name is known; an unknown code (a newer server) falls back to a readable form
 * of itself. Only the users' and system pages show them, so this module and its English
 * come with those pages, not with every element's core (en.ts).
 */
import { registerBundledMessages, tKey } from './i18n.ts';
import { $language } from './languages.ts';
import * as core from './messages/en.json?codes.part.json';

registerBundledMessages('core', { permissions: core.permissions, systemTypes: core.systemTypes });

const PERMISSION_KEYS: Record<string, string> = {
  view: 'core.permissions.view',
  'manage users': 'core.permissions.manageUsers',
  evacuate: 'core.permissions.evacuate',
  'edit schedules': 'core.permissions.editSchedules',
};

/** "manage_users" / "manage-users" / "manage users" → "Manage users". */
export function readableCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().toLocaleLowerCase($language.get());
  return words.charAt(0).toLocaleUpperCase($language.get()) + words.slice(1);
}

/** The translated name of a permission; an unknown one in a readable form. */
export function permissionName(permission: string): string {
  const key = PERMISSION_KEYS[permission];
  return key ? tKey(key) : readableCode(permission);
}

const SYSTEM_TYPE_KEYS: Record<string, string> = {
  UFO: 'core.systemTypes.UFO',
  ALARM: 'core.systemTypes.ALARM',
};

/** "Video surveillance (UFO)", "Alarm system"; an unknown type is shown as sent. */
export function systemTypeName(type: string): string {
  const key = SYSTEM_TYPE_KEYS[type];
  return key ? tKey(key) : type;
}
