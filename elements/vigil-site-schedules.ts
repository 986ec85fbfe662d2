import '../src/features/common/toastRegionElement.ts';
import { createElement } from 'react';
import { defineElement, isUuid, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { SiteSchedulesPage } from '../src/features/schedules/SiteSchedulesPage.tsx';

/**
 * The security hours of every site of a project, and the multi-site editor: choose sites,
 * paint one schedule (from an empty week or from a site's), optionally a new time zone,
 * review what changes for each site, then apply it in ONE request. Editing needs the
 * project permission 'edit schedules'; a signed-in user.
 *
 * @tagname vigil-site-schedules
 * @attr project - uuid of the project (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-schedule-saved - the server applied the schedule; detail `{ project, sites }` (project uuid, saved site uuids)
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart site-schedules - the page's wrapper
 * @csspart tools - presets and copy-a-day
 * @csspart matrix - the grid with its help text and legend
 * @csspart time-note - the time zone and daylight-saving note of a chosen time zone
 * @csspart apply-button - the Apply button
 * @csspart results - the per-site result after applying
 * @csspart save-error - why the last apply failed
 * @csspart message - the message shown for a missing or invalid attribute or a project that cannot be loaded
 * @cssproperty --vigil-schedule-secured-color - fill of secured half-hours (default: the primary colour)
 * @cssproperty --vigil-color-primary - primary colour
 * @cssproperty --vigil-font-family - font of the element
 */
export const VigilSiteSchedules = defineElement({
  tag: 'vigil-site-schedules',
  component: ({ project }: ElementProps<'project'>) => createElement(SiteSchedulesPage, { uuid: project ?? '' }),
  attributes: { project: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
