// <vigil-evacuation> in real Chromium against an in-page fake API: attribute messages,
// the status, the confirmation naming the site and the consequence, one POST with its
// Idempotency-Key per confirmation, the status fetched again afterwards, the composed
// event, and axe on the control and the dialog.
import '../../../elements/vigil-evacuation.ts';
import type { EvacuationStatus } from '../../../src/core/api/contract.ts';
import { $evacuationActions, $evacuations } from '../../../src/core/evacuation/evacuation.ts';
import { projectCache, siteCache } from '../../../src/core/resources/resources.ts';
import { $currentUser } from '../../../src/core/session/store.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { press } from '../ui/keys.ts';
import { json, USER as MANAGER } from '../helpers/api.ts';

const PROJECT = '10000000-0000-4000-8000-000000000001';
const SITE = '20000000-0000-4000-8000-000000000001';
const USER = { ...MANAGER, uuid: '40000000-0000-4000-8000-000000000001' };

interface Call {
  method: string;
  path: string;
  key: string | null;
}

const realFetch = window.fetch;
let calls: Call[] = [];
let status: EvacuationStatus;
let host: HTMLElement | undefined;

function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const method = (init.method ?? 'GET').toUpperCase();
  calls.push({ method, path: url.pathname, key: new Headers(init.headers).get('Idempotency-Key') });
  const p = url.pathname;
  if (p === '/api/v2/user') return Promise.resolve(json({ data: USER }));
  if (p === '/api/v2/notifications') return Promise.resolve(json({ data: [], meta: { total: 0 } }));
  if (p === '/auth/jwt') return Promise.resolve(json({ data: null }));
  if (p === `/api/v2/sites/${SITE}`)
    return Promise.resolve(
      json({
        data: {
          uuid: SITE,
          name: 'Antwerp Port Warehouse',
          address: 'Noorderlaan 120',
          timezone: 'Europe/Brussels',
          project_uuid: PROJECT,
          systems: [],
        },
      }),
    );
  if (p === `/api/v2/projects/${PROJECT}`)
    return Promise.resolve(json({ data: { uuid: PROJECT, name: 'Northwind Logistics', permissions: ['view', 'evacuate'], sites: [] } }));
  if (p === `/api/public/v2/sites/${SITE}/evacuation/status`) return Promise.resolve(json({ data: status }));
  // The project's own evacuation is not under way; its status lists the site's.
  if (p === `/api/public/v2/projects/${PROJECT}/evacuation/status`)
    return Promise.resolve(
      json({
        data: {
          status: 'inactive',
          started_at: null,
          started_by: null,
          aborted_at: null,
          active_sites:
            status.status === 'active'
              ? [{ uuid: SITE, name: 'Antwerp Port Warehouse', started_at: status.started_at, started_by: status.started_by }]
              : [],
        },
      }),
    );
  if (method === 'POST' && p === `/api/public/v1/sites/${SITE}/evacuation/start`) {
    status = { status: 'active', started_at: new Date().toISOString(), started_by: 'Morgan Manager', aborted_at: null };
    return new Promise((resolve) => setTimeout(() => resolve(json({ data: status })), 150));
  }
  return Promise.resolve(json({ errors: [{ message: 'Not found' }] }, 404));
}

const root = () => host!.shadowRoot!;
const text = () => root().textContent ?? '';
const button = (name: string, scope: ParentNode = root()) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ?? null;
const dialog = () => root().querySelector<HTMLElement>('[role="alertdialog"]');

function mount(attributes: Record<string, string>): HTMLElement {
  host = document.createElement('vigil-evacuation');
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  return host;
}

