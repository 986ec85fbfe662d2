/**
 * Opening a notification (docs/product.md#session, #api-calls): it is loaded fresh in the user's language, and an
 * unread one is marked read on the server, which lowers the page's unread count by one (or,
 * when the count changed meanwhile, asks for it again; every badge of the page and of other
 * tabs follows), updates the cached notification
 * and its list row, and emits `vigil-notification-read`.
 */
import { isAborted, isUnauthorized, readAs, request } from '../api/client.ts';
import * as Answers from '../api/answer-names.ts';
import type { Notification } from '../api/contract.ts';
import { emit } from '../events.ts';
import { notificationCache } from '../resources/resources.ts';
import { $unreadCount, decrementUnread, fetchUnreadCount } from '../session/session.ts';
import { shared } from '../shared.ts';
import { showError } from '../toasts/toasts.ts';
import { notificationList } from './lists.ts';

const marking = shared('inbox.marking', () => new Map<string, Promise<boolean>>());

/** The read time the server answered, if it answered the notification; else now. */
async function readAtFrom(answer: { data?: unknown }): Promise<string> {
  return (await readAs(Answers.notification, answer))?.data.read_at || new Date().toISOString();
}

/**
 * Marks an unread notification read (PUT …/mark-as-read). Resolves true when it was marked
 * now; false when it was already read or the call failed ('Unable to mark notification as
 * read' toast, count unchanged). Two callers at once cause one request.
 */
export function markRead(notification: Notification, target?: EventTarget | null): Promise<boolean> {
  const { uuid } = notification;
  if (notification.read_at || notificationCache.peek(uuid)?.read_at) return Promise.resolve(false);
  const running = marking.get(uuid);
  if (running) return running;
  // A count set while this call is out (the server's answer to the live channel's "unread"
  // event, another tab, another mark) may already leave this notification out: lowering it
  // once more would count one too few. Then the count is asked for again instead.
  let overtaken = false;
  const stopWatching = $unreadCount.listen(() => {
    overtaken = true;
  });
  const promise = request('PUT', `/api/v2/notifications/${encodeURIComponent(uuid)}/mark-as-read`, Answers.empty)
    .then(
      async (answer) => {
        const read_at = await readAtFrom(answer);
        stopWatching();
        notificationCache.set(uuid, { ...(notificationCache.peek(uuid) ?? notification), read_at });
        notificationList.update(uuid, (item) => ({ ...item, read_at }));
        if (overtaken) await fetchUnreadCount();
        else decrementUnread();
        emit(target, 'vigil-notification-read', { uuid, unread: $unreadCount.get() });
        return true;
      },
      (e: unknown) => {
        // A 401 is the session's (the client has it checked): no toast.
        if (!isAborted(e) && !isUnauthorized(e)) showError('core.toastErrors.markRead');
        return false;
      },
    )
    .finally(() => {
      stopWatching();
      marking.delete(uuid);
    });
  marking.set(uuid, promise);
  return promise;
}

/**
 * Loads a notification afresh (the cached copy stays visible meanwhile) and marks it read
 * when it is unread. Rejects with the load's ApiError (a 404 means: show not-found).
 */
export async function openNotification(uuid: string, target?: EventTarget | null): Promise<Notification> {
  const cached = notificationCache.peek(uuid) !== undefined;
  const notification = await notificationCache.load(uuid, { force: cached });
  if (!notification.read_at) await markRead(notification, target);
  return notificationCache.peek(uuid) ?? notification;
}
