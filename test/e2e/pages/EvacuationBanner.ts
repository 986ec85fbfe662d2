import type { Locator, Page } from '@playwright/test';

/**
 * The evacuation banner of the portal's project page (a component object: the project
 * page's own page object belongs to the projects screens).
 */
export class EvacuationBanner {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The banner (a region named by its heading). */
  root(): Locator {
    return this.page.getByRole('region', { name: 'Evacuation in progress' });
  }

  /** One row of the banner: the whole project, or a site, by its visible name. */
  row(name: string | RegExp): Locator {
    return this.root().getByRole('listitem').filter({ hasText: name });
  }

  rows(): Locator {
    return this.root().getByRole('listitem');
  }

  /** The row's Abort button (its accessible name ends with the project or site name). */
  abortButton(name: string | RegExp): Locator {
    return this.row(name).getByRole('button', { name: /^Abort evacuation/ });
  }

  dialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  async abort(name: string | RegExp): Promise<void> {
    await this.abortButton(name).click();
    await this.dialog().getByRole('button', { name: 'Abort evacuation' }).click();
  }

  /** The note shown once the last evacuation ended while the page was open. */
  endedNote(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'The evacuation has ended' });
  }
}
