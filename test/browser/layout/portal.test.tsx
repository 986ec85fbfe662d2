// <vigil-portal> in real Chromium against an in-page fake API: the shared layout, routing
// in place under a base path, a fresh page for every full path, <html lang>, the content
// page's sanitized HTML, and the timeout page of a page module that did not load.
import '../../../elements/vigil-portal.ts';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { $language } from '../../../src/core/i18n/languages.ts';
import { $contentPages } from '../../../src/core/content/content.ts';
import { PageLoadError } from '../../../src/core/router/page-loading.ts';
import { navigate } from '../../../src/core/router/navigation.ts';
import { $currentUser, $unreadCount } from '../../../src/core/session/store.ts';
import { setLocale } from '../../../src/core/session/locale.ts';
import { PageErrorBoundary } from '../../../src/features/layout/PageErrorBoundary.tsx';
import { expect, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { cleanupFixtures, shadowFixture } from '../helpers/dom.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { json, USER } from '../helpers/api.ts';

const BASE = '/wtr-portal';
const realFetch = window.fetch;
const startUrl = location.href;
let host: HTMLElement | undefined;
let pingOk = true;
let openTotal = 2;
const calls: string[] = [];

function fakeFetch(): typeof fetch {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    switch (url.pathname) {
      case '/api/ping':
        return pingOk ? new Response(null, { status: 204 }) : Promise.reject(new TypeError('Failed to fetch'));
      case '/api/v2/user':
        return json({ data: USER });
      case '/auth/jwt':
        return json({ data: { token: 'jwt' } });
      case '/api/v2/notifications':
        return json({ data: [], meta: { total: 4 } });
      case '/api/v2/incidents':
        return json({ data: [], meta: { total: url.searchParams.get('filter[open]') === 'true' ? openTotal : 0, page: 1, per_page: 1 } });
      case '/api/v2/user/locale':
        return json({ data: { ...USER, locale: 'de' } });
      case '/api/v2/pages':
        return json({ data: [{ uuid: 'p1', title: 'Contact' }] });
      case '/api/v2/pages/p1':
        return json({
          data: {
            uuid: 'p1',
            title: 'Contact',
            body_html:
              '<h2>Call us</h2><p onclick="x()">On <a href="https://vigil.example">the web</a><img src=x onerror="window.__pwned=1"></p><script>window.__pwned=1</script>',
          },
        });
      case '/i18n/messages/de.json':
        return json({
          layout: { nav: { projects: 'Projekte', inbox: 'Posteingang', help: 'Hilfe' } },
          core: { errors: { generic: 'x' }, common: { loading: '…' } },
        });
      default:
        return json({ errors: [{ message: 'Not found.' }] }, 404);
    }
  };
}

const root = () => host!.shadowRoot!;
const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
const until = <T,>(fn: () => T | null | undefined) => waitFor(() => fn() ?? false, { timeout: 4000 }) as Promise<T>;
const pill = (text: string) => [...root().querySelectorAll<HTMLAnchorElement>('.pill')].find((a) => a.textContent?.startsWith(text));

async function mount(path: string): Promise<void> {
  history.replaceState(null, '', BASE + path);
  host = document.createElement('vigil-portal');
  host.setAttribute('base-path', BASE);
  document.body.append(host);
  await until(() => $('.header'));
}

