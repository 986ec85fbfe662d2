import type { Locator, Page } from '@playwright/test';

/**
 * The evacuation block of a project, site or system page, or of a `<vigil-evacuation>`
 * (a component object: one block per page, or pass the element that holds it), and the
 * portal's page-wide alarm bar.
 */
export class EvacuationBlock {
  readonly page: Page;
  readonly scope: Page | Locator;

  constructor(page: Page, scope: Page | Locator = page) {
    this.page = page;
    this.scope = scope;
  }

  /** The block (a region named "Evacuation" and its target). */
  root(): Locator {
    return this.scope.getByRole('region', { name: /^Evacuation/ });
  }

  /** The state, as announced (a live region). */
  status(): Locator {
    return this.root().getByRole('status').first();
  }

  /** One site evacuating on its own, in a project's block. */
  siteRow(name: string | RegExp): Locator {
    return this.root().locator('.evac-sites li').filter({ hasText: name });
  }

  siteRows(): Locator {
    return this.root().locator('.evac-sites li');
  }

  /** A site row's End (its accessible name ends with the site's name). */
  siteAbort(name: string | RegExp): Locator {
    return this.siteRow(name).getByRole('button', { name: /^End evacuation/ });
  }

  /** The block's own buttons (Start, End, End the evacuation of …), outside the site rows. */
  actions(): Locator {
    return this.root().locator('.evac-actions').getByRole('button');
  }

  button(name: string | RegExp): Locator {
    return this.root().locator('.evac-actions').getByRole('button', { name });
  }

  dialog(): Locator {
    return this.page.getByRole('alertdialog');
  }

  /**
   * Confirms the open dialog with its Start/End button. A start dialog first asks "drill or
   * real?" with nothing chosen: `mode` is the answer given (a real evacuation unless said).
   */
  async confirm(mode: 'real' | 'drill' = 'real', reason?: string): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor(); // rendered whole (a lazy chunk)
    const choice = dialog.getByRole('radio', { name: mode === 'drill' ? /^Drill/ : /^Real evacuation/ });
    if (await dialog.getByRole('radio').count()) {
      await choice.check();
      if (reason !== undefined) await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
    }
    await this.confirmButton().click();
  }

  /** The dialog's confirm: Start evacuation / Start drill / End evacuation / End drill. */
  confirmButton(): Locator {
    return this.dialog().getByRole('button', { name: /^(Start|End) (evacuation|drill)$/ });
  }

  /** The note shown once the last evacuation ended while the block was on screen. */
  endedNote(): Locator {
    return this.root().getByRole('status').filter({ hasText: 'The evacuation has ended' });
  }

  /** The portal's page-wide alarm bar (or `<vigil-evacuation-bar>`). */
  bar(): Locator {
    return this.page.getByRole('complementary', { name: 'Evacuations in progress' });
  }
}
