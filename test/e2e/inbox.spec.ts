// The inbox as an integrator embeds it (demo/try/inbox.html): unread badges that agree
// everywhere, a 20,000-item list that stays small in the DOM, and hostile notification
// HTML that never runs.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CurrentUser } from '../../src/core/api/contract.ts';
import { expect, expectNoA11yViolations, test, type AxeOptions } from './fixtures.ts';
import { InboxPage } from './screens/InboxPage.ts';

const MANAGER = 'manager@vigil.test';
const MARK_READ_ERROR =
  'Something went wrong. Unable to mark notification as read. Please try again by refreshing the page or contact our support.';

/** The server's unread count for this user (meta.total of the unread list). */
async function serverUnread(request: APIRequestContext, user: CurrentUser): Promise<number> {
  const res = await request.get('/api/v2/notifications', {
    params: { 'filter[unread]': 'true', per_page: 1 },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  return ((await res.json()) as { meta: { total: number } }).meta.total;
}

/** Elements inside the list's scroll box (what virtualization keeps small). */
const listNodes = (page: Page) =>
  page.getByRole('list', { name: /newest first|worst first/ }).evaluate((list) => list.querySelectorAll('*').length + 1);

test.describe('inbox on an integrator page', () => {
  test('opening an unread notification lowers every badge by one, emits the event, and lasts', async ({ page, request, signIn }) => {
    const user = await signIn(MANAGER);
    const unread = await serverUnread(request, user);
    expect(unread).toBeGreaterThan(1);
    const inbox = await new InboxPage(page).open();
    await expect(inbox.badges()).toHaveCount(2);
    await expect(inbox.badges().nth(0)).toHaveText(String(unread));
    await expect(inbox.badges().nth(1)).toHaveText(String(unread));

    const row = inbox.row(inbox.notificationList(), /Unread$/).first();
    const title = (await row.locator('.vi-row-title').textContent()) ?? '';
    await row.click();
    await expect(inbox.detail().getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(inbox.detail().getByRole('heading', { level: 2 })).toBeFocused();

    await expect(inbox.badges().nth(0)).toHaveText(String(unread - 1));
    await expect(inbox.badges().nth(1)).toHaveText(String(unread - 1));
    await expect(inbox.events()).toHaveCount(1);
    await expect(inbox.events().first()).toContainText(`"unread":${unread - 1}`);
    await expect(inbox.detail()).toContainText('Read');
    expect(await serverUnread(request, user)).toBe(unread - 1);

    // Back in the list: the row is read now, and has the focus again.
    await inbox.back().click();
    const sameRow = inbox.row(inbox.notificationList(), title).first();
    await expect(sameRow).toBeFocused();
    await expect(sameRow).not.toContainText('Unread');
    await expect(inbox.tab('Notifications')).toContainText(String(unread - 1));

    // Opening it again changes nothing.
    await sameRow.click();
    await inbox.detail().waitFor();
    await expect(inbox.badges().first()).toHaveText(String(unread - 1));
    await expect(inbox.events()).toHaveCount(1);

    await page.reload();
    await expect(inbox.badges()).toHaveCount(2);
    await expect(inbox.badges().nth(0)).toHaveText(String(unread - 1));
    await expect(inbox.badges().nth(1)).toHaveText(String(unread - 1));
  });

  test('a badge in another tab follows at once', async ({ page, context, request, signIn }) => {
    const user = await signIn(MANAGER);
    const unread = await serverUnread(request, user);
    const first = await new InboxPage(page).open();
    const other = await new InboxPage(await context.newPage()).open();
    await expect(other.badges().first()).toHaveText(String(unread));

    await first.openNotification(/Unread$/);
    await expect(first.badges().first()).toHaveText(String(unread - 1));
    await expect(other.badges().nth(0)).toHaveText(String(unread - 1));
    await expect(other.badges().nth(1)).toHaveText(String(unread - 1));
  });

  test('a failed mark-as-read keeps the count and says so', async ({ page, request, signIn, browserProblems }) => {
    browserProblems.allow(/status of 500/);
    const user = await signIn(MANAGER);
    const unread = await serverUnread(request, user);
    await page.route('**/api/v2/notifications/*/mark-as-read', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'Down for maintenance' }] }),
      }),
    );
    const inbox = await new InboxPage(page).open();
    await inbox.openNotification(/Unread$/);
    await inbox.expectToast(MARK_READ_ERROR);
    await expect(inbox.badges().first()).toHaveText(String(unread));
    await expect(inbox.detail()).toContainText('Unread');
    await expect(inbox.events()).toHaveCount(0);
  });

  test('the seeded hostile notification renders as text and safe links, and runs nothing', async ({ page, signIn, browserProblems }) => {
    // Chromium reports a CSP violation when the sanitizer's inert parser meets the
    // payload's onerror attribute (the handler is blocked, never run); that report is
    // expected here, and only here.
    browserProblems.allowCsp(/inline event handler|script-src-attr blocked inline/);
    await signIn(MANAGER);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));

    const inbox = await new InboxPage(page).open();
    await inbox.openNotification(/Security notice/);
    const body = inbox.notificationBody();
    await expect(body).toContainText('Please read this important notice.');
    await expect(body.locator('b')).toHaveText('important');
    await expect(body.getByText('javascript link')).toBeVisible();
    // Only the https link is a link, opened in a new tab without opener or referrer.
    await expect(body.getByRole('link')).toHaveCount(1);
    const link = body.getByRole('link', { name: 'vigil.example/security' });
    await expect(link).toHaveAttribute('href', 'https://vigil.example/security');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await body.evaluate((el) => [...el.querySelectorAll('*')].map((n) => n.localName).sort())).toEqual(['a', 'a', 'b']);
    expect(await body.evaluate((el) => el.querySelector('a:not([href])')?.getAttributeNames() ?? null)).toEqual([]);

    await body.getByText('javascript link').click();
    await body.hover();
    await expect(inbox.detail().getByRole('heading', { level: 2 })).toHaveText('Security notice');
    expect(dialogs).toEqual([]);
    expect(requested.filter((p) => p.endsWith('/x'))).toEqual([]); // the <img src=x> never loaded
    await expectNoA11yViolations(page, { include: ['vigil-inbox'] });
  });

  test('20,000 notifications scroll to the end with a small DOM, loading only the pages on screen', async ({ page, api, signIn }) => {
    test.setTimeout(90_000);
    await api.bulkInbox({ email: MANAGER, notifications: 20_000 });
    await signIn(MANAGER);
    const pageRequests: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/v2/notifications' && !url.searchParams.has('filter[unread]'))
        pageRequests.push(url.searchParams.get('page') ?? '');
    });
    const inbox = await new InboxPage(page).open();
    const list = inbox.notificationList();
    await expect(inbox.rows(list).first()).toHaveAttribute('aria-setsize', '20060');
    await expect(page.getByText('Total: 20,060')).toBeVisible();
    expect(await listNodes(page)).toBeLessThanOrEqual(500);

    // Halfway by the scroll bar: the rows there load.
    await list.evaluate((el) => {
      const scroller = el.parentElement!;
      scroller.scrollTop = scroller.scrollHeight / 2;
    });
    await expect(
      inbox
        .rows(list)
        .getByRole('button', { name: /Generated notification/ })
        .first(),
    ).toBeVisible();
    expect(await listNodes(page)).toBeLessThanOrEqual(500);

    // To the very end by keyboard.
    await inbox.rows(list).getByRole('button').first().focus();
    await page.keyboard.press('End');
    const last = inbox.rows(list).filter({ has: page.getByRole('button', { name: /Generated notification #20000\b/ }) });
    await expect(last).toHaveAttribute('aria-posinset', '20060');
    await expect(last.getByRole('button')).toBeFocused();
    expect(await listNodes(page)).toBeLessThanOrEqual(500);
    await page.keyboard.press('ArrowUp');
    await expect(inbox.rows(list).getByRole('button', { name: /Generated notification #19999\b/ })).toBeFocused();

    // Three positions seen, a handful of the 402 pages asked for.
    expect(new Set(pageRequests).size).toBeLessThan(10);
    expect(pageRequests).toContain('402');
  });

  test('filters: unread only, and incidents by severity', async ({ page, request, signIn }) => {
    const user = await signIn(MANAGER);
    const unread = await serverUnread(request, user);
    const inbox = await new InboxPage(page).open();
    await inbox.unreadOnly().check();
    await expect(page.getByText(`Total: ${unread}`)).toBeVisible();
    await expect(inbox.rows(inbox.notificationList()).first()).toHaveAttribute('aria-setsize', String(unread));
    for (const text of await inbox.rows(inbox.notificationList()).allTextContents()) expect(text).toContain('Unread');

    await inbox.tab('Incidents').click();
    await expect(inbox.tab('Incidents')).toHaveAttribute('aria-pressed', 'true');
    await inbox.severity().selectOption({ label: 'Critical' });
    const rows = inbox.rows(inbox.incidentList());
    await expect(rows.first()).toContainText('Critical');
    for (const text of await rows.allTextContents()) expect(text).toContain('Critical');
    await expect(rows.filter({ hasText: /Severity: (Low|Medium|High)/ })).toHaveCount(0);
  });

  test('by keyboard: arrows move through rows, Enter opens an incident with its images, Back returns', async ({
    page,
    request,
    signIn,
  }) => {
    const user = await signIn(MANAGER);
    // In the inbox's order: open first, worst first.
    const res = await request.get('/api/v2/incidents', {
      params: { per_page: 8, sort: 'attention' },
      headers: { Authorization: `Bearer ${user.token}` },
    });
    const incidents = (
      (await res.json()) as { data: { title: string; media: string[]; handled_by: string | null; acknowledged_at: string | null }[] }
    ).data;
    const index = incidents.findIndex((i) => i.media.length > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    const inbox = await new InboxPage(page).open();
    await inbox.tab('Incidents').click();
    const list = inbox.incidentList();
    // Each row's own button (an open incident's row also has its Acknowledge button beside it).
    const buttons = inbox.rows(list).locator('[part="row"]');
    await buttons.first().waitFor();
    // Only one row is in the Tab order: its button, and its Acknowledge when it has one.
    expect(await buttons.evaluateAll((els) => els.filter((el) => el.getAttribute('tabindex') === '0').length)).toBe(1);
    const tabbableRows = (els: Element[]) => els.filter((el) => el.querySelector('[tabindex="0"]')).length;
    expect(await inbox.rows(list).evaluateAll(tabbableRows)).toBe(1);
    await buttons.first().focus();
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(buttons.nth(index)).toBeFocused();
    const title = incidents[index]!.title;
    await expect(buttons.nth(index)).toContainText(title);
    await page.keyboard.press('Enter');
    const heading = inbox.detail().getByRole('heading', { level: 2, name: title });
    await expect(heading).toBeFocused();
    await expect(inbox.detail()).toContainText('Occurred');
    // Its state: handled, acknowledged or open (the first rows are open ones: the list puts them first).
    const shown = incidents[index]!;
    await expect(inbox.detail()).toContainText(
      shown.handled_by !== null ? 'Handled by' : shown.acknowledged_at ? 'Acknowledged by' : 'Open — nobody has acknowledged it yet',
    );
    // The images came with the token, as object URLs (never the media URL itself).
    const images = inbox.detail().getByRole('img');
    await expect(images).toHaveCount(incidents[index]!.media.length);
    for (const src of await images.evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''))) expect(src).toMatch(/^blob:/);
    await expectNoA11yViolations(page, { include: ['vigil-inbox'] });
    await inbox.back().focus();
    await page.keyboard.press('Enter');
    await expect(inbox.row(list, title).first()).toBeFocused();
    await expectNoA11yViolations(page, { include: ['vigil-inbox'] });
  });
});

test.describe('inbox in the portal', () => {
  test('list → detail → back by links, with page titles; reading lowers the Inbox pill', async ({ page, api, request, signIn }) => {
    const user = await signIn(MANAGER);
    const unread = await serverUnread(request, user);
    const open = await api.openIncidents(MANAGER);
    const inbox = await new InboxPage(page).openPortal('/inbox');
    await expect(inbox.heading('Inbox')).toBeVisible();
    // The title leads with the counts: open incidents, then unread notifications.
    await expect(page).toHaveTitle(`(${open} open · ${unread} unread) Incidents – Inbox | Vigil`);
    await expect(inbox.tab('Incidents')).toHaveAttribute('aria-current', 'page');

    const first = inbox.rows(inbox.incidentList()).first();
    const title = ((await first.locator('.vi-row-title').textContent()) ?? '').trim();
    await inbox.row(inbox.incidentList(), title).first().click();
    await inbox.expectRoute(/^\/inbox\/incident\/[0-9a-f-]{36}$/);
    await expect(inbox.heading(title)).toBeVisible();
    await expect(page).toHaveTitle(`(${open} open · ${unread} unread) ${title} | Vigil`);
    // Project, site and system lead to their portal pages.
    await expect(inbox.detail().getByRole('link').nth(0)).toHaveAttribute('href', /\/project\/[0-9a-f-]{36}$/);
    await expect(inbox.detail().getByRole('link').nth(1)).toHaveAttribute('href', /\/site\/[0-9a-f-]{36}$/);
    await inbox.back().click();
    await inbox.expectRoute('/inbox');

    await inbox.tab('Notifications').click();
    await inbox.expectRoute('/inbox/notifications');
    await expect(inbox.layout.unreadNotifications()).toHaveText(String(unread));
    await inbox
      .row(inbox.notificationList(), /Unread$/)
      .first()
      .click();
    await inbox.expectRoute(/^\/inbox\/notification\/[0-9a-f-]{36}$/);
    await expect(inbox.detail()).toBeVisible();
    await expect(inbox.layout.unreadNotifications()).toHaveText(String(unread - 1));
    await expect(inbox.tab('Notifications')).toHaveCount(0); // a detail page has no tabs
    // The inbox's part of the page (the layout's header has its own suite).
    const main: AxeOptions = { include: [{ fromShadowDom: ['vigil-portal', '#main'] }] };
    await expectNoA11yViolations(page, main);
    await inbox.back().click();
    await inbox.expectRoute('/inbox/notifications');
    await expectNoA11yViolations(page, main);
  });

  test('a list that failed to load loads again when shown again in-app (not only on reload)', async ({ page, signIn, browserProblems }) => {
    browserProblems.allow(/status of 500/);
    await signIn(MANAGER);
    // The list's own calls, which name the language. The same path is asked without one by the
    // header's open-incidents count (filter[open]) and by the live refresh of the newest
    // incidents, which may come first on a busy machine and must not take the failure.
    const isList = (url: URL) =>
      url.pathname.endsWith('/api/v2/incidents') && url.searchParams.has('locale') && !url.searchParams.has('filter[open]');
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && isList(new URL(r.url()))) listCalls.push(r.url());
    });
    // The server is down until the page has shown the failure; then the calls reach it. (Not
    // only the first call: under stress-ng a first call was once superseded by a second one
    // while the page started, which then showed the list, and the failure never showed.)
    let down = true;
    await page.route(isList, (route) =>
      down ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' }) : route.fallback(),
    );
    const inbox = await new InboxPage(page).openPortal('/inbox');
    await expect(page.getByText('The list could not be loaded.')).toBeVisible();
    await expect(inbox.errorToast(/Unable to load incidents/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible(); // the visible retry stays
    down = false;
    const failed = listCalls.length;
    expect(failed).toBeGreaterThan(0);

    // Elsewhere and back by the portal's own links: the list is asked for once more, and shows.
    await inbox.layout.pill('Projects').click();
    await inbox.expectRoute('/');
    await expect(inbox.heading('Projects')).toBeVisible();
    await inbox.layout.pill(/^Inbox/).click();
    await inbox.expectRoute('/inbox');
    await expect(inbox.rows(inbox.incidentList()).first()).toBeVisible();
    await expect(page.getByText('The list could not be loaded.')).toHaveCount(0);
    expect(listCalls).toHaveLength(failed + 1);

    // A loaded list is not asked for again when shown again.
    await inbox.layout.pill('Projects').click();
    await expect(inbox.heading('Projects')).toBeVisible();
    await inbox.layout.pill(/^Inbox/).click();
    await expect(inbox.rows(inbox.incidentList()).first()).toBeVisible();
    expect(listCalls).toHaveLength(failed + 1);
  });

  for (const [kind, resource] of [
    ['incident', 'Incident'],
    ['notification', 'Notification'],
  ] as const) {
    test(`an unknown ${kind} goes to /404 naming it`, async ({ page, signIn, browserProblems }) => {
      browserProblems.allow(/status of 404/);
      await signIn(MANAGER);
      const inbox = await new InboxPage(page).openPortal(`/inbox/${kind}/00000000-0000-4000-8000-00000000dead`);
      await inbox.expectRoute('/404');
      expect(new URL(page.url()).searchParams.get('resource')).toBe(resource);
      await expect(inbox.errorToast()).toHaveCount(0); // a missing item is not an error toast
    });
  }
});
