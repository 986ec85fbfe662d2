import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The portal's shared layout (header bar): logo, navigation pills, language picker and
 * user menu. Used by the portal's screen objects as `layout`.
 */
export class PortalLayout {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  header(): Locator {
    return this.page.getByRole('banner');
  }

  /** The logo, a link home. */
  logo(): Locator {
    return this.header().getByRole('link', { name: 'Vigil home' });
  }

  /** The main navigation (the only navigation landmark of the header, in any language). */
  nav(): Locator {
    return this.header().getByRole('navigation');
  }

  /** A navigation pill by its text ("Projects", "Inbox", "Help"). */
  pill(name: string | RegExp): Locator {
    return this.nav().getByRole('link', { name });
  }

  /** The Inbox pill, whatever its counts. */
  inboxPill(): Locator {
    return this.pill(/^Inbox\b/);
  }

  /** The Inbox pill's red count, named "N open incidents" ("1 open incident"); absent at 0. */
  openIncidents(): Locator {
    return this.inboxPill().getByRole('img', { name: /^[\d,]+ open incidents?$/ });
  }

  /** The Inbox pill's neutral count, named "N unread notifications"; absent at 0. */
  unreadNotifications(): Locator {
    return this.inboxPill().getByRole('img', { name: /^[\d,]+ unread notifications?$/ });
  }

  /** The language picker (a native select, named "Language" in English). */
  language(): Locator {
    return this.header().getByRole('combobox');
  }

  /**
   * Switches the language with the picker and waits until the page shows it; signed in, also
   * until the choice is saved on the account (the stored user has it), so that a page loaded
   * next starts in it rather than in the language the account had before.
   */
  async chooseLanguage(tag: string): Promise<void> {
    await this.language().selectOption(tag);
    await expect(this.page.locator('html')).toHaveAttribute('lang', tag);
    const screen = new BasePage(this.page);
    const storedLocale = async () => (await screen.storedUser<{ locale?: string }>())?.locale;
    if ((await storedLocale()) !== undefined) await expect.poll(storedLocale).toBe(tag);
  }

  /** "Help" (by its name in the language shown): the menu button with whom to call and the content pages. */
  help(name: string | RegExp = 'Help'): Locator {
    return this.nav().getByRole('button', { name });
  }

  /** An item of the open "Help" menu (a call, a content page), by its name. */
  helpItem(name: string | RegExp): Locator {
    return this.nav().getByRole('menu').getByRole('menuitem', { name });
  }

  /** The user menu's button ("Account: <name>"). */
  userMenu(): Locator {
    return this.header().locator('.user-menu > button[aria-expanded]');
  }

  skipLink(): Locator {
    return this.header().getByRole('button', { name: 'Skip to main content' });
  }

  signOutLink(): Locator {
    return this.header().getByRole('link', { name: 'Sign out' });
  }

  /** Opens the user menu and follows "Sign out". */
  async signOut(): Promise<void> {
    await this.userMenu().click();
    await this.signOutLink().click();
  }
}
