// The second visit: the home paints the projects kept from the first one at once, says they
// are being checked, and claims nothing about safety (no "All systems online", no "no open
// incidents", no evacuation state) until the server has answered; signing out leaves
// nothing of what was kept. The page's inline head script has asked for the answers
// before the portal's modules arrive.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { ProjectsPage } from './screens/ProjectsPage.ts';

const MANAGER = 'manager@vigil.test';
/** What only a fresh answer may say: a card's health (offline, open incidents, calm, secured hours) or evacuation. */
const CLAIM_PARTS = '[part="health"], [part="evacuation-active"]';
const CALM = /All systems online|no open incidents|No evacuation/i;

/** Every answer kept in the page's IndexedDB (none when the database does not exist). */
function keptAnswers(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('vigil-answers')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('vigil-answers');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('answers')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('answers').objectStore('answers').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error);
      };
    });
  });
}

/** Records in the page, from its start, when a claim (CLAIM_PARTS, CALM) first showed (ms since the epoch). */
async function watchClaims(page: Page): Promise<void> {
  await page.addInitScript(
    ({ parts, calm }) => {
      const calmText = new RegExp(calm, 'i');
      const claims = (root: Document | ShadowRoot): boolean => {
        if (root.querySelector(parts) || calmText.test(root instanceof Document ? (root.body?.innerText ?? '') : (root.textContent ?? '')))
          return true;
        for (const el of root.querySelectorAll('*')) if (el.shadowRoot && claims(el.shadowRoot)) return true;
        return false;
      };
      const w = window as unknown as { __claimSeenAt?: number };
      const timer = setInterval(() => {
        if (!document.body || !claims(document)) return;
        w.__claimSeenAt = Date.now();
        clearInterval(timer);
      }, 25);
    },
    { parts: CLAIM_PARTS, calm: CALM.source },
  );
}

/** How many claims the page shows now. */
const claimsShown = async (page: Page) => (await page.locator(CLAIM_PARTS).count()) + (await page.getByText(CALM).count());

test('a second visit shows the kept projects at once, as being checked, and sign-out forgets them', async ({ page, signedInPage }) => {
  test.setTimeout(60_000);
  await signedInPage(MANAGER);
  const home = new ProjectsPage(page);
  await expect(home.card('Northwind Logistics')).toContainText('3 sites · 8 camera systems');
  // The first visit says what the server said (a claim this test will look for later).
  await expect(home.card('Northwind Logistics').locator('[part="health"]')).toBeVisible();
  await expect.poll(() => keptAnswers(page)).toBeGreaterThan(0);

  // The next visit: the projects answer is held 4 s (a slow network), until the test lets it go.
  let heldSince = 0;
  let answeredAt = 0;
  let release!: () => void;
  const looked = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/api/v2/projects'),
    async (route) => {
      heldSince ||= Date.now();
      const response = await route.fetch();
      await looked;
      answeredAt = Date.now();
      await route.fulfill({ response });
    },
  );
  // The portal's entry module is held until the projects request has gone out: only the
  // page's inline head script can have sent it.
  let sent!: () => void;
  const projectsSent = new Promise<void>((resolve) => (sent = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v2/projects') sent();
  });
  await page.route(
    (url) => url.pathname === '/dist/vigil-portal.js',
    async (route) => {
      await projectsSent;
      await route.continue();
    },
  );
  await watchClaims(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/v2/')) asked.push(`${request.method()} ${path}`);
  });
  const reloadedAt = Date.now();
  await page.reload({ waitUntil: 'commit' });

  await expect(home.card('Northwind Logistics')).toBeVisible({ timeout: 1_500 });
  expect(Date.now() - reloadedAt).toBeLessThan(1_500);
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveText(/^Checking… · data from /);
  await expect(home.card('Northwind Logistics')).toContainText('Checking health…');
  await expect(home.card('Northwind Logistics')).toContainText('3 sites · 8 camera systems');
  expect(await claimsShown(page)).toBe(0);
  // Held 4 s in all; the page's own watcher would see any claim shown meanwhile.
  await expect.poll(() => Date.now() - heldSince, { timeout: 10_000, intervals: [250] }).toBeGreaterThanOrEqual(4_000);
  expect(await claimsShown(page)).toBe(0);
  release();

  // The answer arrives: the cards say what the server said, and only then.
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveCount(0);
  await expect(home.card('Northwind Logistics').locator('[part="health"]')).toBeVisible();
  const claimSeenAt = await page.evaluate(() => (window as unknown as { __claimSeenAt?: number }).__claimSeenAt ?? 0);
  expect(answeredAt).toBeGreaterThan(0);
  expect(claimSeenAt).toBeGreaterThanOrEqual(answeredAt);
  await page.unroute((url) => url.pathname.endsWith('/api/v2/projects'));

  // The client took the inline head script's answers: each asked for once.
  expect(asked.filter((r) => r === 'GET /api/v2/user')).toHaveLength(1);
  expect(asked.filter((r) => r === 'GET /api/v2/projects')).toHaveLength(1);

  // Signing out forgets everything kept.
  await new PortalLayout(page).signOut();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => keptAnswers(page)).toBe(0);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('vigil-answers');
});
