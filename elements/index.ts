/**
 * Registers every Vigil element: `lib/vigil.js`, what bundlers get for `import 'vigil-portal'`.
 * (The script-tag `dist/vigil.js` is the autoloader instead.) Loading it twice (or with
 * single-element entries) is harmless.
 */
export * from './vigil-activity-log.ts';
export * from './vigil-demo-live-view.ts';
export * from './vigil-evacuation-bar.ts';
export * from './vigil-evacuation.ts';
export * from './vigil-evacuation-history.ts';
export * from './vigil-inbox.ts';
export * from './vigil-language-picker.ts';
export * from './vigil-live-view.ts';
export * from './vigil-login.ts';
export * from './vigil-portal.ts';
export * from './vigil-project-users.ts';
export * from './vigil-project.ts';
export * from './vigil-projects.ts';
export * from './vigil-schedule-matrix.ts';
export * from './vigil-site-schedules.ts';
export * from './vigil-site.ts';
export * from './vigil-system.ts';
export * from './vigil-toast-region.ts';
export * from './vigil-unread-badge.ts';
export { configure, type VigilConfig } from '../src/core/config/settle.ts';
