import './messages/bundled.ts';
import { useEffect, useState } from 'react';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import detailCss from './detail.css?inline';
import { InboxLists } from './InboxLists.tsx';
import { isInboxView, type InboxView } from './InboxTabs.tsx';
import { IncidentDetail } from './IncidentDetail.tsx';
import type { InboxItemKind } from './RowAction.tsx';
import { useLive } from './useLive.ts';
import { Loading } from '../common/Loading.tsx';
import { preloadable } from '../common/preloadable.tsx';

const NEEDS = ['unread', 'incidents'] as const;
const EVENTS = { unread: true, incidents: true };

// Loaded when a notification is opened: DOMPurify comes with it, not with the list.
const NotificationDetail = preloadable(
  () => import('./NotificationDetail.tsx').then((m) => ({ default: m.NotificationDetail })),
  () => <NotificationLoading />,
);

function NotificationLoading() {
  const t = useT();
  return <Loading label={t('inbox.notification.loading')} />;
}

type Opened = { kind: InboxItemKind; uuid: string };

/**
 * `<vigil-inbox>`: the inbox on any page. With no router there, the list and the detail
 * live in the element itself: a row opens its detail in place, Back returns to the row.
 */
export function InboxElement({ view }: { view?: string | undefined }) {
  useStyles(detailCss);
  const t = useT();
  useLive(NEEDS, EVENTS);
  const initial: InboxView = view && isInboxView(view) ? view : 'incidents';
  const [current, setCurrent] = useState<InboxView>(initial);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [returnTo, setReturnTo] = useState<string | undefined>();

  // The `view` attribute changed: show that list.
  useEffect(() => {
    setCurrent(initial);
    setOpened(null);
  }, [initial]);

  if (opened) {
    const close = () => {
      setReturnTo(opened.uuid);
      setOpened(null);
    };
    const back = (
      <button type="button" className="v-btn v-btn--ghost vi-back" part="back" onClick={close}>
        {opened.kind === 'incident' ? t('inbox.back.incidents') : t('inbox.back.notifications')}
      </button>
    );
    return opened.kind === 'incident' ? (
      <IncidentDetail key={opened.uuid} uuid={opened.uuid} heading="h2" back={back} focusTitle />
    ) : (
      <NotificationDetail key={opened.uuid} uuid={opened.uuid} heading="h2" back={back} focusTitle />
    );
  }

  return (
    <InboxLists
      view={current}
      heading="h2"
      focusUuid={returnTo}
      onSelectView={(next) => {
        setReturnTo(undefined);
        setCurrent(next);
      }}
      onOpen={(kind, uuid) => setOpened({ kind, uuid })}
    />
  );
}
