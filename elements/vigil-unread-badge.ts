import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { isBadgeCount, UnreadBadge } from '../src/features/inbox/UnreadBadge.tsx';
import badgeCss from '../src/features/inbox/badge.css?inline';

/**
 * A count of the signed-in user's inbox; hidden at 0. By default the unread notifications:
 * updates at once when a notification is read anywhere on the page or in another tab.
 * With `count="open-incidents"`, the incidents the control room has not handled yet, in the
 * alarm colour: up when one arrives, down when one is handled. Either way it keeps itself
 * fresh while the page is open (the server's live events; without them a poll every 20 s,
 * one request per browser however many badges and tabs show it).
 *
 * @tagname vigil-unread-badge
 * @attr {'notifications' | 'open-incidents'} count - what it counts: `notifications` (default), the unread notifications, or `open-incidents`, the incidents not handled yet
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-unread-changed - counting notifications: the unread count changed (new notifications, one read here or in another tab); detail `{ count, previous }`
 * @fires vigil-open-incidents-changed - counting open incidents: the count changed (an incident arrived or was handled); detail `{ count, previous }`, `previous` null for the first count loaded after signing in
 * @csspart badge - the count
 * @cssproperty --vigil-color-success - the notifications badge colour (green by default)
 * @cssproperty --vigil-color-danger - the open-incidents badge colour (red by default)
 */
export const VigilUnreadBadge = defineElement({
  tag: 'vigil-unread-badge',
  component: UnreadBadge,
  session: 'optional',
  attributes: { count: { check: isBadgeCount } },
  css: [badgeCss],
});
