import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** Home: the projects list (`/`, or `<vigil-projects>`). */
export class ProjectsPage extends BasePage {
  override readonly route = '/';

  /** A project's card link, by the project's name. */
  project(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  /** The card (list item) of a project. */
  card(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search projects' });
  }
}
