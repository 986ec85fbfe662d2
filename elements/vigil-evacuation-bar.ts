import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { EvacuationBar } from '../src/features/evacuation/EvacuationBar.tsx';
import barHostCss from '../src/features/evacuation/bar-host.css?inline';

/**
 * A page-wide alarm bar: while anything the signed-in user can see is evacuating (a whole
 * project, or sites of a project), one red bar names it (sites with their project), says
 * how many sites it covers, since when and for how long, the reason given, DRILL for a
 * drill, and links to it and to the project's evacuation history in the portal. It
 * stays in view as the page scrolls (sticky at the top of its scrolling container, or
 * `--vigil-evacuation-bar-top` below a page's own sticky header). It takes no room while nothing is evacuating,
 * and screen readers hear it once when something starts evacuating, not on every refresh.
 * Its sources are the user's projects and each project's evacuation status, kept live
 * (shared with every other Vigil element on the page: one request per project); a start or
 * abort anywhere, on the page, in another tab or by someone else, shows within a second. Shows nothing while signed out. Put it at the top of your page.
 * On a phone (up to 719 px wide) it is one line: what (an evacuation or a drill), how many
 * sites, how long, "View" for the details and, when one thing evacuates and the user may
 * end it, "End" with the usual confirmation.
 *
 * @tagname vigil-evacuation-bar
 * @attr api-base - URL of the Vigil API (defaults to the page's origin)
 * @fires vigil-evacuation-started - the server accepted a start; detail `{ scope: 'project' | 'site', uuid, status }` (as on `<vigil-evacuation>`)
 * @fires vigil-evacuation-aborted - the server accepted an end from the bar's "End"; detail `{ scope, uuid, status }` (as on `<vigil-evacuation>`)
 * @csspart bar - the red bar (present only while something is evacuating)
 * @csspart bar-line - the bar's one line on a phone (count, how long, View, End)
 * @cssproperty --vigil-color-danger - the bar's colour
 * @cssproperty --vigil-color-drill - the DRILL label, and the bar's colour while only drills are under way
 * @cssproperty --vigil-color-on-danger - the text on the bar
 * @cssproperty --vigil-font-family - font of the element
 * @cssproperty --vigil-evacuation-bar-top - how far from the top the bar stays in view as the page scrolls (default 0px)
 */
export const VigilEvacuationBar = defineElement({
  tag: 'vigil-evacuation-bar',
  component: EvacuationBar,
  session: 'optional',
  css: [barHostCss],
});
