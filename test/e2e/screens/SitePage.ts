import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /site/{uuid}: address, time zone, evacuation, systems and security hours. */
export class SitePage extends BasePage {
  async openSite(uuid: string): Promise<this> {
    await this.goto(`/site/${uuid}`);
    return this;
  }

  /** A system's link, by name. */
  system(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: 'Breadcrumb' });
  }
}
