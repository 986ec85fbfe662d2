import '../src/features/common/toastRegionElement.ts';
import { defineElement, isUuid } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { EvacuationElement } from '../src/features/evacuation/EvacuationElement.tsx';
import hostCss from '../src/features/evacuation/evacuation-host.css?inline';

/**
 * Start or end the evacuation of a project or a site, with its status as the server
 * gives it (live: a start or end anywhere shows within a second). Every action is
 * confirmed in a dialog that names the project or site and the consequence, leads with
 * "In danger? Call 112 first" and the project's control room, and is sent exactly once per
 * confirmation (an `Idempotency-Key` per dialog). Starting asks "drill or real evacuation?"
 * with nothing chosen (confirm stays unavailable until someone chooses) and takes an
 * optional reason; a drill shows a DRILL label everywhere its state shows, and the reason
 * is shown to everyone who sees it. Signed-out users see a
 * compact sign-in. Two elements for the same target on one page always agree.
 *
 * @tagname vigil-evacuation
 * @attr project - uuid of the project to evacuate (give `project` or `site`)
 * @attr site - uuid of the site to evacuate (give `project` or `site`)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-evacuation-started - the server accepted a start; detail `{ scope: 'project' | 'site', uuid, status }` where `status` is the evacuation status fetched right after (`{ status, started_at, started_by, aborted_at, mode: 'real' | 'drill', message, active_sites? }`)
 * @fires vigil-evacuation-aborted - the server accepted an end ("End evacuation"); detail `{ scope, uuid, status }` as above (`status.mode` says whether a drill ended)
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart control - the card around the control
 * @csspart status - the current status
 * @csspart start-button - the Start evacuation button
 * @csspart abort-button - the End evacuation button
 * @csspart drill - the DRILL label of a drill
 * @csspart emergency - the dialog's emergency line (112 and the control room)
 * @csspart dialog - the confirmation dialog
 * @csspart dialog-backdrop - the backdrop behind the dialog
 * @csspart message - the message shown for a missing or invalid attribute
 * @cssproperty --vigil-color-danger - colour of the active state and Start
 * @cssproperty --vigil-color-primary - End (calm: an ending is not an alarm)
 * @cssproperty --vigil-color-drill - the DRILL label and a drill's striped edge (neither red nor green)
 * @cssproperty --vigil-color-success - colour of the inactive state
 * @cssproperty --vigil-font-family - font of the element
 */
export const VigilEvacuation = defineElement({
  tag: 'vigil-evacuation',
  component: EvacuationElement,
  attributes: { project: { check: isUuid }, site: { check: isUuid } },
  requireOneOf: ['project', 'site'],
  session: 'required',
  signIn: CompactSignIn,
  css: [hostCss],
});
