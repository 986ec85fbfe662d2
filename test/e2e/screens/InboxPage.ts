import type { Locator, Page } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { PortalLayout } from './PortalLayout.ts';

/**
 * The inbox. `open()` is the integrator's try page (demo/try/inbox.html): two
 * `<vigil-unread-badge>` (header and side) and one `<vigil-inbox view="notifications">`,
 * each from its own bundle, plus the page's log of the inbox events; there
 * tabs and rows are buttons and a detail opens in place (heading level 2). `openPortal()`
 * is the portal's /inbox routes; there tabs and rows are links to routes (heading level 1).
 */
export class InboxPage extends BasePage {
  override readonly route = '/demo/try/inbox.html';
  readonly layout = new PortalLayout(this.page);

  /** The try page lives at the server's root, not under the portal's base path. */
  override async open(): Promise<this> {
    await this.page.goto(this.route, { waitUntil: 'domcontentloaded' });
    return this;
  }

  /** A portal route: '/inbox', '/inbox/notifications', '/inbox/incident/{uuid}', … */
  async openPortal(route: string): Promise<this> {
    await this.goto(route);
    return this;
  }

  /** A link or a button (the portal and the element differ only in that). */
  private action(scope: Page | Locator, name: string | RegExp): Locator {
    return scope.getByRole('link', { name }).or(scope.getByRole('button', { name }));
  }

  /** Every unread badge of the page (each is a live region named "N unread notifications"). */
  badges(): Locator {
    return this.page.getByRole('status', { name: /unread notifications/ });
  }

  tab(name: 'Incidents' | 'Notifications'): Locator {
    return this.action(this.page.getByRole('navigation', { name: 'Inbox sections' }), new RegExp(`^${name}`));
  }

  notificationList(): Locator {
    return this.page.getByRole('list', { name: 'Notifications, newest first' });
  }

  incidentList(): Locator {
    return this.page.getByRole('list', { name: 'Incidents, open first, worst first' });
  }

  /** The rows of a list (only those on screen exist: the list is virtualized). */
  rows(list: Locator): Locator {
    return list.getByRole('listitem');
  }

  /** A row's button (or link, in the portal) by (part of) its title. */
  row(list: Locator, title: string | RegExp): Locator {
    return this.action(list, title);
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
    return this.action(this.page, /^Back to/);
  }

  /** The page's own event log (demo/try/inbox.js): `vigil-notification-read` entries, or those of `name`. */
  events(name = 'vigil-notification-read'): Locator {
    return this.page.locator('#events li').filter({ hasText: new RegExp(`^${name} `) });
  }

  /** Opens a notification from the list, by its title. */
  async openNotification(title: string | RegExp): Promise<void> {
    await this.row(this.notificationList(), title).first().click();
    await this.detail().waitFor();
  }
}
