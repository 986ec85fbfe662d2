import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * Where the portal lives under the server's origin. The demo server serves it at "/";
 * set VIGIL_E2E_BASE_PATH (e.g. "/portal") to test a build under a sub-path.
 */
export const BASE_PATH = (process.env.VIGIL_E2E_BASE_PATH ?? '').replace(/\/+$/, '');

/** A portal route ("/inbox", "project/1") as a path under the base path. */
export function portalPath(route = '/'): string {
  return `${BASE_PATH}/${route.replace(/^\/+/, '')}`;
}

/**
 * What every screen has in common. A screen object extends it, sets `route`, and
 * adds locators and actions named after what the user sees (see README.md here).
 * Locators go by role and accessible name: Playwright's locators pierce the elements'
 * open shadow roots, so no CSS path into a shadow root is ever needed.
 */
export class BasePage {
  /** The route this screen lives at, for `open()`; screens with parameters take them in `open()`. */
  readonly route: string = '/';

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Navigates to a route (under the base path) and waits for the DOM. */
  async goto(route: string = this.route): Promise<Response | null> {
    return this.page.goto(portalPath(route), { waitUntil: 'domcontentloaded' });
  }

  /** Opens this screen's own route. */
  async open(): Promise<this> {
    await this.goto(this.route);
    return this;
  }

  /** The current route, without origin, base path, query or hash ("/inbox"). */
  currentRoute(): string {
    const { pathname } = new URL(this.page.url());
    const route = BASE_PATH && pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
    return route || '/';
  }

  /** Waits until the current route matches (a string is an exact route, without query). */
  async expectRoute(route: string | RegExp): Promise<void> {
    await expect
      .poll(() => this.currentRoute(), { message: `route should be ${String(route)}` })
      .toEqual(typeof route === 'string' ? route : expect.stringMatching(route));
  }

  /** The page's main heading (the first h1, inside shadow roots too). */
  heading(name?: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) });
  }

  /** The global toast: a live region (`role=status` for info/success, `role=alert` for errors). */
  toast(text?: string | RegExp): Locator {
    const toast = this.page.getByRole('status').or(this.page.getByRole('alert'));
    return text === undefined ? toast : toast.filter({ hasText: text });
  }

  /** An error toast (`role=alert`). */
  errorToast(text?: string | RegExp): Locator {
    const alert = this.page.getByRole('alert');
    return text === undefined ? alert : alert.filter({ hasText: text });
  }

  /** Waits for a toast with this text to be visible. */
  async expectToast(text: string | RegExp): Promise<void> {
    await expect(this.toast(text).first()).toBeVisible();
  }

  /** A link or button by its accessible name. */
  link(name: string | RegExp): Locator {
    return this.page.getByRole('link', { name });
  }
  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** What `auth.currentUser` holds in localStorage (parsed), or null. */
  async storedUser<T = Record<string, unknown>>(): Promise<T | null> {
    const raw = await this.page.evaluate(() => localStorage.getItem('auth.currentUser'));
    return raw ? (JSON.parse(raw) as T) : null;
  }
}
