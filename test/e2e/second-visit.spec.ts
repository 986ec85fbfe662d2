// The second visit: the home paints the projects kept from the first one at once, says they
// are being checked, and claims nothing about safety (no "All systems online", no "no open
// incidents", no evacuation state) until the server has answered; signing out leaves
// nothing of what was kept. And the page's inline head script asks for the first answers
// before the portal's modules arrive.
//
// Every time here is read in the page, from its own start (a watcher added before any of
// its scripts run), so the test's own round trips to the browser never count; and every
// step waits for a condition: the answer is held in the network until the test has seen
// what the page shows meanwhile and HOLD_MS have passed (the slow network it stands for).
import type { Page } from '@playwright/test';
import { PROJECTS } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { trackNetwork } from './support/network.ts';
import { PortalLayout } from './screens/PortalLayout.ts';
import { ProjectsPage } from './screens/ProjectsPage.ts';

const MANAGER = 'manager@vigil.test';
const KEPT_DB = 'vigil-answers';
/** How long the projects answer takes on the second visit. */
const HOLD_MS = 4_000;
/** The kept projects show within this long of the page's start. */
const SHOWN_WITHIN_MS = 1_500;
/** What only a fresh answer may say: a card's health (offline, open incidents, calm, secured hours) or evacuation. */
const CLAIM_PARTS = '[part="health"], [part="evacuation-active"]';
const CALM = /All systems online|no open incidents|No evacuation/i;

/** The answers kept in the page's IndexedDB; 0 when there is no such database (never creates one). */
function keptAnswers(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      // Deleted meanwhile: opening would create it anew, empty. Do not.
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve(0);
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
  }, KEPT_DB);
}

/** The names the answers are kept under ('projects', 'incidents', 'evacuation', …), one per kept answer. */
function keptNames(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open(name);
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('answers')) {
          db.close();
          resolve([]);
          return;
        }
        const keys = db.transaction('answers').objectStore('answers').getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.map((k) => (JSON.parse(String(k)) as string[])[1]!));
        };
        keys.onerror = () => resolve([]);
      };
    });
  }, KEPT_DB);
}

interface Seen {
  /** When the first item (a project card, an inbox row) showed, in ms since the page's start (performance.now()). */
  cardAt?: number;
  /** Whether "Checking…" showed with it. */
  checkingWithCard?: boolean;
  /** When a claim (CLAIM_PARTS, CALM) first showed, in ms since the epoch. */
  claimAt?: number;
}

/** What the watcher looks for: the first item, and what only a fresh answer may say (parts, calm texts). */
interface Watched {
  item: string;
  parts: string;
  calm: RegExp;
}

const HOME: Watched = { item: '[part="project"]', parts: CLAIM_PARTS, calm: CALM };

/**
 * Records in the page, from its start, when the first item and the first claim showed
 * (`Seen`): every change of the document and of each shadow root is looked at as it happens
 * (a mutation observer, before the change is painted), and only the root that changed.
 */
async function watchPage(page: Page, { item, parts, calm }: Watched = HOME): Promise<void> {
  await page.addInitScript(
    ({ item, parts, calm }) => {
      const calmText = new RegExp(calm, 'i');
      const seen: Record<string, unknown> = {};
      (window as unknown as { __seen: unknown }).__seen = seen;
      const roots: (Document | ShadowRoot)[] = [];
      const look = (root: Document | ShadowRoot) => {
        if (seen.cardAt === undefined && root.querySelector(item)) {
          seen.cardAt = performance.now();
          seen.checkingWithCard = roots.some((r) => r.querySelector('[part="checking"]'));
        }
        const text = root instanceof Document ? (root.body?.textContent ?? '') : (root.textContent ?? '');
        if (seen.claimAt === undefined && (root.querySelector(parts) || calmText.test(text))) seen.claimAt = Date.now();
      };
      const watch = (root: Document | ShadowRoot) => {
        roots.push(root);
        new MutationObserver(() => look(root)).observe(root, { subtree: true, childList: true, characterData: true });
      };
      const attachShadow = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attachShadow.call(this, init);
        watch(root);
        return root;
      };
      watch(document);
    },
    { item, parts, calm: calm.source },
  );
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen?: Seen }).__seen ?? {});
/** How many claims the page shows now. */
const claimsShown = async (page: Page, { parts, calm }: Watched = HOME) =>
  (await page.locator(parts).count()) + (await page.getByText(calm).count());

