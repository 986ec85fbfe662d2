import type { BrowserContext, Page } from '@playwright/test';

type Recorded = { __shown: { title: string; body: string }[]; __asked: number };

/**
 * A stand-in for the browser's Notification API in every page of the context: the permission
 * starts at "default", is granted when asked, and each prompt and each notification shown is
 * recorded (read them with {@link permissionPrompts} and {@link notificationsShown}).
 */
export async function fakeNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.__shown = [];
    w.__asked = 0;
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static async requestPermission() {
        w.__asked++;
        FakeNotification.permission = 'granted';
        return 'granted' as const;
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body: string }) {
        w.__shown.push({ title, body: options.body });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
  });
}

/** How often the page asked for the permission. */
export const permissionPrompts = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as Recorded).__asked);

/** The notifications the page showed, in order. */
export const notificationsShown = (page: Page): Promise<Recorded['__shown']> =>
  page.evaluate(() => (window as unknown as Recorded).__shown);
