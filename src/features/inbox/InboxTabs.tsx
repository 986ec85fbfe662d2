import { useStore } from '@nanostores/react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { pathTo } from '../../core/router/routes.ts';
import { $unreadCount } from '../../core/session/session.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';

export type InboxView = 'incidents' | 'notifications';
export const INBOX_VIEWS: readonly InboxView[] = ['incidents', 'notifications'];
export const isInboxView = (value: string): value is InboxView => (INBOX_VIEWS as readonly string[]).includes(value);

export interface InboxTabsProps {
  view: InboxView;
  /** Buttons switching in place (standalone element); without it, links to the routes. */
  onSelect?: (view: InboxView) => void;
}

const ROUTE = { incidents: 'inbox', notifications: 'notifications' } as const;

/** The two inbox lists as tabs; Notifications carries the unread count. */
export function InboxTabs({ view, onSelect }: InboxTabsProps) {
  const t = useT();
  const unread = useStore($unreadCount);
  return (
    <nav className="vi-tabs" aria-label={t('inbox.tabs.label')} part="tabs">
      {INBOX_VIEWS.map((name) => {
        const current = name === view;
        const content = (
          <>
            {t(`inbox.tabs.${name}`)}
            {name === 'notifications' && unread > 0 && (
              <>
                <span className="v-badge vi-tab-count" aria-hidden="true">
                  {formatNumber(unread)}
                </span>
                <span className="v-visually-hidden">{`(${t('inbox.badge.label', { count: unread })})`}</span>
              </>
            )}
          </>
        );
        return onSelect ? (
          <button key={name} type="button" className="vi-tab" part="tab" aria-pressed={current} onClick={() => onSelect(name)}>
            {content}
          </button>
        ) : (
          <Link key={name} to={pathTo(ROUTE[name])} className="vi-tab" part="tab" aria-current={current ? 'page' : undefined}>
            {content}
          </Link>
        );
      })}
    </nav>
  );
}
