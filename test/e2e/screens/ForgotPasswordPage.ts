import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /forgot-password: request a reset link. */
export class ForgotPasswordPage extends BasePage {
  override readonly route = '/forgot-password';

  email(): Locator {
    return this.page.getByRole('main').getByLabel('E-mail address');
  }
  send(): Locator {
    return this.button('Send reset link');
  }
  /** The confirmation shown after sending. */
  sent(): Locator {
    return this.page.getByRole('heading', { name: 'Check your e-mail' });
  }
  backToSignIn(): Locator {
    return this.link('Back to sign in');
  }

  async request(email: string): Promise<void> {
    await this.email().fill(email);
    await this.send().click();
  }
}