/**
 * Holds every request whose URL matches `pattern` in the network until `release()` is
 * called (through the browser's own interception of those URLs: page.route would pause
 * every request of the page and turn the browser's cache off). `askedAt`: when the first
 * was sent; `answeredAt`: when they were let go.
 */
async function holdRequests(page: Page, pattern: string) {
  const held = { asked: 0, askedAt: 0, answeredAt: 0, release: () => {} };
  const released = new Promise<void>((resolve) => (held.release = resolve));
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (paused) => {
    held.asked++;
    held.askedAt ||= Date.now();
    void released.then(() => {
      held.answeredAt ||= Date.now();
      return cdp.send('Fetch.continueRequest', { requestId: paused.requestId }).catch(() => undefined);
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: pattern, requestStage: 'Request' }] });
  return { held, stop: () => cdp.send('Fetch.disable') };
}

/** Signs out through the user menu and checks that nothing of what was kept remains. */
async function signOutForgetsAll(page: Page): Promise<void> {
  await new PortalLayout(page).signOut();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(KEPT_DB);
  expect(await keptAnswers(page)).toBe(0);
}

test('a second visit shows the kept projects at once, as being checked, and sign-out forgets them', async ({ page, signedInPage }) => {
  test.setTimeout(60_000);
  await signedInPage(MANAGER);
  const home = new ProjectsPage(page);
  const northwind = home.card('Northwind Logistics');
  await expect(northwind).toContainText('3 sites · 8 camera systems');
  // The first visit says what the server said (a claim this test will look for later).
  await expect(northwind.locator('[part="health"]')).toBeVisible();
  await expect.poll(() => keptAnswers(page)).toBeGreaterThan(0);

  // The next visit. Its projects answer is held in the network until the test has looked at
  // what the page shows meanwhile, for HOLD_MS after it was asked for (a slow network).
  // Held through the browser's own interception of that one URL: page.route would pause
  // every request of the page and turn the browser's cache off, so the modules a returning
  // browser has would all come from the server again.
  let askedAt = 0;
  let answeredAt = 0;
  let projectsAsked = 0;
  let looked!: () => void;
  const lookedAtHeldPage = new Promise<void>((resolve) => (looked = resolve));
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (paused) => {
    projectsAsked++;
    askedAt ||= Date.now();
    void lookedAtHeldPage.then(() => {
      answeredAt = Date.now();
      return cdp.send('Fetch.continueRequest', { requestId: paused.requestId });
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/v2/projects', requestStage: 'Request' }] });
  let navigated = false;
  const userAsked: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigated = true;
    else if (navigated && new URL(request.url()).pathname === '/api/v2/user') userAsked.push(request.method());
  });
  await watchPage(page);
  await page.goto('/', { waitUntil: 'commit' });

  // The kept list, as being checked, and soon.
  await expect(northwind).toContainText('3 sites · 8 camera systems');
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveText(/^Checking… · data from /);
  await expect(northwind).toContainText('Checking health…');
  const shown = await seen(page);
  test.info().annotations.push({ type: 'kept list shown (ms from the page’s start)', description: String(shown.cardAt) });
  expect(shown.checkingWithCard).toBe(true);
  expect(shown.cardAt).toBeLessThan(SHOWN_WITHIN_MS);
  expect(answeredAt, 'the answer is still held').toBe(0);
  expect(await claimsShown(page)).toBe(0);
  // Held HOLD_MS in all; the page's own watcher sees any claim shown meanwhile.
  await expect.poll(() => Date.now() - askedAt, { timeout: HOLD_MS + 5_000, intervals: [100] }).toBeGreaterThanOrEqual(HOLD_MS);
  expect(await claimsShown(page)).toBe(0);
  looked();

  // The answer arrives: the cards say what the server said, and only then.
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveCount(0);
  await expect(northwind.locator('[part="health"]')).toBeVisible();
  await expect.poll(async () => (await seen(page)).claimAt ?? 0).toBeGreaterThan(0);
  const { claimAt = 0 } = await seen(page);
  expect(answeredAt - askedAt).toBeGreaterThanOrEqual(HOLD_MS);
  expect(claimAt).toBeGreaterThanOrEqual(answeredAt);
  await cdp.send('Fetch.disable');

  // Each asked for once (the client took the inline head script's answers).
  expect(userAsked).toEqual(['GET']);
  expect(projectsAsked).toBe(1);

  // Signing out forgets everything kept: the database itself is gone.
  await new PortalLayout(page).signOut();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(KEPT_DB);
  expect(await keptAnswers(page)).toBe(0);
});

test('the inline head script asks for the first answers before the portal’s modules arrive, and makes the first date formatter', async ({
  page,
  signedInPage,
}) => {
  // Signed in on an earlier visit (which recorded the API base the token is for).
  await signedInPage(MANAGER);
  const northwind = new ProjectsPage(page).card('Northwind Logistics');
  await expect(northwind).toContainText('3 sites · 8 camera systems');
  // The portal's entry module is held until the first answers have been asked for (or the
  // wait has run out): only the page's inline head script can have sent them. (Its own
  // test: the hold would delay the second visit's paint that the test above times.)
  const first = ['GET /i18n/messages/en.json', 'GET /api/v2/user', 'GET /api/v2/projects', 'GET /auth/jwt', 'GET /api/v2/notifications'];
  // Only what the reloaded document asks for (its loader's id): the page before the reload
  // may still send a poll meanwhile, and the tabs' shared worker its live stream.
  const asked: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const mainFrame = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
  let reloaded: string | undefined;
  cdp.on('Network.requestWillBeSent', (e) => {
    const path = new URL(e.request.url).pathname;
    if (e.type === 'Document' && e.frameId === mainFrame) reloaded = e.loaderId;
    else if (reloaded && e.loaderId === reloaded && /^\/(api|auth|i18n)\//.test(path)) asked.push(`${e.request.method} ${path}`);
  });
  // It also makes the page's first date formatter meanwhile (the first costs tens of
  // milliseconds, which the first screen's render would pay): counted in the page.
  await page.addInitScript(() => {
    const page = window as unknown as { __formattersBeforePortal: number };
    page.__formattersBeforePortal = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args, newTarget) {
        if (!customElements.get('vigil-portal')) page.__formattersBeforePortal++;
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
  });
  const formattersBeforePortal = () =>
    page.evaluate(() => (window as unknown as { __formattersBeforePortal: number }).__formattersBeforePortal);
  let beforeModules: string[] = [];
  let formatters = 0;
  await page.route('**/dist/vigil-portal.js', async (route) => {
    await expect
      .poll(() => first.every((call) => asked.includes(call)))
      .toBe(true)
      .catch(() => undefined); // what was asked is compared below
    beforeModules = [...asked];
    formatters = await expect
      .poll(formattersBeforePortal)
      .toBeGreaterThan(0)
      .then(formattersBeforePortal, () => 0); // compared below
    await route.continue();
  });
  const network = trackNetwork(page);
  await page.reload();
  await expect(northwind.locator('[part="health"]')).toBeVisible();
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveCount(0);
  expect([...beforeModules].sort()).toEqual([...first].sort());
  expect(formatters, 'date formatters made before the portal’s module ran').toBe(1);
  // The client has asked for each of them (an early answer is handed over once, then gone),
  // and anything it sent itself has been seen.
  const early = () =>
    page.evaluate(() => (window as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('vigil.prefetched.store.v1')]?.size);
  await expect.poll(early, { message: 'every early answer taken' }).toBe(0);
  await network.quiet();
  // The client took the script's answers: each asked for once.
  for (const call of first)
    expect(
      asked.filter((r) => r === call),
      call,
    ).toHaveLength(1);
});

test('a refused token on the next visit forgets what was kept', async ({ page, api, signedInPage, browserProblems }) => {
  await signedInPage(MANAGER);
  await expect(new ProjectsPage(page).card('Northwind Logistics').locator('[part="health"]')).toBeVisible();
  await expect.poll(() => keptNames(page)).toContain('projects');
  // The inbox's first page and the evacuation statuses (the alarm bar's) are kept too.
  await page.goto('/inbox');
  await expect(page.locator('vigil-portal [part~="state"]').first()).toBeVisible();
  await expect
    .poll(async () => [...new Set(await keptNames(page))].sort())
    .toEqual(expect.arrayContaining(['evacuation', 'incidents', 'projects']));
  // The session ended on the server meanwhile: the next visit's first answers are 401s.
  browserProblems.allow(/status of 401/);
  await api.expireTokens();
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(KEPT_DB);
  expect(await keptAnswers(page)).toBe(0);
});

/** What only the inbox's fresh answer may say: a row's state (open, handled…), Acknowledge, or that nothing is there. */
const INBOX: Watched = {
  item: '[part~="row"]',
  parts: '[part~="state"], [part="acknowledge"]',
  calm: /Nothing needs attention|No incidents so far|No open incidents/i,
};

test('a second visit shows the kept inbox page at once, as being checked, and sign-out forgets it', async ({ page, signedInPage }) => {
  test.setTimeout(60_000);
  await signedInPage(MANAGER, { path: '/inbox' });
  const rows = page.locator('vigil-portal').getByRole('list', { name: 'Incidents, open first, worst first' }).locator('[part~="row"]');
  await expect(rows.first()).toBeVisible();
  // The first visit says each row's state (a claim the next visit may not make from what was kept).
  await expect(page.locator('vigil-portal [part~="state"]').first()).toBeVisible();
  const firstTitle = (await rows.first().locator('.vi-row-title').textContent())!;
  await expect.poll(() => keptNames(page)).toContain('incidents');

  // The next visit, its incidents held in the network (the list, the open count, the live poll).
  const { held, stop } = await holdRequests(page, '*/api/v2/incidents?*');
  await watchPage(page, INBOX);
  await page.goto('/inbox', { waitUntil: 'commit' });

  await expect(rows.first()).toContainText(firstTitle);
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveText(/^Checking… · data from /);
  await expect(page.locator('vigil-portal [part="state-checking"]').first()).toHaveText('Checking…');
  const shown = await seen(page);
  test.info().annotations.push({ type: 'kept inbox shown (ms from the page’s start)', description: String(shown.cardAt) });
  expect(shown.checkingWithCard).toBe(true);
  expect(shown.cardAt).toBeLessThan(SHOWN_WITHIN_MS);
  expect(held.answeredAt, 'the answer is still held').toBe(0);
  expect(await claimsShown(page, INBOX)).toBe(0);
  // The count of the list is no claim to make from the cache either.
  await expect(page.locator('vigil-portal .vi-result-count')).toHaveText('');
  await expect.poll(() => Date.now() - held.askedAt, { timeout: HOLD_MS + 5_000, intervals: [100] }).toBeGreaterThanOrEqual(HOLD_MS);
  expect(await claimsShown(page, INBOX)).toBe(0);
  held.release();

  // The answer arrives: the rows say their state, and only now.
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveCount(0);
  await expect(page.locator('vigil-portal [part~="state"]').first()).toBeVisible();
  await expect.poll(async () => (await seen(page)).claimAt ?? 0).toBeGreaterThan(0);
  const { claimAt = 0 } = await seen(page);
  expect(claimAt).toBeGreaterThanOrEqual(held.answeredAt);
  await stop();

  await signOutForgetsAll(page);
});

test('an empty kept inbox page shows the checking state, not that nothing is there', async ({ page, signedInPage }) => {
  test.setTimeout(60_000);
  // A view with nothing in it: a severity no incident of the seed has, found by the page.
  await signedInPage(MANAGER, { path: '/inbox' });
  await expect(page.locator('vigil-portal [part~="state"]').first()).toBeVisible();
  // The first page kept empty: its answer rewritten to no rows, as a user with no incidents would get.
  await page.route('**/api/v2/incidents?*', async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('page') !== '1') return route.continue();
    await route.fulfill({ json: { data: [], meta: { total: 0, page: 1, per_page: 50, last_page: 1 } } });
  });
  await page.reload();
  await expect(page.locator('vigil-portal').getByText('No incidents so far', { exact: false })).toBeVisible();
  await expect.poll(() => keptNames(page)).toContain('incidents');
  await page.unroute('**/api/v2/incidents?*');

  const { held, stop } = await holdRequests(page, '*/api/v2/incidents?*');
  await watchPage(page, INBOX);
  await page.goto('/inbox', { waitUntil: 'commit' });
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveText(/^Checking… · data from /);
  await expect(page.locator('vigil-portal .vi-state-box').getByText('Checking…')).toBeAttached();
  await expect.poll(() => held.asked).toBeGreaterThan(0);
  expect(await claimsShown(page, INBOX)).toBe(0);
  held.release();
  // The server's answer: this visit's incidents.
  await expect(page.locator('vigil-portal [part="checking"]')).toHaveCount(0);
  await expect(page.locator('vigil-portal [part~="state"]').first()).toBeVisible();
  const { claimAt = 0 } = await seen(page);
  expect(claimAt).toBeGreaterThanOrEqual(held.answeredAt);
  await stop();
});

