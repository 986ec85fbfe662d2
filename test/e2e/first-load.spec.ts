// An element on an integrator's page starts in one round trip after its script: the script
// (a loader) asks at once for every file of the element and for its first answers, and the
// element then sends none of those again. Checked from what Chromium saw: who sent each
// request (the initiator's stack) and which files the page asked for with modulepreload
// links — not from timings, which a busy machine would blur.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { trackNetwork } from './support/network.ts';
import { witnessTopic } from './support/topics.ts';
import { expireSessionAfter, FAILED_REQUEST_CONSOLE, injectFault } from './support/faults.ts';
import { confirmInDialog } from './support/fault-rows.ts';
import { PROJECTS } from '../../demo/server/seed-ids.ts';

interface Sent {
  url: URL;
  /** The script on top of the stack that sent it, if a script did. */
  by: string | undefined;
  type: string;
  /** Chromium's priority for it ('VeryHigh' … 'VeryLow'). */
  priority: string;
}

async function recordRequests(page: Page): Promise<Sent[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: Sent[] = [];
  type Stack = { callFrames: { url: string }[]; parent?: Stack };
  cdp.on('Network.requestWillBeSent', (e) => {
    let by: string | undefined;
    for (let s = e.initiator.stack as Stack | undefined; s && !by; s = s.parent) by = s.callFrames.find((f) => f.url)?.url;
    sent.push({ url: new URL(e.request.url), by, type: e.type ?? '', priority: e.request.initialPriority });
  });
  return sent;
}

async function servePage(page: Page, baseURL: string | undefined, script: string, body: string): Promise<void> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>
<script type="module" src="${script}"></script></head><body><main>${body}</main></body></html>`;
  await page.route(`${baseURL}/e2e/first-load.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
}

const isApi = (u: URL) => /^\/(api|auth|i18n)\//.test(u.pathname) && u.pathname !== '/api/v2/events';
const preloaded = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href));

test('<vigil-evacuation> on its own script: code and first answers asked at once, none asked twice', async ({ page, signIn, baseURL }) => {
  await signIn('sofie.peeters@northwind.example'); // a Dutch user: the answers in her language
  await servePage(page, baseURL, '/dist/vigil-evacuation.js', `<vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation>`);
  const sent = await recordRequests(page);
  const network = trackNetwork(page);
  await page.goto('/e2e/first-load.html');
  await expect(page.locator('vigil-evacuation').getByRole('button', { name: 'Evacuatie starten' })).toBeEnabled();
  const loader = `${baseURL}/dist/vigil-evacuation.js`;
  const usable = [...sent];

  // Every script the element needed to become usable was asked for by the loader's links.
  const links = new Set(await preloaded(page));
  const scripts = usable.filter((r) => r.type === 'Script' && r.url.href !== loader).map((r) => r.url.href);
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.filter((href) => !links.has(href))).toEqual([]);
  // Every API answer it needed was asked for by the loader itself, not by code that came later.
  const calls = usable.filter((r) => isApi(r.url));
  expect(calls.map((r) => r.url.pathname)).toEqual(
    expect.arrayContaining(['/i18n/messages/nl.json', '/api/v2/user', `/api/public/v2/projects/${PROJECTS.northwind}/evacuation/status`]),
  );
  expect(calls.filter((r) => r.by !== loader).map((r) => `${r.url.pathname} by ${r.by}`)).toEqual([]);

  // And once everything has settled, nothing was sent twice (the client took the early answers).
  await network.quiet();
  // What it wants only after its first screen (the dialog, the live channel, the session's
  // JWT and unread count) went at low priority, so that it held up neither the first
  // screen's code nor its answers; nothing the first screen needs did.
  const script = (name: RegExp) => sent.find((r) => r.type === 'Script' && name.test(r.url.pathname));
  expect(script(/\/EvacuationDialog-[\w-]+\.js$/)?.priority).toBe('Low');
  expect(script(/\/ToastRegion-[\w-]+\.js$/)?.priority).toBe('Low');
  expect(script(/\/EvacuationControl-[\w-]+\.js$/)?.priority).not.toBe('Low');
  expect(sent.filter((r) => r.priority === 'Low' && !r.url.pathname.startsWith('/dist/chunks/')).map((r) => r.url.pathname)).toEqual([
    '/auth/jwt',
    '/api/v2/notifications',
  ]);
  const counts = new Map<string, number>();
  for (const r of sent.filter((x) => isApi(x.url) || x.type === 'Script')) counts.set(r.url.href, (counts.get(r.url.href) ?? 0) + 1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
});

