import './messages/bundled.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';
import { InboxLists } from './InboxLists.tsx';
import type { InboxView } from './InboxTabs.tsx';

export interface InboxPageProps {
  view: InboxView;
}

/** Portal page of /inbox and /inbox/notifications: rows and tabs are links to routes. */
export function InboxPage({ view }: InboxPageProps) {
  const t = useT();
  usePageTitle(`${t(`inbox.tabs.${view}`)} – ${t('inbox.title')}`);
  return <InboxLists view={view} heading="h1" />;
}
