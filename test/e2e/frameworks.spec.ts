// The Vue 3 and Svelte 5 example apps (examples/vue-app, examples/svelte-app; built by
// `npm run build`): Vigil's elements follow the framework's reactive state, their events
// reach the app with their detail, and an element the framework removes stops its work.
// The Vue app mounts before the Vigil bundle loads, the Svelte app after: both orders work.
import type { Page } from '@playwright/test';
import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, test, SEED_PASSWORD } from './fixtures.ts';

const APPS = [
  { name: 'Vue 3', path: '/examples/vue-app/dist/' },
  { name: 'Svelte 5', path: '/examples/svelte-app/dist/' },
];

const isStatusPoll = (url: string) => /\/api\/public\/v\d+\/projects\/[^/]+\/evacuation\/status/.test(url);

/** Records the evacuation status requests the page sends from now on. */
function recordStatusRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (isStatusPoll(req.url())) seen.push(req.url());
  });
  return seen;
}

/**
 * Moves the page's clock (under the test's control) `ms` milliseconds on: every timer due
 * in that time fires at once, so a poll that should not happen would happen now.
 */
async function advance(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  // A poll fired by those timers has sent its request before the page answers this.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

for (const app of APPS) {
  test(`${app.name} app: sign-in, live project and view, event details, removal stops polling`, async ({ page, browserProblems }) => {
    test.setTimeout(60_000);
    // Against an API without the event stream the elements poll: the work that removing an
    // element must stop, visible as requests.
    browserProblems.allow(/status of 404/);
    await page.route('**/api/v2/events?*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"errors":[{"message":"Not found"}]}' }),
    );
    await page.clock.install(); // the polls below run on the test's clock
    await page.goto(app.path);
    const log = page.getByTestId('log');
    const evacuation = page.locator('vigil-evacuation');
    const inbox = page.locator('vigil-inbox');

    // Signed out, the elements ask for a session; <vigil-login> gives one to all of them,
    // and its vigil-signed-in detail reaches the app.
    await expect(evacuation.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
    const login = page.locator('vigil-login');
    await login.getByLabel('E-mail address').fill('manager@vigil.test');
    await login.getByLabel('Password').fill(SEED_PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('who')).toHaveText('Hello, Morgan Manager');
    await expect(log).toContainText('signed in: Morgan Manager');

    // `project` follows the app's state.
    await expect(evacuation.getByText('Northwind Logistics')).toBeVisible();
    await expect(evacuation.getByText('No evacuation in progress')).toBeVisible();
    await page.getByRole('combobox', { name: /^Project/ }).selectOption({ label: 'Atlas Data Centres' });
    await expect(evacuation.getByText('Atlas Data Centres')).toBeVisible();
    await expect(evacuation.getByText('Northwind Logistics')).toHaveCount(0);

    // `view` follows the app's state; vigil-unread-changed's detail is shown by the app.
    await expect(inbox.getByRole('button', { name: /^Incidents/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('combobox', { name: /^Show/ }).selectOption('notifications');
    await expect(inbox.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(inbox.getByRole('list', { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByTestId('unread')).toHaveText('Unread: 12');
    await inbox.getByText('Scheduled maintenance').first().click();
    await expect(page.getByTestId('unread')).toHaveText('Unread: 11');
    await expect(log).toContainText('unread: 12 → 11');

    // vigil-evacuation-started's detail names the project the app switched to.
    await evacuation.getByRole('button', { name: 'Start evacuation' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('radio', { name: /^Real evacuation/ })
      .check();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start evacuation' }).click();
    await expect(log).toContainText(`started: project ${PROJECTS.atlas}`);
    await expect(evacuation.getByText(/started by Morgan Manager/i)).toBeVisible();

    // Right after a start the element polls its status every second...
    const whileStarted = recordStatusRequests(page);
    await expect.poll(() => whileStarted.length, { message: 'it polls while started' }).toBeGreaterThanOrEqual(2);

    // ...and once the framework removes it, nothing polls any more.
    await page.getByRole('checkbox', { name: 'Show evacuation control' }).uncheck();
    await expect(evacuation).toHaveCount(0);
    await advance(page, 1_000); // a poll already on its way may still land
    const afterRemoval = recordStatusRequests(page);
    await advance(page, 10_000);
    expect(afterRemoval).toEqual([]);

    // Added again, it shows the project's state and polls again.
    await page.getByRole('checkbox', { name: 'Show evacuation control' }).check();
    await expect(evacuation.getByText('Atlas Data Centres')).toBeVisible();
    await expect(evacuation.getByText(/started by Morgan Manager/i)).toBeVisible();
    await evacuation.getByRole('button', { name: 'End evacuation' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'End evacuation' }).click();
    await expect(log).toContainText(`aborted: project ${PROJECTS.atlas}`);
    const whileShown = recordStatusRequests(page);
    await expect.poll(() => whileShown.length, { message: 'it polls again' }).toBeGreaterThanOrEqual(1);
  });
}
