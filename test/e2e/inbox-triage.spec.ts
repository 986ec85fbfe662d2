// The inbox as a place to triage: a filtered view opened from a shared link, previous /
// next through that filtered list on the incident page, the way on from an incident (its
// live cameras, the control room's phone), and one page scroll instead of a list box.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Answers, parse, type CurrentUser, type Incident } from '../../src/core/api/contract.ts';
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';

const MANAGER = 'manager@vigil.test';
const ANTWERP = SITES.antwerpWarehouse;

/** The incidents the server lists for this query (in the inbox's order, worst open first), as the portal asks for them. */
async function serverList(
  request: APIRequestContext,
  user: CurrentUser,
  query: Record<string, string>,
): Promise<{ data: Incident[]; total: number }> {
  const res = await request.get('/api/v2/incidents', {
    params: { per_page: 100, sort: 'attention', ...query },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.ok()).toBe(true);
  const { data, meta } = parse(Answers.incidents, await res.json());
  return { data, total: meta.total };
}

const list = (page: Page) => page.getByRole('list', { name: 'Incidents, open first, worst first' });
const rows = (page: Page) => list(page).getByRole('link');
const filters = (page: Page) => page.getByRole('group', { name: 'Filters' });
/** The "Needs attention · N" view (the open-only filter). */
const attention = (page: Page) => page.getByRole('group', { name: 'View' }).getByRole('button', { name: /^Needs attention/ });

test('a shared link opens the inbox filtered by site and open only, and the filters survive a reload', async ({
  page,
  request,
  signIn,
}) => {
  const user = await signIn(MANAGER);
  const expected = await serverList(request, user, { 'filter[site]': ANTWERP, 'filter[open]': 'true' });
  const all = await serverList(request, user, {});
  expect(expected.total).toBeGreaterThan(1);
  expect(expected.total).toBeLessThan(all.total);

  await page.goto(portalPath(`/inbox?site=${ANTWERP}&open=1`));
  await expect(page.getByText(`${expected.total} incidents`, { exact: true })).toBeVisible();
  await expect(filters(page).getByLabel('Site')).toHaveValue(ANTWERP);
  await expect(attention(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(rows(page).first()).toContainText(expected.data[0]!.title);
  // Every row shown is open and of that site (in words, not only colour).
  const shown = await rows(page).count();
  expect(shown).toBeGreaterThan(0);
  for (let i = 0; i < shown; i++) {
    await expect(rows(page).nth(i)).toContainText('Antwerp Port Warehouse');
    await expect(rows(page).nth(i)).toContainText('Open');
  }

  await page.reload();
  await expect(page.getByText(`${expected.total} incidents`, { exact: true })).toBeVisible();
  await expect(attention(page)).toHaveAttribute('aria-pressed', 'true');

  // Another filter is written into the address in place; Clear filters empties it but keeps
  // the view, and "All" leaves the view.
  const open = await serverList(request, user, { 'filter[open]': 'true' });
  await filters(page).getByLabel('Severity').selectOption('low');
  await expect(page).toHaveURL(/severity=low/);
  await expect(page).toHaveURL(/open=1/);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL((url) => url.search === '?open=1');
  await expect(page.getByText(`${open.total} incidents`, { exact: true })).toBeVisible();
  await expect(attention(page)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL((url) => url.search === '');
  await expect(page.getByText(`${all.total} incidents`, { exact: true })).toBeVisible();
  await expect(attention(page)).toHaveAttribute('aria-pressed', 'false');
});

test('filters that match nothing say so and offer to clear them', async ({ page, signIn }) => {
  await signIn(MANAGER);
  await page.goto(portalPath(`/inbox?site=${ANTWERP}&from=2001-01-01&to=2001-01-02`));
  await expect(page.getByText('No incidents match these filters.')).toBeVisible();
  await page.getByRole('status').getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page).first()).toBeVisible();
  await expect(page).toHaveURL((url) => url.search === '');
});

test('values in the link it cannot read are reset with a message, not a broken page', async ({ page, signIn }) => {
  await signIn(MANAGER);
  await page.goto(portalPath(`/inbox?site=${ANTWERP}&open=maybe&from=yesterday`));
  await expect(page.getByRole('alert')).toContainText('Some filters in this link could not be read');
  await expect(filters(page).getByLabel('Site')).toHaveValue(ANTWERP);
  await expect(page).toHaveURL((url) => url.search === `?site=${ANTWERP}`);
  await expect(rows(page).first()).toContainText('Antwerp Port Warehouse');
});

test('previous and next on the incident page walk the filtered list, and Back returns to it', async ({ page, request, signIn }) => {
  const user = await signIn(MANAGER);
  const { data, total } = await serverList(request, user, { 'filter[site]': ANTWERP, 'filter[open]': 'true' });
  expect(total).toBeGreaterThan(2);

  await page.goto(portalPath(`/inbox?site=${ANTWERP}&open=1`));
  await rows(page).first().click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(data[0]!.title);
  await expect(page).toHaveURL(new RegExp(`/inbox/incident/${data[0]!.uuid}\\?site=${ANTWERP}&open=1$`));
  const walk = page.getByRole('navigation', { name: 'Incidents in this list' });
  await expect(walk).toContainText(`Incident 1 of ${total}`);
  await expect(walk.getByRole('link', { name: 'Previous incident' })).toHaveCount(0);

  await walk.getByRole('link', { name: 'Next incident' }).click();
  await expect(heading).toHaveText(data[1]!.title);
  await expect(walk).toContainText(`Incident 2 of ${total}`);
  await walk.getByRole('link', { name: 'Next incident' }).click();
  await expect(heading).toHaveText(data[2]!.title);
  await expect(page).toHaveURL(new RegExp(`/inbox/incident/${data[2]!.uuid}\\?site=${ANTWERP}&open=1$`));
  await walk.getByRole('link', { name: 'Previous incident' }).click();
  await expect(heading).toHaveText(data[1]!.title);

  // The walk is the same after a reload (opened from the link, not from the list).
  await page.reload();
  await expect(walk).toContainText(`Incident 2 of ${total}`);
  await expect(walk.getByRole('link', { name: 'Next incident' })).toHaveAttribute(
    'href',
    portalPath(`/inbox/incident/${data[2]!.uuid}?site=${ANTWERP}&open=1`),
  );

  await page.getByRole('link', { name: 'Back to incidents' }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?site=${ANTWERP}&open=1$`));
  await expect(page.getByText(`${total} incidents`, { exact: true })).toBeVisible();
});

test('an incident offers its live cameras and the control room by phone; open says open, handled says who and what', async ({
  page,
  request,
  signIn,
  api,
}) => {
  const user = await signIn(MANAGER);
  const open = (await serverList(request, user, { 'filter[site]': ANTWERP, 'filter[open]': 'true' })).data.find((i) => i.system)!;
  await page.goto(portalPath(`/inbox/incident/${open.uuid}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(open.title);

  const call = page.getByRole('link', { name: 'Call the control room +32 3 555 01 23' });
  await expect(call).toHaveAttribute('href', 'tel:+3235550123');
  const live = page.getByRole('link', { name: /^View live/ });
  await expect(live).toHaveAttribute('href', portalPath(`/system/${open.system!.uuid}`));
  await expect(page.getByText('Open — nobody has acknowledged it yet')).toBeVisible();
  await expect(page.getByText('Not handled yet')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Outcome' })).toHaveCount(0);

  // The control room handles it: the page shows the outcome, live.
  const handled = await api.handleIncident(open.uuid);
  expect(handled.changed).toBe(true);
  await expect(page.getByRole('heading', { name: 'Outcome' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Handled by \S+/)).toBeVisible();
  await expect(page.getByText('Open — nobody has acknowledged it yet')).toHaveCount(0);

  await live.click();
  await expect(page).toHaveURL(new RegExp(`/system/${open.system!.uuid}$`));
});

/** The inbox filtered to Antwerp, and the row of its newest open incident, shown as Open. */
async function openAntwerpInbox(page: Page, request: APIRequestContext, user: CurrentUser): Promise<{ uuid: string; row: Locator }> {
  const { data } = await serverList(request, user, { 'filter[site]': ANTWERP, 'filter[open]': 'true' });
  const uuid = data[0]!.uuid;
  await page.goto(portalPath(`/inbox?site=${ANTWERP}`));
  const row = list(page).locator(`a[href*="${uuid}"]`);
  await expect(row).toContainText('Open');
  return { uuid, row };
}

test('a row changes to Handled when the control room handles it, and new incidents arrive on top', async ({
  page,
  request,
  signIn,
  api,
}) => {
  const { uuid, row } = await openAntwerpInbox(page, request, await signIn(MANAGER));
  await api.handleIncident(uuid);
  await expect(row).toContainText('Handled', { timeout: 15_000 });

  // Critical: the list puts the worst open incidents first.
  const fresh = await api.createIncident({ site: ANTWERP, severity: 'critical', title: 'Ladder against the fence' });
  await expect(rows(page).first()).toContainText(fresh.title, { timeout: 15_000 });
});

test('a change made while the live code is still loading reaches the list (the stream asks from the page start)', async ({
  page,
  request,
  signIn,
  api,
}) => {
  const user = await signIn(MANAGER);
  // The live channel's code is held back (a slow connection, a busy machine) until the
  // control room has handled the incident the list shows as open.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route(/\/dist\/chunks\/live-[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('/api/v2/events')) {
      held++;
      await released;
    }
    await route.fulfill({ response, body });
  });
  const { uuid, row } = await openAntwerpInbox(page, request, user);
  await expect.poll(() => held, { message: 'the live code was requested' }).toBe(1);
  await api.handleIncident(uuid);
  release();
  await expect(row).toContainText('Handled', { timeout: 15_000 });
});

test('the inbox page scrolls once: the list has no scroll box of its own', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(MANAGER);
  await page.goto(portalPath('/inbox'));
  await expect(rows(page).first()).toBeVisible();
  const box = page.locator('vigil-portal').locator('[part="list"]');
  const own = await box.evaluate((el) => ({ overflow: getComputedStyle(el).overflowY, scroll: el.scrollHeight, client: el.clientHeight }));
  expect(['visible', 'clip']).toContain(own.overflow);
  expect(own.scroll).toBeLessThanOrEqual(own.client + 1);
  // The page holds the whole list's height, and scrolling the page brings later rows.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(900 * 3);
  const firstTitle = await rows(page).first().textContent();
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  await expect.poll(async () => (await list(page).locator('li').first().textContent()) !== firstTitle).toBe(true);
  // Still virtualized: only the rows around the window are in the DOM.
  expect(await list(page).locator('li').count()).toBeLessThan(40);

  // The keyboard still moves through the rows (and the page follows).
  await rows(page).first().focus();
  await page.keyboard.press('End');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(5000);
  await expect(list(page).locator('li').last().getByRole('link')).toBeFocused();
});
