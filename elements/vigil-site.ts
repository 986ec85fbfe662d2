import '../src/features/common/toastRegionElement.ts';
import { createElement } from 'react';
import { defineElement, isUuid, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { SitePage } from '../src/features/projects/SitePage.tsx';

/**
 * One site: address, time zone, evacuation control, systems and security hours.
 * Needs a signed-in user (shows a compact sign-in otherwise).
 *
 * @tagname vigil-site
 * @audience portal
 * @attr site - uuid of the site (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @fires vigil-evacuation-started - an evacuation started from this element's evacuation control; detail `{ scope: 'project' | 'site', uuid, status }` (see `<vigil-evacuation>`)
 * @fires vigil-evacuation-aborted - an evacuation aborted from this element's evacuation control; detail `{ scope, uuid, status }`
 * @fires vigil-schedule-saved - the server saved the site's schedule; detail `{ project, sites }` (project uuid, saved site uuids)
 * @csspart site - the site's wrapper
 * @csspart breadcrumbs - the breadcrumb trail
 * @csspart system-status - a system's online/offline pill
 * @csspart error - the message when the site cannot be loaded or does not exist
 */
export const VigilSite = defineElement({
  tag: 'vigil-site',
  component: ({ site }: ElementProps<'site'>) => createElement(SitePage, { uuid: site ?? '' }),
  attributes: { site: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