test('<vigil-evacuation>: until Start is enabled, the user asked once and nothing of other projects', async ({ page, signIn, baseURL }) => {
  // The manager sees several projects: a first screen that read the projects list, or the
  // evacuation status of any of them but the element's own, would show here.
  await signIn('manager@vigil.test');
  await servePage(page, baseURL, '/dist/vigil-evacuation.js', `<vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation>`);
  const sent = await recordRequests(page);
  await page.goto('/e2e/first-load.html');
  await expect(page.locator('vigil-evacuation').getByRole('button', { name: 'Start evacuation' })).toBeEnabled();
  const calls = [...sent].filter((r) => isApi(r.url)); // what went out until then
  const paths = calls.map((r) => r.url.pathname);
  expect(paths.filter((p) => p === '/api/v2/user')).toHaveLength(1);
  expect(paths.filter((p) => p === '/api/v2/projects')).toEqual([]);
  const statuses = paths.filter((p) => p.endsWith('/evacuation/status'));
  expect(statuses).toEqual([`/api/public/v2/projects/${PROJECTS.northwind}/evacuation/status`]);
  // Nothing asked twice, and what the session wants after the first screen (the JWT, the
  // unread count) never at the priority of what the button waits for.
  expect(calls.map((r) => r.url.href).filter((href, i, all) => all.indexOf(href) !== i)).toEqual([]);
  expect(calls.filter((r) => /^\/(auth\/jwt|api\/v2\/notifications)$/.test(r.url.pathname) && r.priority !== 'Low')).toEqual([]);
});

