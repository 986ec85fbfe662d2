import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { PortalLayout } from './PortalLayout.ts';

/** /login: the sign-in card. */
export class LoginPage extends BasePage {
  override readonly route = '/login';
  readonly layout = new PortalLayout(this.page);

  form(): Locator {
    return this.page.getByRole('main');
  }
  email(): Locator {
    return this.form().getByLabel('E-mail address');
  }
  password(): Locator {
    return this.form().getByLabel('Password', { exact: true });
  }
  submit(): Locator {
    return this.form().getByRole('button', { name: 'Sign in' });
  }
  forgotLink(): Locator {
    return this.form().getByRole('link', { name: 'Forgot your password?' });
  }
  /** The form-level error or a field's error text. */
  error(text: string | RegExp): Locator {
    return this.form().getByText(text);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submit().click();
  }
}
