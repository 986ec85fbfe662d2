import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { UnreadBadge } from '../src/features/inbox/UnreadBadge.tsx';
import badgeCss from '../src/features/inbox/badge.css?inline';

/**
 * The unread-notifications count of the signed-in user; hidden at 0. Updates at once
 * when a notification is read anywhere on the page or in another tab, and refreshes
 * itself while the page is visible (every 20 s; one request per browser however many
 * badges and tabs show it), so new notifications show up without a reload.
 *
 * @tagname vigil-unread-badge
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-unread-changed - the unread count changed (new notifications, one read here or in another tab); detail `{ count, previous }`
 * @csspart badge - the count
 * @cssproperty --vigil-color-success - the badge colour (green by default)
 */
export const VigilUnreadBadge = defineElement({ tag: 'vigil-unread-badge', component: UnreadBadge, session: 'optional', css: [badgeCss] });
