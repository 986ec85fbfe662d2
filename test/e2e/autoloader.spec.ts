// dist/vigil.js, the autoloader (README "For integrators"): one script tag for every
// element, yet a page downloads only the elements it shows — when their tags first appear,
// in the document or in another component's shadow root.
import type { Page } from '@playwright/test';
import { graph } from '../../scripts/bundle-graph.ts';
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { trackNetwork } from './support/network.ts';

/** Serves `body` at /e2e/autoload.html with vigil.js in the head; returns the /dist/ scripts it fetches, in order. */
async function autoloadPage(page: Page, baseURL: string, body: string, head = ''): Promise<string[]> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Autoloader</title>${head}
<script type="module" src="/dist/vigil.js"></script></head><body><main><h1>Site security</h1>${body}</main></body></html>`;
  await page.route(`${baseURL}/e2e/autoload.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const scripts: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/dist/') && path.endsWith('.js')) scripts.push(path.slice('/dist/'.length));
  });
  await page.goto('/e2e/autoload.html');
  return scripts;
}

/** Every file the given entries may load (up front or on demand), as paths inside dist/. */
function reachable(entries: string[]): Set<string> {
  const g = graph(entries);
  return new Set([...g.initial, ...g.lazy]);
}

test('a page with only <vigil-evacuation> gets a working control and only that element’s chunks', async ({ page, baseURL, signIn }) => {
  await signIn('manager@vigil.test');
  const network = trackNetwork(page);
  const scripts = await autoloadPage(page, baseURL!, `<vigil-evacuation site="${SITES.antwerpWarehouse}"></vigil-evacuation>`);

  const evacuation = page.locator('vigil-evacuation');
  await expect(evacuation.getByText('No evacuation in progress')).toBeVisible({ timeout: 15_000 });
  await evacuation.getByRole('button', { name: 'Start evacuation' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Antwerp');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  // What it fetched: the autoloader, the evacuation element's entry, and nothing that the
  // evacuation element (with its lazy parts) does not need — no other element's entry.
  await network.quiet();
  expect(scripts[0]).toBe('vigil.js');
  expect(scripts).toContain('vigil-evacuation.js');
  const needed = reachable(['vigil-evacuation.js']);
  expect(scripts.filter((s) => !needed.has(s) && s !== 'vigil.js')).toEqual([]);
  expect(scripts.filter((s) => /^vigil-[a-z-]+\.js$/.test(s) && !['vigil-evacuation.js', 'vigil-toast-region.js'].includes(s))).toEqual([]);
});

test('an element inserted later, in open shadow roots made before and after the autoloader ran, in a closed root, or awaited with whenDefined all load', async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn('manager@vigil.test');
  const network = trackNetwork(page);
  // A component of the page's own, defined by a classic script before vigil.js runs: its
  // open shadow root (holding a language picker) exists when the autoloader starts.
  const early = `<script>
customElements.define('x-early', class extends HTMLElement {
  constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<p>Early: <vigil-language-picker></vigil-language-picker></p>'; }
});</script>`;
  const scripts = await autoloadPage(page, baseURL!, '<x-early></x-early>', early);
  await expect(page.locator('x-early vigil-language-picker').getByRole('combobox')).toBeVisible({ timeout: 15_000 });
  await network.quiet();
  expect(scripts).toContain('vigil-language-picker.js');
  expect(scripts).not.toContain('vigil-unread-badge.js');
  expect(scripts).not.toContain('vigil-login.js');

  // Inserted into the document later: its element is fetched only now.
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('vigil-unread-badge')));
  await expect(page.locator('main > vigil-unread-badge')).toContainText('12', { timeout: 15_000 });
  expect(scripts).toContain('vigil-unread-badge.js');

  // Components defined after the autoloader ran: one renders into an open shadow root
  // after attaching it, one into a closed root.
  await page.evaluate(() => {
    customElements.define(
      'x-card',
      class extends HTMLElement {
        connectedCallback() {
          const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
          queueMicrotask(() => root.append(document.createElement('vigil-login')));
        }
      },
    );
    customElements.define(
      'x-sealed',
      class extends HTMLElement {
        constructor() {
          super();
          const root = this.attachShadow({ mode: 'closed' });
          const evacuation = document.createElement('vigil-evacuation');
          evacuation.setAttribute('project', '10000000-0000-4000-8000-000000000001');
          root.append(evacuation);
          (window as unknown as { sealed: Element }).sealed = evacuation;
        }
      },
    );
    document.querySelector('main')!.append(document.createElement('x-card'), document.createElement('x-sealed'));
  });
  await expect(page.locator('x-card vigil-login')).toContainText('Signed in as Morgan Manager', { timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sealed: Element }).sealed.matches(':defined')), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sealed: Element }).sealed.shadowRoot?.textContent ?? ''), { timeout: 15_000 })
    .toContain('No evacuation in progress');
  // A page that waits for an element before inserting it (fine with a suite that defined
  // every tag at once) gets it loaded by asking.
  expect(scripts).not.toContain('vigil-projects.js');
  expect(
    await page.evaluate(() => customElements.whenDefined('vigil-projects').then(() => typeof customElements.get('vigil-projects'))),
  ).toBe('function');
  expect(scripts).toContain('vigil-projects.js');

  // Each element's entry was fetched once, however many times its tag appeared.
  const entries = scripts.filter((s) => /^vigil-[a-z-]+\.js$/.test(s));
  expect(entries.length).toBe(new Set(entries).size);
});
