import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /project/{uuid}: a project's sites and systems, with links to schedules and users. */
export class ProjectPage extends BasePage {
  async openProject(uuid: string): Promise<this> {
    await this.goto(`/project/${uuid}`);
    return this;
  }

  /** A site's link, by name. */
  site(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  /** A site's card (name, evacuation marker, address, systems), by the site's name. */
  siteCard(name: string): Locator {
    return this.page.locator('li[part~="site"]').filter({ has: this.site(name) });
  }

  siteSchedulesLink(): Locator {
    return this.link('Site schedules');
  }

  projectUsersLink(): Locator {
    return this.link('Project users');
  }
}
