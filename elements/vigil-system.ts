import '../src/features/common/toastRegionElement.ts';
import { createElement } from 'react';
import { defineElement, isUuid, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { SystemPage } from '../src/features/projects/SystemPage.tsx';

/**
 * One system: online status, cameras and the live view (about one frame a second per
 * camera, paused while off-screen or in a hidden tab). Needs a signed-in user (shows a
 * compact sign-in otherwise).
 *
 * @tagname vigil-system
 * @audience portal
 * @attr system - uuid of the system (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @fires vigil-evacuation-started - an evacuation started from this element's evacuation control; detail `{ scope: 'project' | 'site', uuid, status }` (see `<vigil-evacuation>`)
 * @fires vigil-evacuation-aborted - an evacuation aborted from this element's evacuation control; detail `{ scope, uuid, status }`
 * @csspart system - the system's wrapper
 * @csspart breadcrumbs - the breadcrumb trail
 * @csspart system-status - the online/offline pill
 * @csspart live-view - the camera grid's region
 * @csspart camera - one camera tile (`data-status`: connecting, live, stale, offline)
 * @csspart large-view - the large view overlay
 * @csspart error - the message when the system cannot be loaded or does not exist
 * @cssproperty --vigil-color-screen - background behind camera images (default #0f172a)
 */
export const VigilSystem = defineElement({
  tag: 'vigil-system',
  component: ({ system }: ElementProps<'system'>) => createElement(SystemPage, { uuid: system ?? '' }),
  attributes: { system: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
