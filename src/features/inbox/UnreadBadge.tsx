import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { emit } from '../../core/events.ts';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { $openIncidents } from '../../core/inbox/open.ts';
import { $unreadCount } from '../../core/session/session.ts';
import { useElementScope } from '../common/element/context.ts';
import { useT } from '../common/useT.ts';
import { useLive } from './useLive.ts';

/** What `<vigil-unread-badge count>` counts: unread notifications (the default) or open incidents. */
export const BADGE_COUNTS = ['notifications', 'open-incidents'] as const;
export type BadgeCount = (typeof BADGE_COUNTS)[number];
export const isBadgeCount = (value: string): value is BadgeCount => (BADGE_COUNTS as readonly string[]).includes(value);

const UNREAD = ['unread'] as const;
const OPEN = ['open'] as const;
const EVENTS = { unread: true };

/**
 * A count of the signed-in user's inbox, hidden at 0: the unread notifications, or (`count`
 * 'open-incidents') the incidents the control room has not handled yet. Follows every
 * element and tab of the page, and stays fresh by itself (live updates).
 */
export function UnreadBadge({ count }: { count?: string | undefined }) {
  return count === 'open-incidents' ? <OpenIncidentsCount /> : <UnreadCount />;
}

function UnreadCount() {
  const t = useT();
  const count = useStore($unreadCount);
  useLive(UNREAD, EVENTS);
  if (count <= 0) return null;
  return (
    <span className="v-badge" part="badge" role="status" aria-label={t('inbox.badge.label', { count })}>
      {formatNumber(count)}
    </span>
  );
}

function OpenIncidentsCount() {
  const t = useT();
  const { host } = useElementScope();
  const count = useStore($openIncidents);
  useLive(OPEN);
  // `vigil-open-incidents-changed` from each badge that counts them: the first count loaded
  // for the signed-in user (previous null), then every change; nothing while signed out.
  useEffect(() => {
    if (!host) return;
    let previous = $openIncidents.get() ?? null;
    return $openIncidents.listen((next) => {
      if (next === undefined) previous = null; // signed out: the next user's first count is no change
      if (next === undefined || next === previous) return;
      emit(host, 'vigil-open-incidents-changed', { count: next, previous });
      previous = next;
    });
  }, [host]);
  if (!count) return null;
  return (
    <span className="v-badge vb-open" part="badge" role="status" aria-label={t('inbox.badge.open', { count })}>
      {formatNumber(count)}
    </span>
  );
}
