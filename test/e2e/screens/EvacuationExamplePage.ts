import type { Locator, Request } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The integrator's intranet example (examples/evacuation.html): `<vigil-login>`, one
 * `<vigil-evacuation project="…">` and an event log fed by their events.
 */
export class EvacuationExamplePage extends BasePage {
  override readonly route = '/examples/evacuation.html';

  /** The example lives at the server's root, not under the portal's base path. */
  override async open(): Promise<this> {
    await this.page.goto(this.route, { waitUntil: 'domcontentloaded' });
    return this;
  }

  /** The evacuation control (the element's card, by its heading). */
  control(): Locator {
    return this.page.getByRole('region', { name: /^Evacuation/ });
  }

  /** The status the control shows (a live region). */
  status(): Locator {
    return this.control().getByRole('status').first();
  }

  startButton(): Locator {
    return this.control().getByRole('button', { name: 'Start evacuation' });
  }

  abortButton(): Locator {
    return this.control().getByRole('button', { name: 'End evacuation' });
  }

  dialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /** The dialog's confirm button ("Start evacuation" / "Start drill" / "End evacuation" / "End drill"). */
  confirmButton(): Locator {
    return this.dialog().getByRole('button', { name: /^(Start|End) (evacuation|drill)$/ });
  }

  /** Answers the start dialog's "drill or real?" (nothing is chosen for the user). */
  async chooseMode(mode: 'real' | 'drill'): Promise<void> {
    await this.dialog()
      .getByRole('radio', { name: mode === 'drill' ? /^Drill/ : /^Real evacuation/ })
      .check();
  }

  cancelButton(): Locator {
    return this.dialog().getByRole('button', { name: 'Cancel' });
  }

  /** The page's own event log (examples/evacuation.js). */
  logEntries(): Locator {
    return this.page.locator('#log li');
  }

  /** The page's `<vigil-login>` card. */
  loginCard(): Locator {
    return this.page.locator('vigil-login');
  }

  /** Signs in with the `<vigil-login>` card (which signs in every element of the page). */
  async signInWithLoginCard(email: string, password: string): Promise<void> {
    const card = this.loginCard();
    await card.getByLabel('E-mail').fill(email);
    await card.getByLabel('Password', { exact: true }).fill(password);
    await card.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Signs in with the evacuation element's own compact sign-in. */
  async signInInControl(email: string, password: string): Promise<void> {
    const element = this.page.locator('vigil-evacuation');
    await element.getByLabel('E-mail').fill(email);
    await element.getByLabel('Password', { exact: true }).fill(password);
    await element.getByRole('button', { name: 'Sign in' }).click();
  }

  async start(mode: 'real' | 'drill' = 'real'): Promise<void> {
    await this.startButton().click();
    await this.chooseMode(mode);
    await this.confirmButton().click();
  }

  async abort(): Promise<void> {
    await this.abortButton().click();
    await this.confirmButton().click();
  }

  /** Records the evacuation POSTs the page sends (start and abort), from now on. */
  recordActions(): Request[] {
    const sent: Request[] = [];
    this.page.on('request', (request) => {
      if (request.method() === 'POST' && /\/evacuation\/(start|abort)$/.test(new URL(request.url()).pathname)) sent.push(request);
    });
    return sent;
  }
}