test('a second element whose script comes after the first validation asks nothing again, and a refused call still signs out', async ({
  page,
  signIn,
  baseURL,
  browserProblems,
}) => {
  browserProblems.allow(FAILED_REQUEST_CONSOLE); // the refused call
  // Two elements, each with its own script (examples/evacuation.html). When the second
  // script arrives after the session has made its first calls, it must not ask for them
  // early again: an answer left waiting would be handed to a later call, and the session's
  // check after a refused call (a 401) would then read the old "still signed in".
  await signIn('manager@vigil.test');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>
<script type="module" src="/dist/vigil-login.js"></script><script type="module" src="/dist/vigil-evacuation.js"></script>
</head><body><main><vigil-login></vigil-login><vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation></main></body></html>`;
  await page.route(`${baseURL}/e2e/first-load.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${baseURL}/dist/vigil-evacuation.js`, async (route) => {
    await held;
    await route.continue();
  });
  const sent = await recordRequests(page);
  // The session asks for the JWT once it has validated the user: its start is done.
  const started = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/jwt');
  // Not until 'load': the page loads once the held script does.
  await page.goto('/e2e/first-load.html', { waitUntil: 'commit' });
  await started;
  release();
  const start = page.locator('vigil-evacuation').getByRole('button', { name: 'Start evacuation' });
  await expect(start).toBeEnabled();
  for (const call of ['/api/v2/user', '/auth/jwt', '/i18n/messages/en.json']) {
    expect(sent.filter((r) => r.url.pathname === call).map((r) => r.url.pathname)).toEqual([call]);
  }

  const refused = await injectFault(page, { method: 'POST', path: /\/evacuation\/start$/ }, '401');
  await expireSessionAfter(page, refused);
  await confirmInDialog(page, start, 'Start evacuation');
  await expect.poll(() => refused.hits).toBe(1);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth.currentUser'))).toBeNull();
  await expect(page.locator('vigil-evacuation').getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('<vigil-inbox> on its own script: every script it loads, live updates included, asked for at once', async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn('manager@vigil.test');
  await servePage(page, baseURL, '/dist/vigil-inbox.js', '<vigil-inbox view="incidents"></vigil-inbox>');
  const sent = await recordRequests(page);
  const network = trackNetwork(page);
  await page.goto('/e2e/first-load.html');
  await expect(page.locator('vigil-inbox').locator('[data-row]').first()).toBeVisible();
  await network.quiet();
  // Including what keeps the lists fresh, loaded after the first render: asked for by the
  // loader (at low priority), not discovered one import at a time once the list showed.
  const links = new Set(await preloaded(page));
  const scripts = sent.filter((r) => r.type === 'Script' && r.url.href !== `${baseURL}/dist/vigil-inbox.js`);
  expect(scripts.filter((r) => !links.has(r.url.href)).map((r) => r.url.pathname)).toEqual([]);
  expect(scripts.filter((r) => r.priority === 'Low').length).toBeGreaterThan(0);
});

test('an element found by the autoloader starts the same way, one step later', async ({ page, signIn, baseURL }) => {
  await signIn('manager@vigil.test');
  await servePage(page, baseURL, '/dist/vigil.js', `<vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation>`);
  const sent = await recordRequests(page);
  const network = trackNetwork(page);
  await page.goto('/e2e/first-load.html');
  await expect(page.locator('vigil-evacuation').getByRole('button', { name: 'Start evacuation' })).toBeEnabled();
  const loader = `${baseURL}/dist/vigil-evacuation.js`;
  expect(sent.find((r) => r.url.href === loader)?.by).toBe(`${baseURL}/dist/vigil.js`);
  const calls = sent.filter((r) => isApi(r.url));
  expect(calls.filter((r) => r.by !== loader).map((r) => `${r.url.pathname} by ${r.by}`)).toEqual([]);
  await network.quiet();
  const api = sent.filter((r) => isApi(r.url)).map((r) => r.url.href);
  expect(api.filter((href, i) => api.indexOf(href) !== i)).toEqual([]);
});

test('signed out: the loader asks for the sign-in form, and nothing of the API', async ({ page, baseURL }) => {
  await servePage(page, baseURL, '/dist/vigil-evacuation.js', `<vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation>`);
  const sent = await recordRequests(page);
  await page.goto('/e2e/first-load.html');
  await expect(page.locator('vigil-evacuation').getByLabel('E-mail address')).toBeVisible();
  const links = await preloaded(page);
  expect(links.some((href) => /\/EvacuationControl-/.test(href))).toBe(false);
  expect(links.some((href) => /\/CompactSignInForm-/.test(href))).toBe(true);
  expect(sent.filter((r) => isApi(r.url) && r.by?.endsWith('/dist/vigil-evacuation.js'))).toEqual([]);
});

test('the portal home asks for its projects while it validates the user and loads its texts, not after, and once', async ({
  page,
  signIn,
}) => {
  await signIn('manager@vigil.test');
  // The validation's answer and the catalogue are held until the projects have been asked
  // for: were the projects asked only after either (the page, and the header's evacuation
  // bar, render once the texts are there), the page would never show them.
  const projects: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v2/projects') projects.push(r.url());
  });
  let validations = 0;
  await page.route(
    (url) => url.pathname === '/api/v2/user' || url.pathname === '/i18n/messages/en.json',
    async (route) => {
      validations++;
      await expect.poll(() => projects.length, { message: 'the projects asked for during the validation' }).toBeGreaterThan(0);
      await route.continue();
    },
  );
  const network = trackNetwork(page);
  await page.goto('/');
  await expect(page.locator('vigil-portal').getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.locator('vigil-portal').locator('.pj-card-desc').first()).toBeVisible();
  await network.quiet(300);
  expect(validations).toBeGreaterThan(0);
  // The page took the answer asked for while validating: no second request.
  expect(projects).toHaveLength(1);
});

test('an early answer from before a change the live channel told of is not shown: the element asks again', async ({
  page,
  signIn,
  baseURL,
  api,
}) => {
  // Two elements, each with its own script. The badge's code opens the live channel while
  // the evacuation control's code is held; its loader's early status (calm) has arrived.
  // An evacuation then starts and the channel tells of it: once the control's code comes,
  // it must show the evacuation, not the calm answer asked for before it.
  const manager = await signIn('manager@vigil.test');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>
<script type="module" src="/dist/vigil-unread-badge.js"></script><script type="module" src="/dist/vigil-evacuation.js"></script>
</head><body><main><vigil-unread-badge></vigil-unread-badge><vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation></main></body></html>`;
  await page.route(`${baseURL}/e2e/first-load.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/dist\/chunks\/evacuation-state-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const status = `/api/public/v2/projects/${PROJECTS.northwind}/evacuation/status`;
  // Answered (the server wrote it whole): its body is read only when the client takes it.
  const early = page.waitForResponse((response) => new URL(response.url()).pathname === status);
  await page.goto('/e2e/first-load.html', { waitUntil: 'commit' });
  await early;
  // A witness among the page's own topic listeners says when the channel told of the start.
  const told = await witnessTopic(page, 'evacuation');
  const res = await api.request.post(`/api/public/v1/projects/${PROJECTS.northwind}/evacuation/start`, {
    headers: { Authorization: `Bearer ${manager.token}` },
    data: {},
  });
  expect(res.status()).toBe(200);
  await told();
  release();
  const control = page.locator('vigil-evacuation');
  await expect(control.getByRole('button', { name: 'End evacuation' })).toBeVisible();
  await expect(control).not.toContainText('No evacuation in progress');
});
