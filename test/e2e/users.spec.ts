// Project users in the portal (/projects/{uuid}/users): a manager adds, edits and removes
// members and the list is what the server holds after a reload; server validation lands
// on the fields; users without 'manage users' land on the project page; the signed-in
// user cannot take away their own access by accident.
import type { APIRequestContext } from '@playwright/test';
import type { CurrentUser, ProjectUser } from '../../src/core/api/contract.ts';
import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, SEED_PASSWORD, test, type AxeOptions } from './fixtures.ts';
import { ProjectUsersPage } from './screens/ProjectUsersPage.ts';

const MANAGER = 'manager@vigil.test';
const NW = PROJECTS.northwind; // manager has 'manage users' here
/**
 * axe on this page's content (the portal's <main>, dialogs included): the layout around it
 * is the portal's to check (its skip link targets #main inside its shadow root, which axe's
 * skip-link rule cannot follow).
 */
const MAIN: AxeOptions = { include: [{ fromShadowDom: ['vigil-portal', '#main'] }] };
const ADD_ERROR = 'Something went wrong. Unable to add the user. Please try again by refreshing the page or contact our support.';

async function serverUsers(request: APIRequestContext, user: CurrentUser, project = NW): Promise<ProjectUser[]> {
  const res = await request.get(`/api/v2/projects/${project}/users`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ProjectUser[] }).data;
}

