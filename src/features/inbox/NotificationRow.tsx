import type { Notification } from '../../core/api/contract.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { useT } from '../common/useT.ts';
import { RowAction, type RowTarget } from './RowAction.tsx';
import type { RowProps } from './VirtualList.tsx';

export interface NotificationRowProps extends RowProps {
  notification: Notification;
  target: RowTarget;
}

/** One notification in the list: unread ones are marked with a dot and bold titles. */
export function NotificationRow({ notification, target, tabIndex, kept = false }: NotificationRowProps) {
  const t = useT();
  // Kept from an earlier visit: whether it is still unread is not known yet, so not said.
  const unread = !kept && !notification.read_at;
  return (
    <RowAction
      target={target}
      uuid={notification.uuid}
      tabIndex={tabIndex}
      className={`vi-row${unread ? ' vi-row--unread' : ''}`}
      part={unread ? 'row row-unread' : 'row'}
    >
      <span className={`vi-mark vi-mark--${unread ? 'unread' : 'read'}`} aria-hidden="true" />
      <span className="vi-row-text">
        <span className="vi-row-title">{notification.title}</span>
        <span className="vi-row-meta">
          <span>
            <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
          </span>
          {unread && <span className="vi-unread-label">{t('inbox.row.unread')}</span>}
        </span>
      </span>
    </RowAction>
  );
}