/** What only a fresh evacuation status may say: a calm state, an evacuation under way now, or an action. */
const EVACUATION: Watched = {
  item: '[part="kept"], .evac-status--loading',
  parts: '.evac-actions button, [part="bar"]',
  calm: /No evacuation|Evacuation in progress/i,
};

test('kept evacuation statuses claim no calm state, and a kept evacuation shows as what was', async ({ page, api, signIn }) => {
  test.setTimeout(60_000);
  const manager = await signIn(MANAGER);
  await api.request.post(`/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
    headers: { Authorization: `Bearer ${manager.token}` },
    data: {},
  });
  // The first visit: Northwind is being evacuated, Atlas is calm (the bar keeps both statuses).
  await page.goto(`/project/${PROJECTS.atlas}`);
  await expect(page.locator('vigil-portal').getByText('No evacuation in progress')).toBeVisible();
  await expect(page.locator('vigil-portal [part="bar"]')).toBeVisible();
  await expect.poll(async () => (await keptNames(page)).filter((n) => n === 'evacuation').length).toBeGreaterThanOrEqual(2);

  // The next visit to Atlas, every status held: nothing calm, no Start, only that it is checking.
  const { held, stop } = await holdRequests(page, '*/evacuation/status');
  await watchPage(page, EVACUATION);
  await page.goto(`/project/${PROJECTS.atlas}`, { waitUntil: 'commit' });
  await expect(page.locator('vigil-portal').getByText('Checking the evacuation status…')).toBeAttached();
  await expect
    .poll(() => Date.now() - (held.askedAt || Date.now()), { timeout: HOLD_MS + 5_000, intervals: [100] })
    .toBeGreaterThanOrEqual(HOLD_MS);
  expect(await claimsShown(page, EVACUATION)).toBe(0);
  held.release();
  await expect(page.locator('vigil-portal').getByText('No evacuation in progress')).toBeVisible();
  await expect(page.locator('vigil-portal .evac-actions').getByRole('button', { name: 'Start evacuation' })).toBeVisible();
  expect((await seen(page)).claimAt ?? 0).toBeGreaterThanOrEqual(held.answeredAt);
  await stop();

  // Northwind's kept evacuation: told as what was, being checked, with nothing to press.
  const northwind = await holdRequests(page, '*/evacuation/status');
  await page.goto(`/project/${PROJECTS.northwind}`, { waitUntil: 'commit' });
  const kept = page.locator('vigil-portal [part="kept"]');
  await expect(kept).toHaveText(/^An evacuation was active at \d\d:\d\d · checking…$/);
  await expect.poll(() => northwind.held.asked).toBeGreaterThan(0);
  expect(await page.locator('vigil-portal .evac-actions button').count()).toBe(0);
  expect(
    await page
      .locator('vigil-portal')
      .getByText(/No evacuation|Evacuation in progress/)
      .count(),
  ).toBe(0);
  northwind.held.release();
  await expect(kept).toHaveCount(0);
  await expect(page.locator('vigil-portal .evac-actions').getByRole('button', { name: /End evacuation/ })).toBeVisible();
  await northwind.stop();

  await signOutForgetsAll(page);
});
