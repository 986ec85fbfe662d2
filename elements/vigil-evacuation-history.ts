import '../src/features/common/toastRegionElement.ts';
import { defineElement, isUuid } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { EvacuationHistoryElement } from '../src/features/evacuation/EvacuationHistoryElement.tsx';

/**
 * The evacuation history of one project: every evacuation and drill of the project and its
 * sites, newest first — what was evacuated, drill or real, the reason given, who started and
 * who ended it, when, and how long it lasted. Filters by site, by drill or real and by a
 * range of days, and "Export CSV" downloads what the filters show (fetched with the session,
 * never a link carrying it). Readable with the 'view' permission; the records cannot be
 * changed. Signed out, it shows a compact sign-in.
 *
 * @tagname vigil-evacuation-history
 * @attr project - uuid of the project (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart history - the whole view (filters, list, pages)
 * @csspart row - one evacuation
 * @csspart drill - the DRILL label of a drill
 * @cssproperty --vigil-color-drill - colour of the DRILL label and a drill's edge (never the alarm's red)
 * @cssproperty --vigil-color-danger - a real evacuation's edge
 * @cssproperty --vigil-font-family - font of the element
 */
export const VigilEvacuationHistory = defineElement({
  tag: 'vigil-evacuation-history',
  component: EvacuationHistoryElement,
  attributes: { project: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
