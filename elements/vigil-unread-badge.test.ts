import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './vigil-unread-badge.ts';
import { $apiBase } from '../src/core/config/config.ts';
import { t } from '../src/core/i18n/i18n.ts';
import { $openIncidents } from '../src/core/inbox/open.ts';
import { dispatchTopics } from '../src/core/live/topics.ts';
import { $currentUser, $unreadCount } from '../src/core/session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../test/unit/fetchMock.ts';
import { BADGE_COUNTS, isBadgeCount } from '../src/features/inbox/UnreadBadge.tsx';

const added: HTMLElement[] = [];
let open = 4;
function badge(count?: string): HTMLElement {
  const el = document.createElement('vigil-unread-badge');
  if (count !== undefined) el.setAttribute('count', count);
  document.body.append(el);
  added.push(el);
  return el;
}
const shown = (el: HTMLElement) => el.shadowRoot?.querySelector('[role="alert"], [role="status"]') ?? null;

describe('<vigil-unread-badge count>', () => {
  beforeEach(() => {
    open = 4;
    mockFetch((call) =>
      call.url.pathname === '/api/v2/incidents'
        ? json({ data: [], meta: { total: open, page: 1, per_page: 1 } })
        : json({ errors: [{ message: 'Not found' }] }, 404),
    );
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    $unreadCount.set(7);
  });
  afterEach(() => {
    for (const el of added.splice(0)) el.remove();
    $currentUser.set(null);
    $unreadCount.set(0);
  });

  it('takes notifications and open-incidents, nothing else', () => {
    expect(BADGE_COUNTS).toEqual(['notifications', 'open-incidents']);
    for (const value of BADGE_COUNTS) expect(isBadgeCount(value)).toBe(true);
    for (const value of ['incidents', 'Open-Incidents', 'open', 'notifications ', '']) expect(isBadgeCount(value), value).toBe(false);
  });

  it('shows the standard attribute message for a value it does not know, instead of a count', async () => {
    const el = badge('unread');
    await vi.waitFor(() => expect(shown(el)?.getAttribute('role')).toBe('alert'));
    expect(shown(el)!.textContent).toBe(t('core.element.invalidAttribute', { attribute: 'count', value: 'unread' }));
    expect(shown(el)!.textContent).toContain('count');
    // Fixed: the count again.
    el.setAttribute('count', 'open-incidents');
    await vi.waitFor(() => expect(shown(el)?.getAttribute('aria-label')).toBe('4 open incidents'));
  });

  it('counts unread notifications by default, without the attribute or when it is empty, as before', async () => {
    for (const el of [badge(), badge(''), badge('notifications')]) {
      await vi.waitFor(() => expect(shown(el)?.getAttribute('aria-label')).toBe('7 unread notifications'));
      expect(shown(el)!.textContent).toBe('7');
    }
  });

  it('counts the open incidents with count="open-incidents"', async () => {
    const el = badge('open-incidents');
    await vi.waitFor(() => expect(shown(el)?.textContent).toBe('4'));
    expect(shown(el)!.getAttribute('aria-label')).toBe('4 open incidents');
    expect(shown(el)!.className).toContain('vb-open');
    expect($openIncidents.get()).toBe(4);
  });

  it('fires vigil-open-incidents-changed: the first count (previous null), then each change', async () => {
    $currentUser.set({ ...SAMPLE_USER, token: 'other' }); // a new sign-in: nothing known yet
    const el = badge('open-incidents');
    const details: unknown[] = [];
    el.addEventListener('vigil-open-incidents-changed', (e) => details.push((e as CustomEvent).detail));
    const unread: unknown[] = [];
    el.addEventListener('vigil-unread-changed', (e) => unread.push((e as CustomEvent).detail));
    await vi.waitFor(() => expect(details).toEqual([{ count: 4, previous: null }]));
    open = 3; // one handled
    dispatchTopics(['incidents']);
    await vi.waitFor(() =>
      expect(details).toEqual([
        { count: 4, previous: null },
        { count: 3, previous: 4 },
      ]),
    );
    $unreadCount.set(8); // a badge that listened would have told at once (the store calls its listeners synchronously)
    expect(unread).toEqual([]); // the notifications' event stays with the notifications' badge
  });
});
