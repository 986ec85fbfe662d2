// Invitations end to end: a manager adds a new e-mail and sees the person as invited; the
// invited person opens the link of the last "mail" in a browser of their own, chooses a
// password, accepts the terms and lands signed in on the home page; a link sent again
// replaces the old one; a cancelled invitation's link no longer works.
import type { APIRequestContext, Page } from '@playwright/test';
import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, test, type AxeOptions } from './fixtures.ts';
import { ProjectUsersPage } from './screens/ProjectUsersPage.ts';

const MANAGER = 'manager@vigil.test';
const NW = PROJECTS.northwind;
const MAIN: AxeOptions = { include: [{ fromShadowDom: ['vigil-portal', '#main'] }] };

/** The path of the last invitation link the demo server "mailed". */
async function lastInviteLink(request: APIRequestContext): Promise<string> {
  const res = await request.get('/__test/last-invite-link');
  expect(res.status()).toBe(200);
  const url = ((await res.json()) as { data: string | null }).data;
  expect(url).toMatch(/\/invitation\/[0-9a-f]{64}$/);
  return new URL(url!).pathname;
}

/** Opens the invitation page in `page` and waits for its outcome. */
async function openInvitation(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('invitations', () => {
  test('the invited person follows the link, sets a password, accepts the terms and lands signed in', async ({
    page,
    browser,
    baseURL,
    request,
    signIn,
  }) => {
    test.slow(); // two browsers, two axe runs
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.addUser({ email: 'ines.claes@northwind.example', name: 'Ines Claes', permissions: ['Evacuate'] });
    await users.expectToast('Ines Claes was invited to the project.');
    await expect(users.row('Ines Claes')).toContainText('Invited');
    await expect(users.removeButton('Ines Claes')).toHaveCount(0);
    await expectNoA11yViolations(page, MAIN);
    const first = await lastInviteLink(request);

    // Sent again: a new link; the first one stops working.
    await users.resendButton('Ines Claes').click();
    await users.expectToast('A new invitation was sent to Ines Claes. The earlier link no longer works.');
    const link = await lastInviteLink(request);
    expect(link).not.toBe(first);

    const context = await browser.newContext({ baseURL });
    try {
      const invitee = await context.newPage();
      await openInvitation(invitee, first);
      await expect(invitee.getByRole('alert')).toContainText('This invitation link does not work.');

      await openInvitation(invitee, link);
      await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Join Northwind Logistics');
      await expect(invitee.getByText('You were invited as Ines Claes (ines.claes@northwind.example).')).toBeVisible();
      await expectNoA11yViolations(invitee, MAIN);

      // By keyboard: the new password has the focus; the terms must be ticked.
      const password = invitee.getByLabel('New password', { exact: true });
      await expect(password).toBeFocused();
      await invitee.keyboard.type('ines-new-password');
      await invitee.keyboard.press('Tab');
      await invitee.keyboard.type('ines-new-password');
      await invitee.keyboard.press('Enter');
      const terms = invitee.getByRole('checkbox', { name: 'I accept the terms of use' });
      await expect(terms).toBeFocused();
      await expect(terms).toHaveAccessibleDescription('Accept the terms of use to continue.');
      await invitee.keyboard.press('Space');
      await invitee.keyboard.press('Tab');
      await expect(invitee.getByRole('button', { name: 'Accept and sign in' })).toBeFocused();
      await invitee.keyboard.press('Enter');

      await expect(invitee).toHaveURL(/\/$/);
      await expect(invitee.getByRole('link', { name: /Northwind Logistics/ }).first()).toBeVisible();
      // The link is spent.
      const again = await request.get(`/api/v2/invitations/${link.split('/').pop()}`);
      expect(again.status()).toBe(410);
    } finally {
      await context.close();
    }

    // Ines came in: the manager sees a member like any other, who may be removed.
    await page.reload();
    await expect(users.row('Ines Claes')).not.toContainText('Invited');
    await expect(users.resendButton('Ines Claes')).toHaveCount(0);
    await users.removeUser('Ines Claes');
    await users.expectToast('Ines Claes was removed from the project.');
    await expect(users.row('Ines Claes')).toHaveCount(0);
  });

  test('a cancelled invitation leaves the list, and its link no longer works', async ({ page, request, signIn }) => {
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.addUser({ email: 'temp@northwind.example', name: 'Temp Worker', permissions: [] });
    await expect(users.row('Temp Worker')).toContainText('Invited');
    const link = await lastInviteLink(request);

    await users.cancelInvitationButton('Temp Worker').click();
    await expect(users.dialog()).toContainText('Temp Worker (temp@northwind.example) will not join this project');
    await page.keyboard.press('Escape');
    await expect(users.dialog()).toHaveCount(0);
    await expect(users.row('Temp Worker')).toBeVisible();

    await users.cancelInvitationButton('Temp Worker').click();
    await users.dialog().getByRole('button', { name: 'Cancel invitation' }).click();
    await users.expectToast('The invitation of Temp Worker was cancelled.');
    await expect(users.row('Temp Worker')).toHaveCount(0);
    expect((await request.get(`/api/v2/invitations/${link.split('/').pop()}`)).status()).toBe(404);
  });
});
