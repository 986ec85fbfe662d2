import '../src/features/common/toastRegionElement.ts';
import { parseInterval } from '../src/core/live-view/interval.ts';
import { isUuid, defineElement } from '../src/features/common/element/defineElement.tsx';
import { DemoLiveView } from '../src/features/live-view/DemoLiveView.tsx';
import hostCss from '../src/features/live-view/live-view-host.css?inline';

/**
 * Public demo live view for marketing pages: no sign-in, no session, no token sent.
 * Shows the demo system's cameras, about one frame a second each; click (or Enter) a
 * camera for a large view. Starts in the visitor's browser language.
 *
 * @tagname vigil-demo-live-view
 * @attr demo - uuid of the public demo live view (required)
 * @attr interval - time between frames per camera in ms, 20–60000 (default 1000)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @csspart demo - the demo's section
 * @csspart live-view - the grid's region
 * @csspart camera - one camera tile (`data-status`: connecting, live, stale, offline)
 * @csspart status - a camera's status badge (also `status-live`, `status-stale`, …)
 * @csspart large-view - the large view overlay
 * @csspart system-status - the demo system's online/offline pill
 * @csspart error - the message when the demo cannot be loaded
 * @cssproperty --vigil-color-screen - background behind camera images (default #0f172a)
 */
export const VigilDemoLiveView = defineElement({
  tag: 'vigil-demo-live-view',
  component: DemoLiveView,
  attributes: {
    demo: { required: true, check: isUuid },
    interval: { check: (v) => parseInterval(v) !== null },
  },
  session: 'none',
  css: [hostCss],
});
