import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { $unreadCount } from '../../core/session/session.ts';
import { useT } from '../common/useT.ts';
import { useLive } from './useLive.ts';

const NEEDS = ['unread'] as const;
const EVENTS = { unread: true };

/**
 * The unread-notifications count; hidden at 0. Follows every element and tab of the page,
 * and refreshes itself while the page is visible (live updates).
 */
export function UnreadBadge() {
  const t = useT();
  const count = useStore($unreadCount);
  useLive(NEEDS, EVENTS);
  if (count <= 0) return null;
  return (
    <span className="v-badge" part="badge" role="status" aria-label={t('inbox.badge.label', { count })}>
      {formatNumber(count)}
    </span>
  );
}
