/**
 * Where each message namespace lives. Every feature owns its catalogue files
 * (`<dir>/<locale>.json`), so features never edit each other's messages; the demo
 * server merges them into `/i18n/messages/{locale}.json` as `{ <namespace>: {...} }`,
 * and `en.ts` bundles the English ones as the last-resort fallback.
 */
export const NAMESPACES = {
  core: 'src/core/i18n/messages',
  auth: 'src/features/auth/messages',
  layout: 'src/features/layout/messages',
  projects: 'src/features/projects/messages',
  liveView: 'src/features/live-view/messages',
  inbox: 'src/features/inbox/messages',
  evacuation: 'src/features/evacuation/messages',
  schedules: 'src/features/schedules/messages',
  users: 'src/features/users/messages',
  content: 'src/features/content/messages',
  activity: 'src/features/activity/messages',
} as const;
export type Namespace = keyof typeof NAMESPACES;

/** Catalogues shipped: the five of docs/product.md#who-it-is-for plus Spanish for the picker's "Spanish" entry. */
export const MESSAGE_LOCALES = ['en', 'de', 'fr', 'nl', 'it', 'es'] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];
