import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { PortalLayout } from './PortalLayout.ts';

/** /terms: the terms of use of the web portal and their acceptance. */
export class TermsPage extends BasePage {
  override readonly route = '/terms';
  readonly layout = new PortalLayout(this.page);

  accept(): Locator {
    return this.button('Accept the terms');
  }
  accepted(): Locator {
    return this.page.getByText(/You accepted these terms on .+\./);
  }
}
