// <vigil-inbox> in real Chromium against a stubbed API: attribute check, a 5,000-row list
// that keeps a small DOM and moves by real key presses, opening a notification in place
// (marked read, count down, event), and an incident's token-fetched images revoked on Back.
import '../../../elements/vigil-inbox.ts';
import { incidentList, notificationList } from '../../../src/core/inbox/lists.ts';
import { userCache } from '../../../src/core/inbox/users.ts';
import { incidentCache, notificationCache } from '../../../src/core/resources/resources.ts';
import { $currentUser, $unreadCount } from '../../../src/core/session/store.ts';
import { $toasts } from '../../../src/core/toasts/toasts.ts';
import { expect, rejectionOf, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { afterEach, beforeEach, describe, it, type MochaContext } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';
import { json } from '../helpers/api.ts';

const TOTAL = 5_000;
const realFetch = window.fetch;
const added: Element[] = [];
const ME = {
  uuid: 'u-1',
  username: 'morgan',
  name: 'Morgan Manager',
  email: 'm@vigil.test',
  locale: 'en',
  terms_accepted_web_portal: true,
  token: 'tok',
};

interface Call {
  method: string;
  url: URL;
  auth: string | null;
}
let calls: Call[] = [];

const iso = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString();
const notification = (n: number) => ({
  uuid: `n-${n}`,
  title: `Notice ${n}`,
  body_html: `Body <b>${n}</b>`,
  created_at: iso(n),
  read_at: n % 2 ? iso(n) : null,
});
const incident = (n: number) => ({
  uuid: `i-${n}`,
  title: `Incident ${n}`,
  description: `What happened ${n}`,
  occurred_at: iso(n),
  severity: 'high',
  site: { uuid: 's-1', name: 'Antwerp' },
  system: { uuid: 'y-1', name: 'Docks' },
  media: n === 0 ? ['/api/v2/media/m-1', '/api/v2/media/m-2'] : [],
  handled_by: n === 0 ? 'sofie' : ME.username,
});
// A 1×1 PNG.
const PIXEL = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (c) =>
  c.charCodeAt(0),
);

function api(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input instanceof Request ? input.url : input), location.href);
  const headers = new Headers(input instanceof Request ? input.headers : init.headers);
  const method = (input instanceof Request ? input.method : init.method) ?? 'GET';
  calls.push({ method, url, auth: headers.get('Authorization') });
  const page = Number(url.searchParams.get('page') ?? 1);
  const per = Number(url.searchParams.get('per_page') ?? 25);
  const slice = <T>(make: (n: number) => T) =>
    Array.from({ length: Math.max(0, Math.min(per, TOTAL - (page - 1) * per)) }, (_, i) => make((page - 1) * per + i));
  const path = url.pathname;
  if (path === '/api/v2/notifications') return json({ data: slice(notification), meta: { total: TOTAL } });
  if (path === '/api/v2/incidents') return json({ data: slice(incident), meta: { total: TOTAL } });
  if (path.endsWith('/mark-as-read')) return json({ data: { ...notification(0), read_at: iso(-1) } });
  if (path.startsWith('/api/v2/notifications/')) return json({ data: notification(Number(path.split('-').pop())) });
  if (path.startsWith('/api/v2/incidents/')) return json({ data: incident(Number(path.split('-').pop())) });
  if (path === '/api/users/sofie') return json({ data: { username: 'sofie', name: 'Sofie Peeters' } });
  if (path.startsWith('/api/v2/media/')) return new Response(PIXEL, { headers: { 'Content-Type': 'image/png' } });
  if (path === '/api/v2/user') return json({ data: ME });
  return json({ errors: [{ message: 'not found' }] }, 404);
}

function add(html: string): HTMLElement {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  const el = wrap.firstElementChild as HTMLElement;
  document.body.append(el);
  added.push(el);
  return el;
}

const root = (el: Element) => el.shadowRoot!;
const until = <T>(fn: () => T | null | undefined, timeout = 4_000) => waitFor(() => fn() ?? false, { timeout }) as Promise<T>;
const deepActive = () => {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
};

