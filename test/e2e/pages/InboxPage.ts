import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The inbox as an integrator embeds it (demo/try/inbox.html): two `<vigil-unread-badge>`
 * (header and side) and one `<vigil-inbox view="notifications">`, each from its own
 * bundle, plus the page's log of `vigil-notification-read` events. The inbox's parts
 * (tabs, filters, list, details) are the same inside the portal.
 */
export class InboxPage extends BasePage {
  override readonly route = '/demo/try/inbox.html';

  /** The try page lives at the server's root, not under the portal's base path. */
  override async open(): Promise<this> {
    await this.page.goto(this.route, { waitUntil: 'domcontentloaded' });
    return this;
  }

  /** Every unread badge of the page (each is a live region named "N unread notifications"). */
  badges(): Locator {
    return this.page.getByRole('status', { name: /unread notifications/ });
  }

  tab(name: 'Incidents' | 'Notifications'): Locator {
    return this.page.getByRole('navigation', { name: 'Inbox sections' }).getByRole('button', { name: new RegExp(`^${name}`) });
  }

  notificationList(): Locator {
    return this.page.getByRole('list', { name: 'Notifications, newest first' });
  }

  incidentList(): Locator {
    return this.page.getByRole('list', { name: 'Incidents, newest first' });
  }

  /** The rows of a list (only those on screen exist: the list is virtualized). */
  rows(list: Locator): Locator {
    return list.getByRole('listitem');
  }

  /** A row's button by (part of) its title. */
  row(list: Locator, title: string | RegExp): Locator {
    return list.getByRole('button', { name: title });
  }

  unreadOnly(): Locator {
    return this.page.getByRole('checkbox', { name: 'Unread only' });
  }

  severity(): Locator {
    return this.page.getByRole('combobox', { name: 'Severity' });
  }

  /** The open detail (an article named by its title). */
  detail(): Locator {
    return this.page.getByRole('article');
  }

  /** The sanitized text of the open notification. */
  notificationBody(): Locator {
    // `part` is the element's public styling contract, so this is no CSS path into its internals.
    return this.detail().locator('[part="notification-body"]');
  }

  back(): Locator {
    return this.page.getByRole('button', { name: /^Back to/ });
  }

  /** The page's own event log (demo/try/inbox.js). */
  events(): Locator {
    return this.page.locator('#events li');
  }

  /** Opens a notification from the list, by its title. */
  async openNotification(title: string | RegExp): Promise<void> {
    await this.row(this.notificationList(), title).first().click();
    await this.detail().waitFor();
  }
}
