import type { Locator } from '@playwright/test';
import { SystemPage } from './SystemPage.ts';

/** examples/public-demo.html: a plain marketing page with `<vigil-demo-live-view>` only. */
export class PublicDemoPage extends SystemPage {
  /** Not a portal route: the page sits beside the portal, not under its base path. */
  async openExample(): Promise<this> {
    await this.page.goto('/examples/public-demo.html', { waitUntil: 'domcontentloaded' });
    return this;
  }

  demo(): Locator {
    return this.page.locator('vigil-demo-live-view');
  }
}