describe('<vigil-inbox>', () => {
  beforeEach(() => {
    calls = [];
    window.fetch = async (input, init) => api(input, init);
    for (const c of [incidentCache, notificationCache, userCache]) c.clear();
    incidentList.clear();
    notificationList.clear();
    $toasts.set([]);
    $unreadCount.set(7);
    $currentUser.set(ME);
  });
  afterEach(() => {
    for (const el of added.splice(0)) el.remove();
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  it('shows a translated message for a bad view attribute', async () => {
    const el = add('<vigil-inbox view="everything"></vigil-inbox>');
    const alert = await until(() => root(el).querySelector('[role="alert"]'));
    expect(alert.textContent).to.include('“view”');
    expect(alert.textContent).to.include('everything');
  });

  it('offers a sign-in when nobody is signed in', async () => {
    $currentUser.set(null);
    const el = add('<vigil-inbox></vigil-inbox>');
    await until(() => root(el).querySelector('form input[type="password"]'));
    expect(root(el).querySelector('[role="list"]')).to.be.null;
  });

  it('shows 5,000 notifications with a small DOM, moving by keys, loading only the pages it shows', async function (this: MochaContext) {
    this.timeout(20_000);
    const el = add('<vigil-inbox view="notifications"></vigil-inbox>');
    const list = await until(() => root(el).querySelector<HTMLElement>('[role="list"]'));
    await until(() => list.querySelector('[data-row]'));
    expect(list.getAttribute('aria-label')).to.equal('Notifications, newest first');
    expect(list.querySelector('li')!.getAttribute('aria-setsize')).to.equal(String(TOTAL));
    expect(list.querySelectorAll('*').length).to.be.below(500);
    expect(list.querySelectorAll('[data-row][tabindex="0"]').length).to.equal(1);
    await expectNoA11yViolations(el);

    list.querySelector<HTMLElement>('[data-row]')!.focus();
    await press('ArrowDown');
    await waitFor(() => expect(deepActive()?.textContent).to.include('Notice 1'));
    await press('End');
    await waitFor(() => expect(deepActive()?.textContent).to.include(`Notice ${TOTAL - 1}`), { timeout: 6_000 });
    expect(deepActive()?.closest('li')?.getAttribute('aria-posinset')).to.equal(String(TOTAL));
    expect(list.querySelectorAll('*').length).to.be.below(500);
    await press('Home');
    await waitFor(() => expect(deepActive()?.textContent).to.include('Notice 0'));
    const pages = new Set(calls.filter((c) => c.url.pathname === '/api/v2/notifications').map((c) => c.url.searchParams.get('page')));
    expect(pages.has(String(TOTAL / 50))).to.equal(true);
    expect(pages.size).to.be.below(6);
    expect(calls.every((c) => c.auth === 'Bearer tok')).to.equal(true);
  });

  it('opens an unread notification in place: marked read once, count down, event; Back returns to the row', async () => {
    const el = add('<vigil-inbox view="notifications"></vigil-inbox>');
    const events: CustomEvent[] = [];
    document.addEventListener('vigil-notification-read', (e) => events.push(e as CustomEvent), { once: true });
    const row = await until(() => root(el).querySelector<HTMLElement>('[data-index="0"] [data-row]'));
    expect(row.textContent).to.include('Unread');
    row.click();
    const heading = await until(() => root(el).querySelector('h2.vi-head-title'));
    expect(heading.textContent).to.equal('Notice 0');
    await waitFor(() => expect($unreadCount.get()).to.equal(6));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url.pathname)).to.deep.equal(['/api/v2/notifications/n-0/mark-as-read']);
    expect(events[0]?.detail).to.deep.equal({ uuid: 'n-0', unread: 6 });
    // The body (and the sanitizer) loads in parallel with the notification.
    const body = await until(() => root(el).querySelector('[part="notification-body"]'));
    expect(body.innerHTML).to.equal('Body <b>0</b>');
    await waitFor(() => expect(deepActive()).to.equal(heading));

    root(el).querySelector<HTMLElement>('[part="back"]')!.click();
    const back = await until(() => root(el).querySelector<HTMLElement>('[data-index="0"] [data-row]'));
    await waitFor(() => expect(deepActive()).to.equal(back));
    expect(back.textContent).not.to.include('Unread');
  });

  it('shows an incident: names the handler, loads its images with the token and revokes them on Back', async function (this: MochaContext) {
    this.timeout(10_000);
    const el = add('<vigil-inbox></vigil-inbox>');
    const row = await until(() => root(el).querySelector<HTMLElement>('[data-index="0"] [data-row]'));
    row.click();
    await until(() => root(el).querySelector('article'));
    await waitFor(() => expect(root(el).querySelector('article')!.textContent).to.include('Sofie Peeters'));
    const images = await until(() => {
      const imgs = [...root(el).querySelectorAll('img')];
      return imgs.length === 2 ? imgs : null;
    });
    const srcs = images.map((img) => img.src);
    for (const src of srcs) expect(src).to.match(/^blob:/);
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/v2/media/')).every((c) => c.auth === 'Bearer tok')).to.equal(true);
    expect((await realFetch(srcs[0]!)).ok).to.equal(true);
    await expectNoA11yViolations(el);

    root(el).querySelector<HTMLElement>('[part="back"]')!.click();
    await until(() => root(el).querySelector('[role="list"]'));
    for (const src of srcs) await rejectionOf(realFetch(src));

    // The next incident was handled by the current user: no lookup.
    root(el).querySelector<HTMLElement>('[data-index="1"] [data-row]')!.click();
    await waitFor(() => expect(root(el).querySelector('article')?.textContent).to.include(ME.name));
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/users/')).map((c) => c.url.pathname)).to.deep.equal(['/api/users/sofie']);
  });
});
