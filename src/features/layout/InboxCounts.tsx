import './messages/bundled-counts.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { $openIncidents } from '../../core/inbox/open.ts';
import { $unreadCount } from '../../core/session/session.ts';
import { $titleCounts } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import countsCss from './inboxCounts.css?inline';

/**
 * The counts on the Inbox pill (docs/product.md#routes): the open incidents (not handled by
 * the control room yet) in red, then the unread notifications in a neutral colour, each
 * hidden at 0 and named in words for screen readers ("2 open incidents"). The page title
 * leads with the same counts, open incidents first: "(2 open · 12 unread)", or "(12)" when
 * only notifications are unread. Loaded after the header's first render (the counts come
 * from the network anyway), so the portal's first load does not carry it; the header keeps
 * them fresh (`useLive` with 'unread' and 'open').
 */
export function InboxCounts() {
  useStyles(countsCss);
  const t = useT();
  const open = useStore($openIncidents) ?? 0;
  const unread = useStore($unreadCount);
  let title = '';
  if (open > 0) {
    const words = [t('layout.counts.titleOpen', { count: open })];
    if (unread > 0) words.push(t('layout.counts.titleUnread', { count: unread }));
    title = `(${words.join(' · ')})`;
  } else if (unread > 0) title = `(${unread})`;
  useEffect(() => $titleCounts.set(title), [title]);
  useEffect(() => () => $titleCounts.set(''), []);
  return (
    <>
      {open > 0 && (
        <span className="v-badge ic-open" role="img" aria-label={t('layout.counts.open', { count: open })}>
          {formatNumber(open)}
        </span>
      )}
      {unread > 0 && (
        <span className="v-badge ic-unread" role="img" aria-label={t('layout.counts.unread', { count: unread })}>
          {formatNumber(unread)}
        </span>
      )}
    </>
  );
}
