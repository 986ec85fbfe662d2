import '../src/features/common/toastRegionElement.ts';
import { createElement } from 'react';
import { defineElement, isUuid, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { ScheduleMatrixEditor } from '../src/features/schedules/ScheduleMatrix.tsx';

/**
 * The security-hours matrix of one site: 7 days (Monday first) × 48 half-hours in the
 * site's time zone, with the next daylight-saving change. With the project permission
 * 'edit schedules' it is editable: paint by mouse, touch or keyboard (a WAI-ARIA grid:
 * arrows move, Space toggles, Shift+arrows paint a range), presets, copy a day, and Save.
 * Edits stay a draft until the server confirms; a failed save keeps every painted cell;
 * leaving with unsaved changes asks first. Needs a signed-in user.
 *
 * @tagname vigil-schedule-matrix
 * @attr site - uuid of the site (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-schedule-saved - the server saved the schedule; detail `{ project, sites }` (project uuid, saved site uuids)
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart schedule - the editor's wrapper
 * @csspart time-note - the time zone and daylight-saving note
 * @csspart tools - presets and copy-a-day
 * @csspart matrix - the grid with its help text and legend
 * @csspart save-bar - the unsaved-changes bar with Discard and Save
 * @csspart save-button - the Save button
 * @csspart save-error - why the last save failed
 * @csspart message - the message shown for a missing or invalid attribute or a site that cannot be loaded
 * @cssproperty --vigil-schedule-secured-color - fill of secured half-hours (default: the primary colour)
 * @cssproperty --vigil-color-primary - primary colour
 * @cssproperty --vigil-font-family - font of the element
 */
export const VigilScheduleMatrix = defineElement({
  tag: 'vigil-schedule-matrix',
  component: ({ site }: ElementProps<'site'>) => createElement(ScheduleMatrixEditor, { site: site ?? '' }),
  attributes: { site: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
