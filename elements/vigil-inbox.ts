import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { InboxElement } from '../src/features/inbox/InboxElement.tsx';
import { isInboxView } from '../src/features/inbox/InboxTabs.tsx';
import hostCss from '../src/features/inbox/inbox-host.css?inline';

/**
 * The signed-in user's inbox: incidents (what needs attention first: open ones, the worst
 * severity first, then the handled ones) or notifications (newest first), in a virtualized
 * list that pages from the server as you scroll (tens of thousands of items stay smooth),
 * with filters (incidents: a "Needs attention · N" view beside "All", site, system, severity
 * and date range, kept in the element's own state; notifications: unread only). A row opens its detail inside the element, with
 * a Back button. Opening an unread notification marks it read: every unread badge on the
 * page (and in other tabs) drops by one. While the page is visible the inbox refreshes
 * itself: new items slide in on top without moving what the user is reading, and a new
 * incident raises a toast linking to it. An incident can be acknowledged (also from its row),
 * commented on and handled with an outcome, for everyone on its project to see. Signed-out
 * visitors get a compact sign-in.
 *
 * @tagname vigil-inbox
 * @attr {'incidents' | 'notifications'} view - `incidents` (default) or `notifications`: the list shown first
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-notification-read - an unread notification was opened and marked read; detail `{ uuid, unread }` (the new unread count)
 * @fires vigil-incident-received - an incident arrived while the page was open; detail `{ uuid, title, severity, site: { uuid, name } | null, occurred_at }`
 * @fires vigil-unread-changed - the unread count changed; detail `{ count, previous }`
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart inbox - the list screen
 * @csspart tabs - the Incidents / Notifications tabs
 * @csspart tab - one tab
 * @csspart views - the incidents' "Needs attention · N" / "All" switch
 * @csspart view - one view of that switch (a toggle button, `aria-pressed` on the shown one)
 * @csspart filters - the filter bar above a list
 * @csspart list - the scrolling list
 * @csspart result - the count of matching incidents and "Clear filters"
 * @csspart thumbnail - an incident row's picture (or its placeholder)
 * @csspart state - an incident's Open / Acknowledged / Handled state (`state-open`, `state-acknowledged` or `state-handled` too)
 * @csspart new-items - the "N new — show" button over a list scrolled down when new items arrived
 * @csspart row - a row of the list (`row-unread` too on unread notifications)
 * @csspart severity - an incident's severity pill (`severity-low` … `severity-critical` too)
 * @csspart back - the Back button of a detail
 * @csspart incident - an incident's detail
 * @csspart media - one incident image
 * @csspart actions - an incident's way on: "View live" and the control room's phone
 * @csspart view-live - the link to the incident's system's live cameras
 * @csspart call - the control room's `tel:` link
 * @csspart outcome - a handled incident's outcome: the report of what was found
 * @csspart open-state - where an incident stands: "Open", "Acknowledged by … · time" or "Handled by … · outcome"
 * @csspart work - an incident's state line and its Acknowledge and Handle buttons
 * @csspart acknowledge - an Acknowledge button (on the incident and on an open row nobody acknowledged)
 * @csspart handle - the Handle button, which asks for the outcome and a note in a dialog
 * @csspart timeline - an incident's timeline: occurred, alerted, acknowledged, comments, handled
 * @csspart comment-form - the form that adds a comment to the timeline
 * @csspart notification - a notification's detail
 * @csspart notification-body - a notification's (sanitized) text
 * @cssproperty --vigil-inbox-list-height - height of the scrolling list (default `min(70vh, 704px)` at the default `--vigil-font-size`)
 */
export const VigilInbox = defineElement({
  tag: 'vigil-inbox',
  component: InboxElement,
  session: 'required',
  signIn: CompactSignIn,
  attributes: { view: { check: isInboxView } },
  css: [hostCss],
});
