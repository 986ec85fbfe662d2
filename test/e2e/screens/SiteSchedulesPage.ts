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
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .first();
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

  /** The page's button that opens the confirmation ("Review and apply…"). */
  applyButton(): Locator {
    return this.page.locator('[part="apply-button"]');
  }

  /** The confirmation before applying (an alertdialog). */
  confirmation(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** A site's block in the confirmation: its name, then what is removed and added, or "No change". */
  confirmationSite(name: string): Locator {
    return this.confirmation()
      .locator('.ac-site')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** The lines of a site's block that remove hours (shown in words, icon and colour). */
  removals(name: string): Locator {
    return this.confirmationSite(name).locator('.ac-change--removed');
  }

  additions(name: string): Locator {
    return this.confirmationSite(name).locator('.ac-change--added');
  }

  /** The confirmation's primary button ("Apply to 2 sites"). */
  confirmButton(): Locator {
    return this.confirmation().locator('.v-alert-dialog-confirm');
  }

  cancelButton(): Locator {
    return this.confirmation().getByRole('button').first();
  }

  /** Opens the confirmation and applies. */
  async apply(): Promise<void> {
    await this.applyButton().click();
    await this.confirmButton().click();
  }

  /** The "show from" buttons of a grid that scrolls sideways. */
  jumpButtons(): Locator {
    return this.page.locator('.sg-jump button');
  }

  results(): Locator {
    return this.page.locator('[part="results"]');
  }
}