describe('<vigil-portal>', function () {
  this.timeout(15_000);

  beforeEach(() => {
    calls.length = 0;
    pingOk = true;
    openTotal = 2;
    window.fetch = fakeFetch();
    localStorage.clear();
    $currentUser.set({ ...USER, token: 'tok' });
    $unreadCount.set(4);
    $contentPages.set(null);
  });
  afterEach(async () => {
    host?.remove();
    host = undefined;
    window.fetch = realFetch;
    $currentUser.set(null);
    if ($language.get() !== 'en') await setLocale('en');
    history.replaceState(null, '', startUrl);
  });

  it('shows the layout: logo home, pills with the red open and the neutral unread count, Help (a menu), the user menu', async () => {
    await mount('/404');
    await until(() => pill('Help'));
    expect(pill('Projects')!.getAttribute('href')).to.equal(`${BASE}/`);
    const [open, unread] = await until(() => {
      const counts = [...pill('Inbox')!.querySelectorAll('[role="img"]')];
      return counts.length === 2 ? counts : null;
    });
    // Its name (a shorter one for narrow headers is hidden from assistive technology) and the counts.
    expect(pill('Inbox')!.querySelector('.pill-label--long')!.textContent).to.equal('Inbox');
    expect(pill('Inbox')!.querySelector('.pill-counts')!.textContent).to.equal('24');
    expect(open!.getAttribute('aria-label')).to.equal('2 open incidents');
    expect(unread!.getAttribute('aria-label')).to.equal('4 unread notifications');
    expect(getComputedStyle(open!).backgroundColor).to.equal('rgb(198, 40, 40)');
    expect(getComputedStyle(unread!).backgroundColor).to.equal('rgb(85, 96, 111)');
    await until(() => document.title.startsWith('(2 open · 4 unread) '));
    // Help is a menu button listing the content pages.
    expect(pill('Help')!.localName).to.equal('button');
    expect(pill('Help')!.getAttribute('aria-haspopup')).to.equal('menu');
    expect($<HTMLAnchorElement>('[role="menuitem"]')!.getAttribute('href')).to.equal(`${BASE}/page/p1`);
    expect($('.user-name')!.textContent).to.equal('Morgan Manager');
    expect($<HTMLAnchorElement>('.header-logo')!.getAttribute('href')).to.equal(`${BASE}/`);
    await expectNoA11yViolations(root());
  });

  it('routes in place under the base path and renders the sanitized content page', async () => {
    await mount('/404');
    (await until(() => pill('Help'))).click();
    (await until(() => $<HTMLAnchorElement>('[role="menuitem"]:not([hidden] *)'))).click();
    await until(() => $('.content-page h1'));
    expect(location.pathname).to.equal(`${BASE}/page/p1`);
    expect($('.content-page h1')!.textContent).to.equal('Contact');
    expect($('.content-body')!.innerHTML).to.equal(
      '<h2>Call us</h2><p>On <a href="https://vigil.example" rel="noopener noreferrer" target="_blank">the web</a></p>',
    );
    expect((window as unknown as { __pwned?: number }).__pwned).to.be.undefined;
    // Led by the counts: the open incidents first, then the unread notifications (2 and 4 in this mock).
    await waitFor(() => expect(document.title).to.equal('(2 open · 4 unread) Contact | Vigil'));
    expect(pill('Help')!.hasAttribute('data-current')).to.equal(true);
    expect($('[role="menuitem"]')!.getAttribute('aria-current')).to.equal('page');
  });

  it('one open incident: "1 open incident", and the title says so in the language shown', async () => {
    openTotal = 1;
    $unreadCount.set(1);
    await mount('/404');
    const open = await until(() => pill('Inbox')!.querySelector('.ic-open'));
    expect(open.getAttribute('aria-label')).to.equal('1 open incident');
    expect(pill('Inbox')!.querySelector('.ic-unread')!.getAttribute('aria-label')).to.equal('1 unread notification');
    await waitFor(() => expect(document.title).to.match(/^\(1 open · 1 unread\) \S/));
  });

  it('without open incidents: no red count, and the title led by the unread count alone', async () => {
    openTotal = 0;
    await mount('/404');
    await until(() => pill('Inbox')!.querySelector('[role="img"]'));
    await waitFor(() => expect(document.title).to.match(/^\(4\) \S/));
    expect([...pill('Inbox')!.querySelectorAll('[role="img"]')].map((c) => c.getAttribute('aria-label'))).to.deep.equal([
      '4 unread notifications',
    ]);
    $unreadCount.set(0);
    await waitFor(() => expect(document.title).to.match(/^[^(]/));
    expect(pill('Inbox')!.querySelector('.pill-label--long')!.textContent).to.equal('Inbox');
    expect(pill('Inbox')!.querySelector('.pill-counts')!.textContent).to.equal('');
  });

  it('mounts a fresh page whenever the full path changes, query included', async () => {
    await mount('/404?resource=Project');
    const first = await until(() => $('.state-page'));
    expect(first.querySelector('h1')!.textContent).to.equal('We could not find this project');
    navigate('/404?resource=Site');
    await waitFor(() => expect($('.state-page h1')?.textContent).to.equal('We could not find this site'));
    expect($('.state-page')).not.to.equal(first);
    expect(location.search).to.equal('?resource=Site');
  });

  it('sets <html lang> and re-renders in the new language without a reload', async () => {
    await mount('/404');
    await until(() => pill('Projects'));
    expect(document.documentElement.lang).to.equal('en');
    await setLocale('de');
    await waitFor(() => expect(pill('Projekte')).to.be.ok);
    expect(document.documentElement.lang).to.equal('de');
    expect(host!.getAttribute('lang')).to.equal('de');
  });

  it('sends a signed-out visitor to login with the full path', async () => {
    $currentUser.set(null);
    await mount('/inbox?x=1');
    await waitFor(() => expect(location.pathname).to.equal(`${BASE}/login`));
    expect(new URLSearchParams(location.search).get('redirectFrom')).to.equal('/inbox?x=1');
  });
});

describe('a page module that does not load', function () {
  this.timeout(10_000);
  let reactRoot: Root | undefined;

  function Broken(): never {
    throw new PageLoadError('timeout');
  }

  beforeEach(() => {
    window.fetch = fakeFetch();
  });
  afterEach(() => {
    reactRoot?.unmount();
    reactRoot = undefined;
    cleanupFixtures();
    window.fetch = realFetch;
    sessionStorage.removeItem('vigil.portal.timeoutReload');
  });

  it('pings the server and, when it cannot be reached, shows the error text', async () => {
    pingOk = false;
    const { root: shadow, container } = shadowFixture();
    reactRoot = createRoot(container);
    flushSync(() =>
      reactRoot!.render(
        <PageErrorBoundary>
          <Broken />
        </PageErrorBoundary>,
      ),
    );
    await waitFor(() =>
      expect(shadow.querySelector('[role="alert"]')?.textContent).to.include(
        "The page timed out while loading. Are you sure you're still connected to the Internet?",
      ),
    );
    expect(calls).to.include('HEAD /api/ping');
  });

  it('does not reload again for the same page within a minute', async () => {
    pingOk = true;
    openTotal = 2;
    sessionStorage.setItem('vigil.portal.timeoutReload', JSON.stringify({ path: location.pathname + location.search, at: Date.now() }));
    const { root: shadow, container } = shadowFixture();
    reactRoot = createRoot(container);
    flushSync(() =>
      reactRoot!.render(
        <PageErrorBoundary>
          <Broken />
        </PageErrorBoundary>,
      ),
    );
    await waitFor(() => expect(shadow.querySelector('[role="alert"] button')?.textContent).to.equal('Reload the page'));
  });
});
