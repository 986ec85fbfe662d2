import '../src/features/common/toastRegionElement.ts';
import { defineElement, isUuid } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { ActivityElement } from '../src/features/activity/ActivityElement.tsx';

/**
 * The activity log of one project: every change to its weekly schedules and their
 * exceptions, its members and their permissions, its two-step requirement, every
 * evacuation and drill started and ended, and every export, newest first — when, who (as
 * the project knows them) and what changed in words ("Saturday 00:00–24:00 added",
 * permissions given and taken). Filters by what, who and a range of days; "Export CSV"
 * downloads what the filters show (fetched with the session, never a link carrying it).
 * Readable with the 'manage users' permission; nobody can change or delete an entry.
 * Signed out, it shows a compact sign-in.
 *
 * @tagname vigil-activity-log
 * @attr project - uuid of the project (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart activity - the whole view (filters, list, pages)
 * @csspart filters - the filter bar with the export button
 * @csspart entry - one entry of the log
 * @cssproperty --vigil-color-success - hours and permissions added
 * @cssproperty --vigil-color-danger - hours and permissions removed, and evacuations' edge
 * @cssproperty --vigil-color-drill - a drill's edge (never the alarm's red)
 * @cssproperty --vigil-font-family - font of the element
 */
export const VigilActivityLog = defineElement({
  tag: 'vigil-activity-log',
  component: ActivityElement,
  attributes: { project: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
