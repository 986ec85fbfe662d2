import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../api/contract.ts';
import { $apiBase } from '../config/config.ts';
import { $language } from '../i18n/languages.ts';
import { notificationCache } from '../resources/resources.ts';
import { $currentUser, $unreadCount } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { itemAt } from './pagedList.ts';
import { notificationList } from './lists.ts';
import { markRead, openNotification } from './notifications.ts';

const UUID = 'aaaaaaaa-0000-4000-8000-000000000001';
const unread: Notification = {
  uuid: UUID,
  title: 'Report ready',
  body_html: '<b>Hi</b>',
  created_at: '2025-01-02T10:00:00.000Z',
  read_at: null,
};
const settle = () => new Promise((r) => setTimeout(r, 0));

function clearToasts() {
  for (const t of $toasts.get()) dismissToast(t.id);
}

describe('notifications: open and mark read', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $language.set('en');
    $unreadCount.set(5);
    notificationCache.clear();
    notificationList.clear();
    clearToasts();
  });
  afterEach(() => {
    $currentUser.set(null);
    clearToasts();
  });

  it('marks an unread notification read: count -1, cache, list row and event', async () => {
    const m = mockFetch((call) => {
      if (call.url.pathname === '/api/v2/notifications') return json({ data: [unread], meta: { total: 1 } });
      return json({ data: null });
    });
    notificationList.start();
    await settle();
    const target = new EventTarget();
    const events: CustomEvent[] = [];
    target.addEventListener('vigil-notification-read', (e) => events.push(e as CustomEvent));

    expect(await markRead(unread, target)).toBe(true);

    const put = m.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/v2/notifications/${UUID}/mark-as-read`);
    expect($unreadCount.get()).toBe(4);
    expect(notificationCache.peek(UUID)?.read_at).toBeTruthy();
    expect(itemAt(notificationList.$state.get(), notificationList.perPage, 0)?.read_at).toBeTruthy();
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toEqual({ uuid: UUID, unread: 4 });
    expect(events[0]!.bubbles && events[0]!.composed).toBe(true);
  });

  it('sends one request when two views mark the same notification at once', async () => {
    const m = mockFetch(() => json({}));
    const [a, b] = await Promise.all([markRead(unread), markRead(unread)]);
    expect(m.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect([a, b]).toEqual([true, true]);
    expect($unreadCount.get()).toBe(4);
    // Marked now: a third call does nothing.
    expect(await markRead(unread)).toBe(false);
    expect($unreadCount.get()).toBe(4);
  });

  it("asks for the count again, not lowering it twice, when the server's count came first", async () => {
    // The live channel's "unread" event and its count can arrive before the mark's own
    // answer is read: that count already leaves the notification out.
    let answer!: () => void;
    const m = mockFetch((call) => {
      if (call.method === 'PUT') return new Promise<Response>((resolve) => (answer = () => resolve(json({}))));
      return json({ data: [], meta: { total: 4 } });
    });
    const marked = markRead(unread);
    await settle();
    $unreadCount.set(4);
    answer();
    expect(await marked).toBe(true);
    expect($unreadCount.get()).toBe(4);
    expect(m.callsTo('/api/v2/notifications').filter((c) => c.url.searchParams.get('filter[unread]') === 'true')).toHaveLength(1);
  });

  it('lowers the count by one, asking nothing more, when nothing changed it meanwhile', async () => {
    const m = mockFetch(() => json({}));
    expect(await markRead(unread)).toBe(true);
    expect($unreadCount.get()).toBe(4);
    expect(m.calls.map((c) => c.method)).toEqual(['PUT']);
  });

  it('keeps the count and toasts when marking fails', async () => {
    mockFetch(() => json({ errors: [{ message: 'boom' }] }, 500));
    expect(await markRead(unread)).toBe(false);
    expect($unreadCount.get()).toBe(5);
    expect(notificationCache.peek(UUID)).toBeUndefined();
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.markRead']);
  });

  it('leaves a 401 to the session: no toast, one check of the user, signed out when that is refused too', async () => {
    const m = mockFetch(() => json({ errors: [{ message: 'Unauthenticated.' }] }, 401));
    expect(await markRead(unread)).toBe(false);
    await settle();
    expect(m.callsTo('/api/v2/user')).toHaveLength(1);
    expect($currentUser.get()).toBeNull();
    expect($unreadCount.get()).toBe(0);
    expect($toasts.get()).toEqual([]);
  });

  it('never marks an already read notification', async () => {
    const m = mockFetch(() => json({}));
    expect(await markRead({ ...unread, read_at: '2025-01-02T11:00:00.000Z' })).toBe(false);
    expect(m.calls).toHaveLength(0);
    expect($unreadCount.get()).toBe(5);
  });

  it('opens a notification: loads it with the locale, then marks it read', async () => {
    $language.set('fr-BE');
    const m = mockFetch((call) =>
      call.method === 'GET' ? json({ data: unread }) : json({ data: { ...unread, read_at: '2025-01-03T08:00:00.000Z' } }),
    );
    const shown = await openNotification(UUID);
    expect(m.calls[0]!.url.pathname).toBe(`/api/v2/notifications/${UUID}`);
    expect(m.calls[0]!.url.searchParams.get('locale')).toBe('fr-BE');
    expect(m.calls[1]!.method).toBe('PUT');
    expect(shown.read_at).toBe('2025-01-03T08:00:00.000Z'); // the server's read time when it answers one
    expect($unreadCount.get()).toBe(4);
  });

  it('opens a read notification without marking it', async () => {
    const m = mockFetch(() => json({ data: { ...unread, read_at: '2025-01-02T11:00:00.000Z' } }));
    await openNotification(UUID);
    expect(m.calls.map((c) => c.method)).toEqual(['GET']);
    expect($unreadCount.get()).toBe(5);
  });

  it('rejects with the 404 of a missing notification, without a toast', async () => {
    mockFetch(() => json({ errors: [{ message: 'Not found.' }] }, 404));
    const error = await openNotification(UUID).catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(404);
    expect($toasts.get()).toEqual([]);
    expect($unreadCount.get()).toBe(5);
  });
});
