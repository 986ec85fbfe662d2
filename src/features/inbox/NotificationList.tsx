import { useStore } from '@nanostores/react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { notificationList, setUnreadOnly } from '../../core/inbox/lists.ts';
import { useT } from '../common/useT.ts';
import { ListTools } from './ListTools.tsx';
import { NotificationRow } from './NotificationRow.tsx';
import type { RowTarget } from './RowAction.tsx';
import { LazyVirtualList as VirtualList } from './LazyVirtualList.tsx';

export interface NotificationListProps {
  target: RowTarget;
  focusUuid?: string | undefined;
  /** The portal's page: the rows are part of the page, which scrolls once. */
  inPage?: boolean;
}

/** The user's notifications, newest first, optionally unread only. */
export function NotificationList({ target, focusUuid, inPage = false }: NotificationListProps) {
  const t = useT();
  const { filters, total, kept } = useStore(notificationList.$state);

  return (
    <>
      <ListTools
        label={t('inbox.filters.label')}
        // A kept first page's total is not today's: none until the server answers.
        total={total === null || kept !== undefined ? null : t('inbox.list.total', { count: formatNumber(total) })}
        onRefresh={() => notificationList.refresh()}
      >
        <label className="vi-filter">
          <input type="checkbox" className="vi-check" checked={filters.unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
          {t('inbox.filters.unreadOnly')}
        </label>
      </ListTools>
      <VirtualList
        list={notificationList}
        label={t('inbox.list.notifications')}
        emptyText={filters.unreadOnly ? t('inbox.empty.unread') : t('inbox.empty.notifications')}
        focusUuid={focusUuid}
        scroll={inPage ? 'page' : 'box'}
        renderRow={(notification, props) => <NotificationRow notification={notification} target={target} {...props} />}
      />
    </>
  );
}
