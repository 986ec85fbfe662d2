import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import type { ApiError } from '../../core/api/client.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { $language } from '../../core/i18n/languages.ts';
import { openNotification } from '../../core/inbox/notifications.ts';
import { isMissing, notificationCache } from '../../core/resources/resources.ts';
import { DetailState } from './DetailState.tsx';
import { useElementScope } from '../common/element/context.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import detailCss from './detail.css?inline';
import { Loading } from '../common/Loading.tsx';
import { preloadable } from '../common/preloadable.tsx';

// The body needs the sanitizer (DOMPurify, ~11 KB): it loads in parallel with the
// notification, so the title and dates show at once.
const NotificationBody = preloadable(
  () => import('./NotificationBody.tsx').then((m) => ({ default: m.NotificationBody })),
  () => <Loading />,
);

export interface NotificationDetailProps {
  uuid: string;
  heading: 'h1' | 'h2';
  back: ReactNode;
  /** Called when the notification does not exist (for this user): the portal shows /404. */
  onMissing?: () => void;
  focusTitle?: boolean;
}

/**
 * One notification in the user's language. Opening an unread one marks it read (the
 * unread count drops by one everywhere and `vigil-notification-read` is emitted).
 */
export function NotificationDetail({ uuid, heading: Heading, back, onMissing, focusTitle }: NotificationDetailProps) {
  useStyles(detailCss);
  const t = useT();
  const { host } = useElementScope();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const entries = useStore(notificationCache.$entries, { keys: [uuid] });
  const notification = entries[uuid]?.data;
  const loaded = notification !== undefined;
  // The caller's latest onMissing, without reopening when only the callback changes.
  const reportMissing = useEffectEvent(() => onMissing?.());
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The server translates notifications: a language switch loads this one again.
  const language = useStore($language);

  useEffect(() => {
    let live = true;
    setError(null);
    openNotification(uuid, host).catch((e: ApiError) => {
      if (!live) return;
      setError(e);
      if (isMissing(e)) reportMissing();
    });
    return () => {
      live = false;
    };
  }, [uuid, host, attempt, language]);

  useEffect(() => {
    if (focusTitle && loaded) titleRef.current?.focus();
  }, [focusTitle, loaded]);

  let body: ReactNode;
  if (notification) {
    const read = notification.read_at;
    body = (
      <article className="v-card vi-card" aria-labelledby={titleId} part="notification">
        <header className="vi-head">
          <Heading id={titleId} className="vi-head-title" ref={titleRef} tabIndex={-1}>
            {notification.title}
          </Heading>
        </header>
        <dl className="vi-facts">
          <dt>{t('inbox.notification.received')}</dt>
          <dd>
            <time dateTime={notification.created_at}>{formatDateTime(notification.created_at, { zoneName: true })}</time>
          </dd>
          <dt>{t('inbox.notification.readAt')}</dt>
          <dd>
            {read ? (
              <time className="vi-status-read" dateTime={read}>
                {formatDateTime(read)}
              </time>
            ) : (
              <span className="vi-status-unread">{t('inbox.notification.unread')}</span>
            )}
          </dd>
        </dl>
        <NotificationBody html={notification.body_html} />
      </article>
    );
  } else {
    body = (
      <DetailState
        error={error}
        loadingText={t('inbox.notification.loading')}
        missingText={t('inbox.notification.missing')}
        failedText={t('inbox.notification.failed')}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  return (
    <div className="vi-detail">
      {back}
      {body}
    </div>
  );
}
