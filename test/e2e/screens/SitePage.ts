import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * /site/{uuid}: what is happening at a site (evacuation, security now, cameras, incidents,
 * other systems); /site/{uuid}/schedule: its security hours and exceptions.
 */
export class SitePage extends BasePage {
  async openSite(uuid: string): Promise<this> {
    await this.goto(`/site/${uuid}`);
    return this;
  }

  async openSchedule(uuid: string): Promise<this> {
    await this.goto(`/site/${uuid}/schedule`);
    return this;
  }

  /** The card of one part of the operations view, by its CSS part ("cameras", "incidents"). */
  section(part: 'cameras' | 'incidents' | 'systems-other' | 'schedule-link'): Locator {
    return this.page.locator('vigil-portal').locator(`[part="${part}"]`);
  }

  /** A system's link, by name. */
  system(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  breadcrumbs(): Locator {
    return this.page.getByRole('navigation', { name: 'Breadcrumb' });
  }
}