test.describe('project users', () => {
  test('a manager adds, edits and removes a user; the list is the server’s after a reload', async ({ page, request, signIn }) => {
    test.slow(); // three round trips, two reloads and two axe runs
    const manager = await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await expect(users.heading('Users of Northwind Logistics')).toBeVisible();
    await expect(users.rows()).toHaveCount(4);
    await expectNoA11yViolations(page, MAIN);

    // Add
    await users.addUser({ email: 'ann.smith@northwind.example', name: 'Ann Smith', permissions: ['Evacuate'] });
    await users.expectToast('Ann Smith was invited to the project.');
    await expect(users.form()).toHaveCount(0);
    await expect(users.addButton()).toBeFocused();
    await expect(users.row('Ann Smith')).toContainText('ann.smith@northwind.example');
    await expect(users.row('Ann Smith').getByRole('listitem')).toHaveText(['View', 'Evacuate']);
    const added = (await serverUsers(request, manager)).find((u) => u.email === 'ann.smith@northwind.example');
    expect(added).toMatchObject({ name: 'Ann Smith', permissions: ['view', 'evacuate'] });

    // Edit name and permissions
    await users.editButton('Ann Smith').click();
    await expect(users.nameField()).toBeFocused();
    await users.nameField().fill('Ann Smith-Jones');
    await users.permission('Evacuate').uncheck();
    await users.permission('Edit schedules').check();
    await users.submit().click();
    await users.expectToast('The changes to Ann Smith-Jones were saved.');
    await expect(users.editButton('Ann Smith-Jones')).toBeFocused();
    await expect(users.row('Ann Smith-Jones').getByRole('listitem')).toHaveText(['View', 'Edit schedules']);

    await page.reload();
    await expect(users.row('Ann Smith-Jones').getByRole('listitem')).toHaveText(['View', 'Edit schedules']);
    expect((await serverUsers(request, manager)).find((u) => u.uuid === added!.uuid)).toMatchObject({
      name: 'Ann Smith-Jones',
      permissions: ['view', 'edit schedules'],
    });

    // Ann is invited (she has not come in yet): her invitation is cancelled, after a
    // confirmation that names her (removing a member who joined: invitations.spec.ts).
    await expect(users.removeButton('Ann Smith-Jones')).toHaveCount(0);
    await users.cancelInvitationButton('Ann Smith-Jones').click();
    await expect(users.dialog()).toContainText('Cancel the invitation of Ann Smith-Jones?');
    await expect(users.dialog().getByRole('button', { name: 'Keep invitation' })).toBeFocused();
    await expectNoA11yViolations(page, MAIN);
    await users.dialog().getByRole('button', { name: 'Cancel invitation' }).click();
    await users.expectToast('The invitation of Ann Smith-Jones was cancelled.');
    await expect(users.row('Ann Smith-Jones')).toHaveCount(0);

    await page.reload();
    await expect(users.rows()).toHaveCount(4);
    await expect(users.row('Ann Smith-Jones')).toHaveCount(0);
    expect((await serverUsers(request, manager)).map((u) => u.email)).not.toContain('ann.smith@northwind.example');
  });

  test('server validation errors land on their fields and the form keeps its input', async ({ page, signIn, browserProblems }) => {
    browserProblems.allow(/status of 422/); // Chromium logs the refused request
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.addUser({ email: 'tom.becker@northwind.example', name: 'Tom Again', permissions: ['Evacuate'] });
    await expect(users.emailField()).toHaveAttribute('aria-invalid', 'true');
    await expect(users.emailField()).toHaveAccessibleDescription(/This user is already a member of the project\./);
    await expect(users.emailField()).toBeFocused();
    await expect(users.emailField()).toHaveValue('tom.becker@northwind.example');
    await expect(users.nameField()).toHaveValue('Tom Again');
    await expect(users.nameField()).not.toHaveAttribute('aria-invalid', 'true');
    await expect(users.permission('Evacuate')).toBeChecked();
    await expect(users.errorToast(ADD_ERROR)).toHaveCount(0);
    await expectNoA11yViolations(page, MAIN);
    await expect(users.rows()).toHaveCount(4);
  });

  test("renaming a member shared with another customer changes only this project's name, not the account's", async ({
    page,
    request,
    signIn,
  }) => {
    const manager = await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    // Vic Viewer is also a member of Hudson, which this manager does not manage: the same form, the same answer.
    await users.editButton('Vic Viewer').click();
    await expect(users.nameField()).toHaveAccessibleDescription(/How this project shows the person/);
    await users.nameField().fill('Victor Renamed');
    await users.permission('Evacuate').uncheck();
    await users.submit().click();
    await users.expectToast('The changes to Victor Renamed were saved.');
    expect((await serverUsers(request, manager)).find((u) => u.email === 'viewer@vigil.test')).toMatchObject({
      name: 'Victor Renamed',
      permissions: ['view'],
    });
    // His own account keeps its name.
    const vic = await request.post('/api/v2/user/login', { data: { email: 'viewer@vigil.test', password: SEED_PASSWORD } });
    const token = ((await vic.json()) as { data: { token: string } }).data.token;
    const own = await request.get('/api/v2/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await own.json()) as { data: { name: string } }).data.name).toBe('Vic Viewer');
    // Back as it was, for the tests that follow.
    await users.editButton('Victor Renamed').click();
    await users.nameField().fill('Vic Viewer');
    await users.permission('Evacuate').check();
    await users.submit().click();
    await users.expectToast('The changes to Vic Viewer were saved.');
  });

  test('checks the form before sending, by keyboard alone', async ({ page, signIn }) => {
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/users')) posts++;
    });
    await users.addButton().focus();
    await page.keyboard.press('Enter');
    await expect(users.emailField()).toBeFocused();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Tab'); // to Name
    await expect(users.nameField()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(users.emailField()).toHaveAttribute('aria-invalid', 'true');
    await expect(users.emailField()).toHaveAccessibleDescription(/Enter a valid e-mail address/);
    await expect(users.nameField()).toHaveAccessibleDescription(/^Enter a name\. How this project shows the person/);
    await expect(users.emailField()).toBeFocused();
    expect(posts).toBe(0);
  });

  test('sorts by name and e-mail, and searches', async ({ page, signIn }) => {
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await expect(users.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(await users.names()).toEqual(['Morgan Manager', 'Sofie Peeters', 'Tom Becker', 'Vic Viewer']);
    await users.sortButton('Name').click();
    await expect(users.columnHeader('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(await users.names()).toEqual(['Vic Viewer', 'Tom Becker', 'Sofie Peeters', 'Morgan Manager']);
    await users.sortButton('E-mail').click();
    await expect(users.columnHeader('E-mail')).toHaveAttribute('aria-sort', 'ascending');
    expect(await users.names()).toEqual(['Morgan Manager', 'Sofie Peeters', 'Tom Becker', 'Vic Viewer']);
    await users.search().fill('northwind.example');
    await expect(users.rows()).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: '2 of 4 users match' })).toBeVisible();
  });

  test('viewer@vigil.test opening the users page lands on the project page', async ({ page, signIn }) => {
    await signIn('viewer@vigil.test');
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.expectRoute(`/project/${NW}`);
    await expect(users.table()).toHaveCount(0);
  });

  test("a manager without 'manage users' on this project lands on the project page", async ({ page, signIn }) => {
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(PROJECTS.atlas);
    await users.expectRoute(`/project/${PROJECTS.atlas}`);
  });

  test('the only manager cannot remove themselves or untick their own "Manage users"', async ({ page, signIn }) => {
    await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.removeButton('Morgan Manager').click();
    await expect(users.row('Morgan Manager').locator('xpath=following-sibling::tr[1]')).toContainText('you cannot remove yourself');
    await expect(users.dialog()).toHaveCount(0);
    await users.editButton('Morgan Manager').click();
    await expect(users.permission('Manage users')).toBeDisabled();
    await expect(users.permission('Manage users')).toBeChecked();
    await expect(users.permission('Manage users')).toHaveAccessibleDescription(/You are the only user who can manage users/);
  });

  test('unticking your own "Manage users" asks first, then leaves for the project page', async ({ page, request, signIn }) => {
    const manager = await signIn(MANAGER);
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.addUser({ email: 'deputy@northwind.example', name: 'Deputy Manager', permissions: ['Manage users'] });
    await expect(users.row('Deputy Manager')).toBeVisible();
    // An invited manager does not count until they come in: the deputy accepts the invitation.
    const invite = (await (await request.get('/__test/last-invite-link')).json()) as { meta: { token: string } };
    const accepted = await request.post(`/api/v2/invitations/${invite.meta.token}/accept`, {
      data: { password: 'deputy-password', accept_terms: true },
    });
    expect(accepted.status()).toBe(200);
    await page.reload();
    await expect(users.removeButton('Deputy Manager')).toBeVisible();

    await users.editButton('Morgan Manager').click();
    await users.permission('Manage users').uncheck();
    await users.submit().click();
    await expect(users.dialog()).toContainText('You will lose access to this page');
    await expect(users.dialog().getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(users.dialog()).toHaveCount(0);
    await expect(users.permission('Manage users')).not.toBeChecked(); // the form keeps the choice

    await users.submit().click();
    await users.dialog().getByRole('button', { name: 'Yes, take it away' }).click();
    await users.expectRoute(`/project/${NW}`);
    const res = await request.get(`/api/v2/projects/${NW}`, { headers: { Authorization: `Bearer ${manager.token}` } });
    expect(((await res.json()) as { data: { permissions: string[] } }).data.permissions).not.toContain('manage users');
  });
  test('a manager offers only the permissions she holds herself', async ({ page, request, signIn }) => {
    const manager = await signIn(MANAGER);
    const vic = (await serverUsers(request, manager)).find((u) => u.email === 'viewer@vigil.test')!;
    const raise = await request.patch(`/api/v2/projects/${NW}/users/${vic.uuid}`, {
      headers: { Authorization: `Bearer ${manager.token}` },
      data: { permissions: ['view', 'manage users'] },
    });
    expect(raise.status()).toBe(200);
    await signIn('viewer@vigil.test');
    const users = await new ProjectUsersPage(page).openFor(NW);
    await users.addButton().click();
    for (const name of ['Evacuate', 'Edit schedules']) {
      await expect(users.permission(name)).toBeDisabled();
      await expect(users.permission(name)).not.toBeChecked();
      await expect(users.permission(name)).toHaveAccessibleDescription(/You do not hold this permission yourself/);
    }
    await expect(users.permission('Manage users')).toBeEnabled();
    await expect(users.permission('View')).toBeDisabled();
    await expect(users.permission('View')).toBeChecked();
    await expectNoA11yViolations(page, MAIN);
    // Sofie holds evacuate and edit schedules: editing her keeps them as they are.
    await users.form().getByRole('button', { name: 'Cancel' }).click();
    await users.editButton('Sofie Peeters').click();
    await expect(users.permission('Evacuate')).toBeChecked();
    await expect(users.permission('Evacuate')).toBeDisabled();
  });
});
