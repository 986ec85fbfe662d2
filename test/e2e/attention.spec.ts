// One truth for "open": every count of open incidents (project and site cards, the Inbox
// pill, the "Needs attention" view) counts every incident not handled yet, never says "no
// open incidents" while one is open, and links to a list of exactly that many rows; the
// inbox opens on what needs attention, also when the newest incident is handled.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Answers, parse, type CurrentUser } from '../../src/core/api/contract.ts';
import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { portalPath } from './screens/BasePage.ts';
import { InboxPage } from './screens/InboxPage.ts';
import { ProjectsPage } from './screens/ProjectsPage.ts';

const MANAGER = 'manager@vigil.test';
const MY_PROJECTS = [
  { uuid: PROJECTS.northwind, name: 'Northwind Logistics' },
  { uuid: PROJECTS.atlas, name: 'Atlas Data Centres' },
];

/** The open incidents the server lists for `filter` (`meta.total` of `filter[open]=true`). */
async function openCount(request: APIRequestContext, user: CurrentUser, filter: Record<string, string> = {}): Promise<number> {
  const res = await request.get('/api/v2/incidents', {
    params: { 'filter[open]': 'true', per_page: 1, ...filter },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(res.ok()).toBe(true);
  return parse(Answers.incidents, await res.json()).meta.total;
}

/** The sites of a project, as the server answers them. */
async function sitesOf(request: APIRequestContext, user: CurrentUser, project: string): Promise<{ uuid: string; name: string }[]> {
  const res = await request.get(`/api/v2/projects/${project}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.ok()).toBe(true);
  return parse(Answers.project, await res.json()).data.sites.map((s) => ({ uuid: s.uuid, name: s.name }));
}

const countText = (n: number) => `${n.toLocaleString('en-US')} open incident${n === 1 ? '' : 's'}`;
const listTotal = (n: number) => `${n.toLocaleString('en-US')} incident${n === 1 ? '' : 's'}`;

/** A card's health, as a customer reads it: the calm line or the open count. */
async function expectCardCounts(card: Locator, open: number): Promise<void> {
  if (open > 0) {
    await expect(card.locator('[part="health-incidents"]')).toContainText(countText(open));
    await expect(card.getByText(/no open incidents/)).toHaveCount(0);
  } else {
    await expect(card.locator('[part="health-incidents"]')).toHaveCount(0);
  }
}

/** Follows a count's link and checks the list it lands on has exactly that many rows. */
async function expectLinkLandsOnCount(page: Page, link: Locator, count: number, filter: RegExp): Promise<void> {
  await link.click();
  await expect(page).toHaveURL(filter);
  await expect(page).toHaveURL(/[?&]open=1(&|$)/);
  const inbox = new InboxPage(page);
  await expect(page.getByText(listTotal(count), { exact: true })).toBeVisible();
  await expect(inbox.rows(inbox.incidentList()).first()).toHaveAttribute('aria-setsize', String(count));
  // Every row of the list is open.
  for (const text of await inbox.rows(inbox.incidentList()).allTextContents()) expect(text).not.toContain('Handled');
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: /^Needs attention/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('on a fresh seed no card says "no open incidents" while its project or site has open ones, and every count links to its list', async ({
  page,
  request,
  signIn,
}) => {
  const user = await signIn(MANAGER);
  const home = new ProjectsPage(page);
  await home.open();
  let some = 0;
  for (const project of MY_PROJECTS) {
    const open = await openCount(request, user, { 'filter[project]': project.uuid });
    some += open;
    await expectCardCounts(home.card(project.name), open);
  }
  // The seed has open incidents, some older than a day: the cards must show them.
  expect(some).toBeGreaterThan(0);

  for (const project of MY_PROJECTS) {
    const open = await openCount(request, user, { 'filter[project]': project.uuid });
    if (open === 0) continue;
    await home.open();
    const link = home
      .card(project.name)
      .locator('[part="health-incidents"]')
      .getByRole('link', { name: countText(open) });
    await expectLinkLandsOnCount(page, link, open, new RegExp(`[?&]project=${project.uuid}(&|$)`));
  }

  // The site cards of a project page.
  for (const project of MY_PROJECTS) {
    for (const site of await sitesOf(request, user, project.uuid)) {
      const open = await openCount(request, user, { 'filter[site]': site.uuid });
      await page.goto(portalPath(`/project/${project.uuid}`));
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: site.name, exact: true }) });
      await expect(card.locator('[part="health"]')).toBeVisible();
      await expectCardCounts(card, open);
      if (open === 0) continue;
      const link = card.locator('[part="health-incidents"]').getByRole('link', { name: countText(open) });
      await expectLinkLandsOnCount(page, link, open, new RegExp(`[?&]site=${site.uuid}(&|$)`));
    }
  }
});

test('the Inbox pill, the title and "Needs attention · N" count the same open incidents as the list', async ({ page, request, signIn }) => {
  const user = await signIn(MANAGER);
  const open = await openCount(request, user);
  expect(open).toBeGreaterThan(0);
  const inbox = await new InboxPage(page).openPortal('/inbox');
  await expect(page.getByRole('img', { name: countText(open) })).toHaveText(open.toLocaleString('en-US'));
  await expect(page).toHaveTitle(new RegExp(`^\\(${open} open`));
  const view = page.getByRole('group', { name: 'View' }).getByRole('button', { name: `Needs attention · ${open}` });
  await expect(view).toHaveAttribute('aria-pressed', 'false');
  await view.click();
  await expect(page).toHaveURL(/\/inbox\?open=1$/);
  await expect(page.getByText(listTotal(open), { exact: true })).toBeVisible();
  await expect(inbox.rows(inbox.incidentList()).first()).toHaveAttribute('aria-setsize', String(open));
  // Back to every incident, by keyboard: the view is a Tab stop and Enter presses it.
  const all = page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'All', exact: true });
  await all.focus();
  await page.keyboard.press('Enter');
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL((url) => url.pathname.endsWith('/inbox') && url.search === '');
});

test('/inbox opens on an open incident, worst first, even when the newest incident is handled', async ({ page, api, request, signIn }) => {
  const user = await signIn(MANAGER);
  const made = await api.createIncident({ email: MANAGER, severity: 'critical', title: 'Attention test: handled at once' });
  expect((await api.handleIncident(made.uuid)).changed).toBe(true);
  // The newest incident of the account is the handled one.
  const newest = await request.get('/api/v2/incidents', { params: { per_page: 1 }, headers: { Authorization: `Bearer ${user.token}` } });
  expect(parse(Answers.incidents, await newest.json()).data[0]!.uuid).toBe(made.uuid);

  const inbox = await new InboxPage(page).openPortal('/inbox');
  const rows = inbox.rows(inbox.incidentList());
  await expect(rows.first()).toContainText('Open');
  await expect(rows.first()).toContainText('Critical');
  await expect(rows.first()).not.toContainText('Attention test: handled at once');

  // The incident page walks the same order: the first row's next is the list's second row.
  const second = ((await rows.nth(1).locator('.vi-row-title').textContent()) ?? '').trim();
  await rows.first().getByRole('link').click();
  await inbox.expectRoute(/^\/inbox\/incident\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: /^Next/ }).click();
  await expect(inbox.heading(second)).toBeVisible();
});

test('a standalone element links its counts to the portal inbox of exactly those incidents', async ({ page, request, signIn }) => {
  const user = await signIn(MANAGER);
  const open = await openCount(request, user, { 'filter[project]': PROJECTS.atlas });
  expect(open).toBeGreaterThan(0);
  await page.goto(`/demo/try/projects.html?el=vigil-projects`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Atlas Data Centres', exact: true }) });
  const link = card.locator('[part="health-incidents"]').getByRole('link', { name: countText(open) });
  await expect(link).toHaveAttribute('href', `/inbox?project=${PROJECTS.atlas}&open=1`);
  await expectLinkLandsOnCount(page, link, open, new RegExp(`/inbox\\?project=${PROJECTS.atlas}&open=1$`));
});
