import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * /system/{uuid} (or `<vigil-live-view>` / `<vigil-demo-live-view>`): a system's status
 * and its live camera view.
 */
export class SystemPage extends BasePage {
  async openSystem(uuid: string): Promise<this> {
    await this.goto(`/system/${uuid}`);
    return this;
  }

  /** The online / offline status, in words. */
  status(): Locator {
    return this.page.locator('[part~="system-status"]').first();
  }

  /** The camera grid. */
  liveView(): Locator {
    return this.page.getByRole('region', { name: /^Live view of / });
  }

  /** A camera's button (opens the large view; its name ends with the status), by the camera's name. */
  camera(name: string): Locator {
    return this.page.getByRole('button', { name: `Open ${name} in large view,` });
  }

  /** Every camera's button. */
  cameras(): Locator {
    return this.page.getByRole('button', { name: /^Open .* in large view, / });
  }

  /** A camera's tile (`data-status`: connecting, live, stale, offline), by the camera's name. */
  tile(name: string): Locator {
    return this.page.locator('[part~="camera"]').filter({ has: this.camera(name) });
  }

  /** The status word on a camera's image ("Live", "Delayed", "Offline"). */
  badge(name: string): Locator {
    return this.tile(name).locator('[part~="status"]');
  }

  /** When a camera's image was taken, in words ("just now", "Last image 14:32 (2 min. ago)"). */
  age(name: string): Locator {
    return this.tile(name).locator('.lv-age');
  }

  /** The large view. */
  largeView(): Locator {
    return this.page.getByRole('dialog');
  }

  /** What a camera shows right now (its canvas's image data, as a data URL: test-only). */
  async frameOf(camera: Locator): Promise<string> {
    return camera.locator('canvas').evaluate((c: HTMLCanvasElement) => (c.width > 0 ? c.toDataURL('image/png') : ''));
  }
}
