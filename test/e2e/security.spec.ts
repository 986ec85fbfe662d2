// The client's security guarantees (README "Security") against real servers on other
// loopback ports: the token goes only to the API that issued it, whatever order a host
// page inserts the elements in and whatever api-base injected markup names; and a page
// that frames an integrator's page cannot turn a visitor's clicks into an evacuation.
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { SITES } from '../../demo/server/seed-ids.ts';
import { expect, test, SEED_PASSWORD, USER_STORAGE_KEY } from './fixtures.ts';
import { foreignOrigin, html, integratorOrigin, serveOn, type OriginServer } from './support/other-origins.ts';
import { trackNetwork } from './support/network.ts';

const SITE = SITES.antwerpWarehouse;

interface Seen {
  url: URL;
  authorization: string | undefined;
}

/** Every request the page makes (all frames), with the headers it really sent. */
function recordRequests(page: Page): { seen: Seen[]; settle(): Promise<void> } {
  const pending: Promise<void>[] = [];
  const seen: Seen[] = [];
  const onRequest = (req: Request) => {
    pending.push(
      req
        .allHeaders()
        .then((h) => void seen.push({ url: new URL(req.url()), authorization: h.authorization }))
        .catch(() => undefined),
    );
  };
  page.on('request', onRequest);
  return { seen, settle: async () => void (await Promise.all(pending)) };
}

async function signInOnLoginCard(page: Page): Promise<void> {
  const login = page.locator('vigil-login');
  await login.getByLabel('E-mail address').fill('manager@vigil.test');
  await login.getByLabel('Password').fill(SEED_PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
}

/** Seeds a sign-in issued by `api` into `origin`'s localStorage before the page loads. */
async function seedSignIn(page: Page, request: APIRequestContext, origin: string, api: string): Promise<string> {
  const res = await request.post('/api/v2/user/login', {
    data: { email: 'manager@vigil.test', password: SEED_PASSWORD, device_name: 'e2e' },
  });
  const { data } = (await res.json()) as { data: { token: string } };
  const value = JSON.stringify({ ...data, api_origin: api });
  await page.addInitScript(
    ({ key, value, origin }) => {
      if (location.origin === origin && !sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { key: USER_STORAGE_KEY, value, origin },
  );
  return data.token;
}

/**
 * Where a control sits once the page has stopped moving (its element's late parts, styles
 * and text arrive after it first shows): the same box three readings in a row. A click
 * aimed from an earlier reading could land beside it.
 */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const readings: string[] = [];
  await expect
    .poll(
      async () => {
        readings.push(JSON.stringify(await locator.boundingBox()));
        return readings.length >= 3 && readings.slice(-3).every((r) => r !== 'null' && r === readings.at(-1));
      },
      { message: 'the control stopped moving', intervals: [100] },
    )
    .toBe(true);
  return JSON.parse(readings.at(-1)!) as { x: number; y: number; width: number; height: number };
}

async function evacuationStatus(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`/api/public/v2/sites/${SITE}/evacuation/status`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { status: string } }).data.status;
}

let servers: OriginServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

