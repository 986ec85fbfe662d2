import { useId } from 'react';
import { Loading } from '../common/Loading.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import inboxCss from './inbox.css?inline';
import { InboxTabs, type InboxView } from './InboxTabs.tsx';
import type { InboxItemKind } from './RowAction.tsx';
import { preloadable } from '../common/preloadable.tsx';

// Each list is its own chunk: a user on the incidents tab never downloads the notifications list.
const IncidentList = preloadable(
  () => import('./IncidentList.tsx').then((m) => ({ default: m.IncidentList })),
  () => <Loading />,
);
const NotificationList = preloadable(
  () => import('./NotificationList.tsx').then((m) => ({ default: m.NotificationList })),
  () => <Loading />,
);

export interface InboxListsProps {
  view: InboxView;
  /** 'h1' on the portal page, 'h2' when embedded in someone else's page. */
  heading: 'h1' | 'h2';
  /** Standalone element: switch tabs and open items in place. Without these, rows and tabs are links. */
  onSelectView?: (view: InboxView) => void;
  onOpen?: (kind: InboxItemKind, uuid: string) => void;
  // Without onOpen (the portal's page) the lists are part of the page, which scrolls once,
  // and the incidents' filters are the URL's.
  /** The row to focus (the item the user came back from). */
  focusUuid?: string | undefined;
}

/** The inbox screen: title, tabs, then the incidents or notifications list. */
export function InboxLists({ view, heading: Heading, onSelectView, onOpen, focusUuid }: InboxListsProps) {
  useStyles(inboxCss);
  const t = useT();
  const titleId = useId();
  const kind: InboxItemKind = view === 'incidents' ? 'incident' : 'notification';
  const target = onOpen ? ({ kind, mode: 'button', onOpen } as const) : ({ kind, mode: 'link' } as const);
  return (
    <section className="vi-inbox" aria-labelledby={titleId} part="inbox">
      <Heading id={titleId} className="vi-title">
        {t('inbox.title')}
      </Heading>
      <InboxTabs view={view} {...(onSelectView ? { onSelect: onSelectView } : {})} />
      {view === 'incidents' ? (
        <IncidentList target={target} focusUuid={focusUuid} inPage={!onOpen} />
      ) : (
        <NotificationList target={target} focusUuid={focusUuid} inPage={!onOpen} />
      )}
    </section>
  );
}
