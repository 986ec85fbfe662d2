import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

export interface NewUser {
  email: string;
  name: string;
  /** Permission names as shown ('View', 'Manage users', 'Evacuate', 'Edit schedules'). */
  permissions?: string[];
}

/**
 * The project users page (/projects/{uuid}/users), in the portal. The same parts are in
 * `<vigil-project-users>`.
 */
export class ProjectUsersPage extends BasePage {
  async openFor(project: string): Promise<this> {
    await this.goto(`/projects/${project}/users`);
    return this;
  }

  /** The members table (named by its caption "Users of …"). */
  table(): Locator {
    return this.page.getByRole('table', { name: /^Users of / });
  }

  /** The member rows (not the header row). */
  rows(): Locator {
    return this.table().locator('tbody').getByRole('row');
  }

  /** A member's row, by name or e-mail. */
  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** The names in the order shown. */
  async names(): Promise<string[]> {
    return this.table().locator('.vu-name').allTextContents();
  }

  /** A sortable column's button ('Name' or 'E-mail') and its header cell (with aria-sort). */
  sortButton(column: 'Name' | 'E-mail'): Locator {
    return this.table().getByRole('columnheader').getByRole('button', { name: column, exact: true });
  }
  columnHeader(column: 'Name' | 'E-mail'): Locator {
    return this.table().getByRole('columnheader', { name: column, exact: true });
  }

  search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search users' });
  }

  /** The toolbar's "Add user" (hidden while the add form is open). */
  addButton(): Locator {
    return this.page.getByRole('button', { name: 'Add user', exact: true }).first();
  }

  /** The open add or edit form. */
  form(): Locator {
    return this.page.getByRole('form', { name: /^(Add a user|Edit )/ });
  }
  emailField(): Locator {
    return this.form().getByLabel('E-mail', { exact: true });
  }
  nameField(): Locator {
    return this.form().getByLabel('Name', { exact: true });
  }
  permission(name: string): Locator {
    return this.form().getByRole('checkbox', { name, exact: true });
  }
  submit(): Locator {
    return this.form().getByRole('button', { name: /^(Add user|Save changes)$/ });
  }

  editButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Edit ${name}`, exact: true });
  }
  removeButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Remove ${name}`, exact: true });
  }
  resendButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Resend the invitation to ${name}`, exact: true });
  }
  cancelInvitationButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Cancel the invitation of ${name}`, exact: true });
  }
  dialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** Opens the add form, fills it in and sends it. */
  async addUser(user: NewUser): Promise<void> {
    await this.addButton().click();
    await this.emailField().fill(user.email);
    await this.nameField().fill(user.name);
    for (const p of user.permissions ?? []) await this.permission(p).check();
    await this.submit().click();
  }

  /** Removes a member through the confirmation dialog. */
  async removeUser(name: string): Promise<void> {
    await this.removeButton(name).click();
    await this.dialog().getByRole('button', { name: 'Remove user' }).click();
  }
}