test.describe('the token stays with the API that issued it', () => {
  test('a host page that inserts <vigil-unread-badge api-base> before <vigil-login api-base> sends nothing to its own origin, the token only to the API, also after a reload', async ({
    page,
    baseURL,
  }) => {
    const api = new URL(baseURL!).origin;
    // Like a Vue template with two root nodes, or elements a script inserts: the badge
    // connects first, the login right after, in the same task; both name the API (one
    // naming none would name the host page's own origin).
    const app = `
      await customElements.whenDefined('vigil-login');
      const badge = document.createElement('vigil-unread-badge');
      badge.setAttribute('api-base', ${JSON.stringify(api)});
      document.getElementById('badge').append(badge);
      const login = document.createElement('vigil-login');
      login.setAttribute('api-base', ${JSON.stringify(api)});
      document.getElementById('login').append(login);`;
    const host = await serveOn(integratorOrigin(), (req, res) => {
      if (req.url === '/app.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        res.end(app);
      } else if (req.url === '/') {
        html(
          res,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator</title>
          <script type="module" src="${api}/dist/vigil.js"></script><script type="module" src="/app.js"></script></head>
          <body><main><h1>Integrator</h1><p>Unread: <span id="badge"></span></p><div id="login"></div></main></body></html>`,
        );
      } else {
        res.writeHead(404).end();
      }
    });
    servers.push(host);
    const requests = recordRequests(page);

    const check = async () => {
      await requests.settle();
      const toHost = requests.seen.filter((r) => r.url.origin === host.origin).map((r) => r.url.pathname);
      expect(toHost.filter((p) => p !== '/' && p !== '/app.js' && p !== '/favicon.ico')).toEqual([]);
      expect(host.requests.filter((r) => r.authorization !== undefined)).toEqual([]);
      const withToken = requests.seen.filter((r) => r.authorization);
      expect(withToken.length).toBeGreaterThan(0);
      expect(withToken.filter((r) => r.url.origin !== api).map((r) => r.url.href)).toEqual([]);
      const catalogues = requests.seen.filter((r) => r.url.pathname.startsWith('/i18n/messages/'));
      expect(catalogues.length).toBeGreaterThan(0);
      expect(catalogues.map((r) => [r.url.origin, r.authorization ?? null])).toEqual(catalogues.map(() => [api, null]));
    };

    await page.goto(`${host.origin}/`);
    await signInOnLoginCard(page);
    await expect(page.locator('vigil-unread-badge')).toContainText('12');
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY))!) as { api_base: string };
    expect(stored.api_base).toBe(api);
    await check();

    requests.seen.length = 0;
    host.requests.length = 0;
    await page.reload();
    await expect(page.locator('vigil-unread-badge')).toContainText('12');
    await expect(page.locator('vigil-login')).toContainText('Signed in as Morgan Manager');
    await check();
  });

  test('markup naming a foreign api-base gets no token, alone or beside the real API', async ({
    page,
    request,
    baseURL,
    browserProblems,
  }) => {
    browserProblems.allow(/Failed to load resource/);
    const api = new URL(baseURL!).origin;
    // Some other server that would gladly take a token: it lets any origin send one.
    const foreign = await serveOn(foreignOrigin(), (req, res) => {
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Authorization, Accept-Language, Content-Type',
        'Access-Control-Allow-Methods': 'GET, POST, PUT',
      };
      if (req.method === 'OPTIONS') res.writeHead(204, cors).end();
      else if (req.url?.startsWith('/i18n/messages/')) res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{}');
      else res.writeHead(404, { ...cors, 'Content-Type': 'application/json' }).end('{"errors":[{"message":"Not found."}]}');
    });
    const host = await serveOn(integratorOrigin(), (req, res) => {
      const beside = req.url === '/alone' ? '' : `<vigil-login api-base="${api}"></vigil-login>`;
      const declared = req.url === '/declared' ? `<meta name="vigil-api-base" content="${api}">` : '';
      html(
        res,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator</title>${declared}
        <script type="module" src="${api}/dist/vigil.js"></script></head>
        <body><main><h1>Integrator</h1><p>Injected: <vigil-unread-badge api-base="${foreign.origin}"></vigil-unread-badge></p>${beside}</main></body></html>`,
      );
    });
    servers.push(foreign, host);
    await seedSignIn(page, request, host.origin, api);
    const requests = recordRequests(page);

    // Alone: the markup names another API than the one that issued the stored sign-in, and
    // nothing declares the page's: no API at all, the element says why, and the sign-in stays.
    await page.goto(`${host.origin}/alone`);
    await expect(page.locator('vigil-unread-badge')).toContainText('This page names several Vigil servers, so none is used');
    await page.waitForLoadState('networkidle');
    await requests.settle();
    expect(foreign.requests).toEqual([]);
    expect(requests.seen.filter((r) => r.authorization)).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toContain('"token"');

    // Beside the real API's element, with nothing declaring the page's API: the page
    // settles on no API at all — both elements say so — and nobody hears anything.
    await page.evaluate(() => sessionStorage.removeItem('seeded'));
    foreign.requests.length = 0;
    requests.seen.length = 0;
    await page.goto(`${host.origin}/beside`);
    for (const el of [page.locator('vigil-login'), page.locator('vigil-unread-badge')]) {
      await expect(el).toContainText('This page names several Vigil servers, so none is used');
    }
    await page.waitForLoadState('networkidle');
    await requests.settle();
    expect(foreign.requests).toEqual([]);
    expect(requests.seen.filter((r) => r.authorization)).toEqual([]);

    // With the page's API declared in its head, the real element works and the injected one
    // says it names another server.
    await page.evaluate(() => sessionStorage.removeItem('seeded'));
    requests.seen.length = 0;
    await page.goto(`${host.origin}/declared`);
    await expect(page.locator('vigil-login')).toContainText('Signed in as Morgan Manager');
    await expect(page.locator('vigil-unread-badge')).toContainText('This element names another Vigil server');
    await page.waitForLoadState('networkidle');
    await requests.settle();
    expect(foreign.requests).toEqual([]);
    expect(requests.seen.filter((r) => r.authorization).every((r) => r.url.origin === api)).toBe(true);
    expect(requests.seen.some((r) => r.authorization)).toBe(true);
  });

  test('an injected <vigil-login api-base> placed before the real one wins nothing: no form, nothing posted anywhere', async ({
    page,
    baseURL,
    browserProblems,
  }) => {
    browserProblems.allow(/Failed to load resource/);
    const api = new URL(baseURL!).origin;
    const foreign = await serveOn(foreignOrigin(), (req, res) => {
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': '*' };
      res.writeHead(req.method === 'OPTIONS' ? 204 : 404, cors).end();
    });
    const host = await serveOn(integratorOrigin(), (_req, res) =>
      html(
        res,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator</title>
        <script type="module" src="${api}/dist/vigil.js"></script></head>
        <body><main><h1>Integrator</h1><div id="comment"><vigil-login api-base="${foreign.origin}"></vigil-login></div>
        <vigil-login api-base="${api}"></vigil-login></main></body></html>`,
      ),
    );
    servers.push(foreign, host);
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET' && req.method() !== 'HEAD') posts.push(`${req.method()} ${req.url()}`);
    });
    await page.goto(`${host.origin}/`);
    const logins = page.locator('vigil-login');
    await expect(logins).toHaveCount(2);
    for (const login of await logins.all()) {
      await expect(login).toContainText('This page names several Vigil servers, so none is used');
      await expect(login.getByLabel('Password')).toHaveCount(0);
      await expect(login.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    }
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    expect(foreign.requests).toEqual([]);
  });
});

test.describe('an injected element above the real one on a same-origin page', () => {
  test('<vigil-login api-base="http://evil.example"> above a <vigil-login> naming no API: nothing typed goes anywhere but the page’s API, nobody is signed out', async ({
    page,
    request,
    baseURL,
    browserProblems,
  }) => {
    browserProblems.allow(/Failed to load resource/);
    const api = new URL(baseURL!).origin;
    // The usual intranet: the page is on the API's origin; a comment carries the injected markup.
    const injected = '<div class="comment"><vigil-login api-base="http://evil.example"></vigil-login></div>';
    await page.route(`${api}/intranet/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title>
        <script type="module" src="/dist/vigil.js"></script></head>
        <body><main><h1>Intranet</h1>${route.request().url().endsWith('/with-comment') ? injected : ''}
        <section id="real"><vigil-login></vigil-login></section></main></body></html>`,
      }),
    );
    const evil: string[] = [];
    await page.route('http://evil.example/**', (route) => {
      evil.push(`${route.request().method()} ${route.request().url()} ${route.request().postData() ?? ''}`);
      return route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' }, body: '' });
    });
    const sent: { url: string; body: string }[] = [];
    page.on('request', (req) => sent.push({ url: req.url(), body: req.postData() ?? '' }));

    // Signed out: neither element offers a form, both say why, nothing is asked of evil.example.
    await page.goto(`${api}/intranet/with-comment`);
    const real = page.locator('#real vigil-login');
    for (const login of [real, page.locator('.comment vigil-login')]) {
      await expect(login).toContainText('This page names several Vigil servers, so none is used');
      await expect(login.getByLabel('Password')).toHaveCount(0);
    }
    await page.keyboard.type('manager@vigil.test\tvigil-demo\n'); // whatever the visitor types
    await page.waitForLoadState('networkidle');
    expect(evil).toEqual([]);
    expect(sent.filter((r) => r.body.includes('vigil-demo') || r.body.includes('manager@vigil.test'))).toEqual([]);

    // Signed in: the injected element does not sign anyone out, in this tab or any other.
    const login = await request.post('/api/v2/user/login', {
      data: { email: 'manager@vigil.test', password: SEED_PASSWORD, device_name: 'e2e' },
    });
    const { data } = (await login.json()) as { data: { token: string } };
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [USER_STORAGE_KEY, JSON.stringify({ ...data, api_base: api })],
    );
    await page.reload();
    await expect(real).toContainText('This page names several Vigil servers, so none is used');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toContain(data.token);
    expect(evil).toEqual([]);

    // Without the injected markup the real form is the page's, and what is typed goes to the page's API only.
    await page.evaluate((key) => localStorage.removeItem(key), USER_STORAGE_KEY);
    sent.length = 0;
    await page.goto(`${api}/intranet/plain`);
    await signInOnLoginCard(page);
    await expect(real).toContainText('Signed in as Morgan Manager');
    const posted = sent.filter((r) => r.body.includes(SEED_PASSWORD));
    expect(posted.map((r) => new URL(r.url).origin)).toEqual([api]);
    expect(evil).toEqual([]);
  });
});

test.describe('demo/try pages', () => {
  test('a crafted link cannot plant api-base (or any other attribute): the token stays with the API', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = new URL(baseURL!).origin;
    const foreign = await serveOn(foreignOrigin(), (_req, res) => res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end());
    servers.push(foreign);
    await seedSignIn(page, request, api, api);
    const requests = recordRequests(page);
    for (const planted of [foreign.origin, `${api}/uploads/evil`]) {
      const query = new URLSearchParams({ el: 'vigil-projects', 'api-base': planted, hidden: '', onclick: 'alert(1)' });
      await page.goto(`${api}/demo/try/projects.html?${query}`);
      const el = page.locator('vigil-projects');
      await expect(el).toContainText('Northwind Logistics');
      const names = await el.evaluate((e) => e.getAttributeNames());
      expect(names.filter((n) => ['api-base', 'hidden', 'onclick'].includes(n))).toEqual([]);
    }
    await requests.settle();
    expect(foreign.requests).toEqual([]);
    expect(requests.seen.filter((r) => r.url.pathname.startsWith('/uploads/'))).toEqual([]);
    expect(requests.seen.filter((r) => r.authorization).every((r) => r.url.origin === api)).toBe(true);
  });
});

test.describe('clickjacking', () => {
  /** An integrator's page with the evacuation element, served without any framing guard. */
  async function unguardedIntegratorPage(api: string): Promise<OriginServer> {
    const server = await serveOn(integratorOrigin(), (_req, res) =>
      html(
        res,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site security</title>
        <meta name="vigil-api-base" content="${api}"><script type="module" src="${api}/dist/vigil.js"></script></head>
        <body><main><h1>Site security</h1><vigil-evacuation site="${SITE}"></vigil-evacuation></main></body></html>`,
      ),
    );
    servers.push(server);
    return server;
  }

  async function hostilePage(target: string, opacity: string): Promise<OriginServer> {
    const server = await serveOn(foreignOrigin(), (_req, res) =>
      html(
        res,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head>
        <body><main><h1>Click twice to win</h1>
        <iframe title="framed" src="${target}" style="position:absolute;top:0;left:0;width:900px;height:700px;border:0;opacity:${opacity}"></iframe></main></body></html>`,
      ),
    );
    servers.push(server);
    return server;
  }

  test('the demo server’s pages cannot be framed by another origin', async ({ page, baseURL, browserProblems }) => {
    browserProblems.allowCsp(/frame-ancestors/);
    browserProblems.allow(/frame-ancestors|Refused to display/);
    const hostile = await hostilePage(`${baseURL}/examples/intranet/`, '0.0001');
    const response = page.waitForResponse((r) => r.url().startsWith(`${baseURL}/examples/intranet/`));
    await page.goto(`${hostile.origin}/`);
    const framed = await response;
    expect(framed.headers()['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    // The page's load waits for its frame's: once it fired, the refused frame is settled.
    await page.waitForLoadState('load');
    await page.waitForLoadState('networkidle');
    await expect(page.frameLocator('iframe').locator('vigil-evacuation')).toHaveCount(0);
  });

  test('a transparent frame of an integrator page cannot start an evacuation with two quick clicks; a visible page can, after a moment', async ({
    page,
    request,
    baseURL,
  }) => {
    const api = new URL(baseURL!).origin;
    const integrator = await unguardedIntegratorPage(api);
    const token = await seedSignIn(page, request, integrator.origin, api);
    const hostile = await hostilePage(`${integrator.origin}/`, '0.0001');

    await page.clock.install(); // the moment a control takes to arm runs on the test's clock
    await page.goto(`${hostile.origin}/`);
    const net = trackNetwork(page);
    const framed = page.frameLocator('iframe').locator('vigil-evacuation');
    await expect(framed.getByText('No evacuation in progress')).toBeVisible();
    const startButton = framed.getByRole('button', { name: 'Start evacuation' });
    const box = await settledBox(startButton);
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // Two quick clicks where the start button is (invisible to the visitor, who clicks the
    // bait): they reach it (it takes the focus) but open nothing.
    await page.mouse.click(at.x, at.y);
    await page.mouse.click(at.x, at.y);
    await expect(startButton).toBeFocused();
    // And a patient one, well after the moment a visible control arms: every timer due by
    // then fires first.
    await page.clock.runFor(2_000);
    await page.mouse.click(at.x, at.y);
    await net.quiet(100); // the dialog's code, a start: what a click set off is done
    await expect(framed.getByRole('alertdialog')).toHaveCount(0);
    expect(await evacuationStatus(request, token)).toBe('inactive');

    // The integrator's own page, visible: two quick clicks still do nothing; after a
    // moment the confirmation works (by keyboard too: Enter on the armed button).
    await page.goto(`${integrator.origin}/`);
    const evacuation = page.locator('vigil-evacuation');
    await expect(evacuation.getByText('No evacuation in progress')).toBeVisible();
    await evacuation.getByRole('button', { name: 'Start evacuation' }).click();
    const ownDialog = page.getByRole('alertdialog');
    const armedLater = ownDialog.getByRole('button', { name: 'Start evacuation' });
    await expect(armedLater).toHaveAttribute('aria-disabled', 'true');
    const quick = await settledBox(armedLater);
    await page.mouse.click(quick.x + quick.width / 2, quick.y + quick.height / 2);
    await net.quiet(100);
    expect(await evacuationStatus(request, token)).toBe('inactive');
    // Nothing is chosen for the user: the confirm waits for "drill or real" too.
    await ownDialog.getByRole('radio', { name: /^Real evacuation/ }).check();
    await expect(armedLater).not.toHaveAttribute('aria-disabled', 'true');
    await armedLater.focus();
    await page.keyboard.press('Enter');
    // Exactly: a text match ignores case, and "No evacuation in progress" holds this one.
    await expect(evacuation.getByText('Evacuation in progress', { exact: true })).toBeVisible();
    expect(await evacuationStatus(request, token)).toBe('active');
  });
});
