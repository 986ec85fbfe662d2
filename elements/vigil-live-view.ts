import '../src/features/common/toastRegionElement.ts';
import { parseInterval } from '../src/core/live-view/interval.ts';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { isUuid, defineElement } from '../src/features/common/element/defineElement.tsx';
import { SystemLiveView } from '../src/features/live-view/SystemLiveView.tsx';
import hostCss from '../src/features/live-view/live-view-host.css?inline';

/**
 * Live camera view of one system: a responsive grid of its cameras, about one frame a
 * second each, with each camera's status and the age of its last image. Click (or
 * Enter) a camera for a large view; Escape returns. Cameras poll only while on screen in
 * a visible tab. Needs a signed-in user (shows a compact sign-in otherwise).
 *
 * @tagname vigil-live-view
 * @attr system - uuid of the system (required)
 * @attr interval - time between frames per camera in ms, 20–60000 (default 1000)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart live-view - the grid's region
 * @csspart camera - one camera tile (`data-status`: connecting, live, stale, offline)
 * @csspart status - a camera's status badge (also `status-live`, `status-stale`, …)
 * @csspart large-view - the large view overlay
 * @csspart system-status - the system's online/offline pill
 * @csspart empty - the message for a system without cameras
 * @csspart error - the message when the system cannot be loaded
 * @cssproperty --vigil-color-screen - background behind camera images (default #0f172a)
 */
export const VigilLiveView = defineElement({
  tag: 'vigil-live-view',
  component: SystemLiveView,
  attributes: {
    system: { required: true, check: isUuid },
    interval: { check: (v) => parseInterval(v) !== null },
  },
  session: 'required',
  signIn: CompactSignIn,
  css: [hostCss],
});
