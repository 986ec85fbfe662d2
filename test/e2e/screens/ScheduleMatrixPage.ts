import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The security-hours matrix of one site: the editor on the portal's site schedule page
 * (`/site/{uuid}/schedule`), or `<vigil-schedule-matrix>` on its own (`openElement`). Cells are
 * named like the grid names them: "Monday 08:00–08:30".
 */
export class ScheduleMatrixPage extends BasePage {
  /** The portal's page of the site's security hours, which holds the editor. */
  async openSite(uuid: string): Promise<this> {
    await this.goto(`/site/${uuid}/schedule`);
    await expect(this.grid()).toBeVisible();
    return this;
  }

  /** `<vigil-schedule-matrix site=…>` alone on a page (the schedules try page). */
  async openElement(uuid: string): Promise<this> {
    await this.page.goto(`/demo/try/schedules.html?el=vigil-schedule-matrix&site=${uuid}`, { waitUntil: 'domcontentloaded' });
    await expect(this.grid()).toBeVisible();
    return this;
  }

  grid(): Locator {
    return this.page.getByRole('grid', { name: /^Security hours of / });
  }

  /** The half-hour starting at `from` ("08:00") on `day` ("Monday"). */
  cell(day: string, from: string): Locator {
    const [h, m] = from.split(':').map(Number) as [number, number];
    const end = h * 60 + m + 30;
    const to = `${String(Math.floor(end / 60)).padStart(2, '0')}:${end % 60 === 0 ? '00' : '30'}`;
    return this.grid().getByRole('gridcell', { name: `${day} ${from}–${to}`, exact: true });
  }

  /** Names of the secured (selected) half-hours, in grid order. */
  async securedCells(): Promise<string[]> {
    return this.grid()
      .locator('[role=gridcell][aria-selected=true]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
  }

  /** The grid's polite live region. */
  announcement(): Locator {
    return this.page.locator('[part="matrix"]').getByRole('status');
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save', exact: true });
  }

  /** The line saying what is unsaved ("Unsaved changes: adds …") or that all is saved. */
  saveState(): Locator {
    return this.page.getByText(/^(Unsaved changes:|All changes are saved\.)/);
  }

  saveError(): Locator {
    return this.page.locator('[part="save-error"]');
  }

  timeNote(): Locator {
    return this.page.locator('[part="time-note"]');
  }

  /** Focuses the grid's one tab stop (Monday 00:00 when nothing moved it). */
  async focusGrid(): Promise<void> {
    await this.grid().locator('[role=gridcell][tabindex="0"]').focus();
  }

  /** Presses a key `times` times. */
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
  }

  /** Paints by mouse from one cell to another (the first cell decides secure or clear). */
  async drag(from: Locator, to: Locator, steps = 8): Promise<void> {
    await this.grid().evaluate((grid) => grid.scrollIntoView({ block: 'center' })); // both ends on screen
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps });
    await this.page.mouse.up();
  }

  async save(): Promise<void> {
    await this.saveButton().click();
  }
}
