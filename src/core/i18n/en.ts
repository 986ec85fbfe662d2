/**
 * English, the last-resort fallback when even the server's `en` cannot be loaded, so no
 * element ever shows raw keys. Only the core namespace is bundled here, and not all of
 * it: the new-incident alerts' texts (`core.live`) come with those alerts
 * (core/inbox/live/alert-offer.ts, for the alerts and the offer), which load on demand, the languages' names
 * (`core.languages`) with the language picker, the errors only a toast shows
 * (`core.toastErrors`) with the toasts' view (features/common/ToastRegion.tsx), the "live
 * updates paused" notice (`core.liveStatus`) with that notice (features/common/LiveNotice.tsx), and the
 * names of permissions and system types (`core.permissions`, `core.systemTypes`) with
 * codes.ts. Each feature bundles its own English
 * (`src/features/<f>/messages/bundled.ts`) so that an element carries only the texts it
 * can show. The type of all of them is the source of the typed keys. Named imports: the
 * bundler leaves out the top-level keys nobody imports.
 */
import { common, element, errors, time } from './messages/en.json';

export const bundledEn = { core: { errors, common, element, time } };

export interface Messages {
  core: typeof import('./messages/en.json');
  auth: typeof import('../../features/auth/messages/en.json');
  layout: typeof import('../../features/layout/messages/en.json');
  projects: typeof import('../../features/projects/messages/en.json');
  liveView: typeof import('../../features/live-view/messages/en.json');
  inbox: typeof import('../../features/inbox/messages/en.json');
  evacuation: typeof import('../../features/evacuation/messages/en.json');
  schedules: typeof import('../../features/schedules/messages/en.json');
  users: typeof import('../../features/users/messages/en.json');
  content: typeof import('../../features/content/messages/en.json');
  activity: typeof import('../../features/activity/messages/en.json');
}
