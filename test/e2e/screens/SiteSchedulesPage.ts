import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The multi-site schedules editor of a project: the portal's /projects/{uuid}/site-schedules,
 * or `<vigil-site-schedules>` on its own (`openElement`).
 */
export class SiteSchedulesPage extends BasePage {
  async openProject(uuid: string): Promise<this> {
    await this.goto(`/projects/${uuid}/site-schedules`);
    await expect(this.heading('Site security hours')).toBeVisible();
    return this;
  }

  /** `<vigil-site-schedules project=…>` alone on a page (the schedules try page). */
  async openElement(uuid: string): Promise<this> {
    await this.page.goto(`/demo/try/schedules.html?el=vigil-site-schedules&project=${uuid}`, { waitUntil: 'domcontentloaded' });
    await expect(this.heading('Site security hours')).toBeVisible();
    return this;
  }

  /** A site's checkbox, by the site's name. */
  siteCheckbox(name: string): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  /** A site's entry in the list (name, time zone, current schedule). */
  siteEntry(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) }).first();
  }

  preset(name: string): Locator {
    return this.page.getByRole('group', { name: 'Presets' }).getByRole('button', { name, exact: true });
  }

  timeZone(): Locator {
    return this.page.getByLabel('Time zone for the chosen sites');
  }

  /** The per-site review line ("Newark Data Hall: adds …"). */
  reviewLine(site: string): Locator {
    return this.page.getByRole('list', { name: 'Changes per site' }).getByRole('listitem').filter({ hasText: site });
  }

  applyButton(): Locator {
    return this.page.getByRole('button', { name: /^Apply to the chosen sites/ });
  }

  results(): Locator {
    return this.page.locator('[part="results"]');
  }
}
