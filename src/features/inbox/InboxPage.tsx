import './messages/bundled.ts';
import { useEffect } from 'react';
import type { IncidentFilters } from '../../core/inbox/filters.ts';
import { incidentList, notificationList, setIncidentFilters, type NotificationFilters } from '../../core/inbox/lists.ts';
import { shared } from '../../core/shared.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { InboxLists } from './InboxLists.tsx';
import type { InboxView } from './InboxTabs.tsx';
import { readUrlFilters } from './urlFilters.ts';

export interface InboxPageProps {
  view: InboxView;
}

/** Portal page of /inbox and /inbox/notifications: rows and tabs are links to routes. */
export function InboxPage({ view }: InboxPageProps) {
  const t = useT();
  usePageTitle(`${t(`inbox.tabs.${view}`)} – ${t('inbox.title')}`);
  useEffect(() => {
    keepLists();
    // The virtualizer's chunk (preloaded for this route) is asked for now, not once the
    // list's chunk has rendered and asks for it: its rows paint a step sooner.
    void import('./VirtualList.tsx');
    // The list shown starts loading now (with the address's filters, as the list itself
    // reads them), not once its own chunk has rendered: its first page, and the one kept
    // from the last visit, are there sooner.
    if (view === 'incidents') {
      setIncidentFilters(readUrlFilters().filters);
      incidentList.start();
    } else notificationList.start();
  }, [view]);
  return <InboxLists view={view} heading="h1" />;
}

/** The incidents' views kept: the two without any filter (all, needing attention); null for the rest. */
export function incidentsView(filters: IncidentFilters): string | null {
  const { open, ...rest } = filters;
  return Object.values(rest).some((v) => v !== undefined) ? null : open ? 'open' : 'all';
}

const notificationsView = (filters: NotificationFilters): string => (filters.unreadOnly ? 'unread' : 'all');

/**
 * The portal keeps both lists' first pages for its next visit (docs/product.md#a-second-visit;
 * core/resources/persist.ts, a chunk of its own): this page starts
 * it, so an inbox element on another page keeps nothing and no element's first load carries it.
 */
function keepLists(): void {
  shared('inbox.kept', () =>
    import('../../core/resources/persist.ts').then(
      (m) => {
        m.persistList(incidentList, 'incidents', incidentsView);
        m.persistList(notificationList, 'notifications', notificationsView);
      },
      () => undefined,
    ),
  );
}
