import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /reset-password/{token}?email=…: the link of the reset e-mail. */
export class ResetPasswordPage extends BasePage {
  override readonly route = '/reset-password';

  /** Opens the link the server printed (absolute URL) at its path under the base path. */
  async openLink(link: string): Promise<this> {
    const url = new URL(link);
    await this.goto(url.pathname + url.search);
    return this;
  }

  email(): Locator {
    return this.page.getByRole('main').getByLabel('E-mail address');
  }
  password(): Locator {
    return this.page.getByLabel('New password', { exact: true });
  }
  confirmation(): Locator {
    return this.page.getByLabel('Confirm new password');
  }
  submit(): Locator {
    return this.button('Set new password');
  }
  requestNewLink(): Locator {
    return this.link('Request a new link');
  }

  async setPassword(password: string, confirmation = password): Promise<void> {
    await this.password().fill(password);
    await this.confirmation().fill(confirmation);
    await this.submit().click();
  }
}