describe('<vigil-evacuation>', function () {
  this.timeout(15_000);

  beforeEach(() => {
    calls = [];
    status = { status: 'inactive', started_at: null, started_by: null, aborted_at: null };
    window.fetch = fakeFetch as typeof fetch;
    $evacuations.set({});
    $evacuationActions.set({});
    siteCache.clear();
    projectCache.clear();
    $currentUser.set({ ...USER, token: 'test-token' });
  });
  afterEach(() => {
    host?.remove();
    host = undefined;
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  it('explains a missing, an invalid, or a doubled target instead of rendering blank', async () => {
    mount({});
    await waitFor(() => expect(text()).to.include('This element needs the “project” / “site” attribute.'));
    host!.remove();
    mount({ project: 'not-a-uuid' });
    await waitFor(() => expect(text()).to.include('The “project” attribute has an invalid value: “not-a-uuid”.'));
    host!.remove();
    mount({ project: PROJECT, site: SITE });
    await waitFor(() => expect(text()).to.include('Give either the “project” or the “site” attribute, not both.'));
    expect(calls.filter((c) => c.path.includes('/evacuation/'))).to.have.lengthOf(0);
  });

  it('starts a site evacuation after a confirmation that names it, with one POST, then shows the server’s status', async () => {
    const events: CustomEvent[] = [];
    const listener = (e: Event) => events.push(e as CustomEvent);
    document.addEventListener('vigil-evacuation-started', listener);
    try {
      mount({ site: SITE });
      await waitFor(() => expect(text()).to.include('No evacuation in progress'), { timeout: 4000 });
      await waitFor(() => expect(text()).to.include('Antwerp Port Warehouse'));
      await expectNoA11yViolations(host!);

      const start = button('Start evacuation')!;
      start.focus();
      await press('Enter');
      const d = await waitFor(() => dialog() ?? false);
      expect((d as HTMLElement).textContent).to.include('Start the evacuation of Antwerp Port Warehouse?');
      expect((d as HTMLElement).textContent).to.include('All people at Antwerp Port Warehouse will be told to leave the building now.');
      expect(root().activeElement?.textContent).to.equal('Cancel');
      await expectNoA11yViolations(host!);
      // Nothing is chosen for the user: confirming waits for "drill or real".
      expect(button('Start evacuation', d as HTMLElement)?.disabled).to.equal(true);
      (d as HTMLElement).querySelector<HTMLInputElement>('input[type="radio"][value="real"]')!.click();
      await waitFor(() => expect(button('Start evacuation', d as HTMLElement)?.disabled).to.equal(false));
      button('Cancel', d as HTMLElement)!.focus();

      await press('Tab');
      // The confirmation arms once it has been visible for a moment (clickjacking guard).
      await waitFor(() => expect(button('Start evacuation', d as HTMLElement)?.getAttribute('aria-disabled') ?? null).to.be.null, {
        timeout: 3000,
      });
      await press('Enter');
      await press('Enter'); // a second confirm while the first is under way
      await waitFor(() => expect(text()).to.include('Evacuation in progress'), { timeout: 4000 });
      await waitFor(() => expect(dialog()).to.be.null);

      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts).to.have.lengthOf(1);
      expect(posts[0]!.key).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const statusGets = calls.filter((c) => c.path.endsWith('/evacuation/status'));
      const postIndex = calls.indexOf(posts[0]!);
      expect(calls.slice(postIndex + 1).some((c) => statusGets.includes(c))).to.equal(true);
      expect(text()).to.include('This site is being evacuated.');
      expect(text()).to.include('started by Morgan Manager');
      expect(text()).not.to.include('No evacuation in progress');
      expect(root().activeElement?.textContent).to.equal('End evacuation');
      expect(events).to.have.lengthOf(1);
      expect(events[0]!.detail.scope).to.equal('site');
      expect(events[0]!.detail.uuid).to.equal(SITE);
      expect(events[0]!.detail.status.status).to.equal('active');
      expect(events[0]!.composed).to.equal(true);
      await expectNoA11yViolations(host!);
    } finally {
      document.removeEventListener('vigil-evacuation-started', listener);
    }
  });

  it('shows the state but offers no button without the evacuate permission, and says so', async () => {
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === `/api/v2/projects/${PROJECT}`)
        return Promise.resolve(json({ data: { uuid: PROJECT, name: 'Northwind Logistics', permissions: ['view'], sites: [] } }));
      return fakeFetch(input, init);
    }) as typeof fetch;
    mount({ project: PROJECT });
    await waitFor(() => expect(text()).to.include('You can see the evacuation status, but you may not start or end an evacuation here.'), {
      timeout: 4000,
    });
    await waitFor(() => expect(text()).to.include('No evacuation in progress'));
    expect(button('Start evacuation')).to.be.null;
    expect(root().querySelectorAll('button')).to.have.lengthOf(0);
  });
});
