// <vigil-projects>, <vigil-project>, <vigil-site> and <vigil-system> in real Chromium
// against an in-page fake API: content, links, permissions, search, loading / empty /
// error / not-found states, keyboard, and axe on each.
import '../../../elements/vigil-projects.ts';
import '../../../elements/vigil-project.ts';
import '../../../elements/vigil-site.ts';
import '../../../elements/vigil-system.ts';
import { $evacuationActions, $evacuations } from '../../../src/core/evacuation/evacuation.ts';
import { projectList } from '../../../src/core/projects/projects.ts';
import { projectCache, siteCache, systemCache } from '../../../src/core/resources/resources.ts';
import { $currentUser } from '../../../src/core/session/store.ts';
import { $toasts } from '../../../src/core/toasts/toasts.ts';
import { liveFrameCount } from '../../unit/frame-counts.ts';
import { FRESH_MS } from '../../../src/features/common/useResource.ts';
import { expect, nextFrames, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';
import { fakeFetch, freshState, ME, MISSING, PROJECT, SITE, summary, SYSTEM, type FakeState } from './fakeApi.ts';

const realFetch = window.fetch;
let host: HTMLElement | undefined;
let state: FakeState;

const root = () => host!.shadowRoot!;
const $ = <T extends Element = HTMLElement>(selector: string) => root().querySelector<T>(selector);
const $$ = (selector: string) => [...root().querySelectorAll<HTMLElement>(selector)];
const text = () => root().textContent ?? '';
const toastKeys = () => $toasts.get().map((t) => t.key);

async function mount(tag: string, attrs: Record<string, string>, ready: () => boolean): Promise<void> {
  host = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) host.setAttribute(k, v);
  document.body.append(host);
  await waitFor(ready, { timeout: 4000, message: `<${tag}> rendered` });
}

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('projects, sites and systems elements', function () {
  this.timeout(20_000);

  beforeEach(() => {
    state = freshState();
    window.fetch = fakeFetch(state);
    $toasts.set([]);
    projectList.clear();
    $evacuations.set({});
    $evacuationActions.set({});
    projectCache.clear();
    siteCache.clear();
    systemCache.clear();
    $currentUser.set({ ...ME, token: 'test-token' });
  });
  afterEach(() => {
    host?.remove();
    host = undefined;
    window.fetch = realFetch;
    $currentUser.set(null);
  });

  describe('<vigil-projects>', () => {
    it('lists projects with sites and systems counts and an evacuation marker (text, not colour alone)', async () => {
      await mount('vigil-projects', {}, () => $$('.pj-card').length === 2);
      const [northwind, atlas] = $$('.pj-card');
      expect(northwind!.querySelector('h2')!.textContent).to.equal('Northwind Logistics');
      expect(northwind!.querySelector('a')!.getAttribute('href')).to.equal(`/project/${PROJECT}`);
      expect(northwind!.textContent).to.include('Evacuation active');
      expect(atlas!.textContent).not.to.include('Evacuation active');
      // Each count names what it counts: the projects call counts camera systems only.
      expect([...northwind!.querySelectorAll('.pj-counts .pj-count')].map((d) => d.textContent)).to.deep.equal([
        '3 sites',
        '8 camera systems',
      ]);
      expect($('input[type="search"]')).to.be.null; // two projects need no search
      expect(state.calls.find((c) => c.path === '/api/v2/projects')?.authorization).to.equal('Bearer test-token');
      await expectNoA11yViolations(host!);
    });

    it('shows a search box for a long list that filters by name and says how many match', async () => {
      state.projects = Array.from({ length: 9 }, (_, i) =>
        summary(i + 1, { name: ['Northwind', 'Atlas', 'Hudson', 'Société Liège', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'][i]! }),
      );
      await mount('vigil-projects', {}, () => $$('.pj-card').length === 9);
      const search = $<HTMLInputElement>('input[type="search"]')!;
      expect(root().querySelector(`label[for="${search.id}"]`)!.textContent).to.equal('Search projects');
      type(search, 'societe LIEGE');
      await waitFor(() => $$('.pj-card').length === 1);
      expect($('.pj-card h2')!.textContent).to.equal('Société Liège');
      expect($('[role="status"]')!.textContent).to.equal('1 of 9 projects shown');
      type(search, 'zzz');
      await waitFor(() => text().includes('No project name contains “zzz”.'));
      await expectNoA11yViolations(host!);
      [...root().querySelectorAll('button')].find((b) => b.textContent === 'Clear search')!.click();
      await waitFor(() => $$('.pj-card').length === 9);
    });

    it('has an empty state', async () => {
      state.projects = [];
      await mount('vigil-projects', {}, () => text().includes('You do not have any projects yet.'));
      await expectNoA11yViolations(host!);
    });

    it('shows the loading state, then on failure a message, the docs/product.md#errors toast and a working retry', async () => {
      state.failPaths.set('/api/v2/projects', 500);
      await mount('vigil-projects', {}, () => text().includes('The projects could not be loaded.'));
      expect(toastKeys()).to.deep.equal(['core.toastErrors.loadProjects']);
      await expectNoA11yViolations(host!);
      state.failPaths.clear();
      [...root().querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
      await waitFor(() => $$('.pj-card').length === 2);
    });
  });

  describe('<vigil-project>', () => {
    it('shows its sites with systems (status in words) and links to schedules and, with manage users, users and activity', async () => {
      await mount('vigil-project', { project: PROJECT }, () => $('h1')?.textContent === 'Northwind Logistics');
      expect($$('.pj-site h3').map((h) => h.textContent)).to.deep.equal(['Antwerp Port Warehouse']);
      expect($('.pj-site h3 a')!.getAttribute('href')).to.equal(`/site/${SITE}`);
      const systems = $$('.pj-system');
      expect(systems.map((s) => s.querySelector('a')!.textContent)).to.deep.equal(['Dock cameras', 'Roof terrace']);
      expect(systems[0]!.textContent).to.include('Online');
      expect(systems[1]!.textContent).to.include('Offline');
      const links = $$('.pj-actions a').map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).to.deep.equal([
        ['Site schedules', `/projects/${PROJECT}/site-schedules`],
        ['Project users', `/projects/${PROJECT}/users`],
        ['Activity', `/projects/${PROJECT}/activity`],
      ]);
      const filter = state.calls.find((c) => c.path === `/api/v2/projects/${PROJECT}`)!;
      expect(new URL(filter.url).searchParams.get('filter[systemtype]')).to.equal('UFO');
      await expectNoA11yViolations(host!);
    });

    it('shows one evacuation block saying the whole project is being evacuated, never a calm state beside it', async () => {
      state.evacuating = true;
      await mount('vigil-project', { project: PROJECT }, () => text().includes('Evacuation in progress'));
      expect(text()).to.include('The whole project is being evacuated.');
      expect(text()).not.to.include('No evacuation in progress');
      expect(root().querySelectorAll('.evac')).to.have.lengthOf(1);
      await expectNoA11yViolations(host!);
    });

    it('has no project-users or activity link without manage users', async () => {
      state.permissions = ['view'];
      await mount('vigil-project', { project: PROJECT }, () => $('h1')?.textContent === 'Northwind Logistics');
      expect($$('.pj-actions a').map((a) => a.textContent)).to.deep.equal(['Site schedules']);
    });

    it('shows a cached project at once, without asking again moments after loading it', async () => {
      await mount('vigil-project', { project: PROJECT }, () => $('h1') !== null);
      host!.remove();
      const before = state.calls.length;
      host = document.createElement('vigil-project');
      host.setAttribute('project', PROJECT);
      document.body.append(host);
      await waitFor(() => root().querySelector('h1')?.textContent === 'Northwind Logistics', { timeout: 200 });
      await nextFrames(3); // a request sent on showing it would be recorded by now
      expect(state.calls.slice(before).filter((c) => c.path === `/api/v2/projects/${PROJECT}`)).to.have.lengthOf(0);
    });

    it('shows a cached project at once and refreshes it in the background when coming back later', async () => {
      await mount('vigil-project', { project: PROJECT }, () => $('h1') !== null);
      host!.remove();
      // Coming back later: the cached project is older than the freshness window.
      const cached = projectCache.$entries.get()[PROJECT]!;
      projectCache.$entries.setKey(PROJECT, { ...cached, loadedAt: Date.now() - FRESH_MS - 1 });
      const before = state.calls.length;
      host = document.createElement('vigil-project');
      host.setAttribute('project', PROJECT);
      document.body.append(host);
      await waitFor(() => root().querySelector('h1')?.textContent === 'Northwind Logistics', { timeout: 200 });
      await waitFor(() => state.calls.slice(before).some((c) => c.path === `/api/v2/projects/${PROJECT}`));
    });

    it('says clearly when the project does not exist (no toast), and checks its attribute', async () => {
      await mount('vigil-project', { project: MISSING }, () =>
        text().includes('This project does not exist, or you do not have access to it.'),
      );
      expect(toastKeys()).to.deep.equal([]);
      await expectNoA11yViolations(host!);
      host!.setAttribute('project', 'not-a-uuid');
      await waitFor(() => text().includes('The “project” attribute has an invalid value: “not-a-uuid”.'));
    });
  });

  describe('<vigil-site>', () => {
    it('shows what is happening there: security now, evacuation, cameras, incidents, then the way to the security hours', async () => {
      await mount('vigil-site', { site: SITE }, () => $('h1')?.textContent === 'Antwerp Port Warehouse');
      const [secured, address, zone] = $$('.pj-facts dd').map((d) => d.textContent ?? '');
      // The fixture's week secures Sunday only, all day.
      expect(secured).to.match(/^(Secured now · until|Not secured · from)/);
      expect(address).to.equal('Noorderlaan 120, 2030 Antwerpen');
      // the zone by name with its offset now (UTC+1 in winter, UTC+2 in summer), not its IANA id
      expect(/^Central European Time \(UTC\+[12]\)$/.test(zone ?? '')).to.equal(true);
      expect($$('.pj-crumbs li').map((l) => l.textContent)).to.deep.equal(['Projects', 'Northwind Logistics', 'Antwerp Port Warehouse']);
      // Camera systems with their live tiles, each under its name (their own chunk).
      await waitFor(() => $$('[part="cameras"] h3 a').length > 0);
      expect($$('[part="cameras"] h3 a').map((a) => a.textContent)).to.deep.equal(['Dock cameras', 'Roof terrace']);
      await waitFor(() => $$('[part="cameras"] [part="camera"]').length > 0);
      // Its incidents: the open one counted and listed first, then the handled one, on the site's clock.
      await waitFor(() => text().includes('1 open incident'));
      expect($$('.st-incident-title').map((a) => a.textContent)).to.deep.equal(['Forced door at the dock', 'Alarm test']);
      expect($('.st-incident time')!.textContent).to.match(/(CET|GMT\+1)$/);
      expect($('.st-all')!.getAttribute('href')).to.equal(`/inbox?site=${SITE}`);
      // The security hours are the site's other page, not on this one.
      expect($$('[role="grid"]')).to.have.length(0);
      expect($('[part="schedule-link"] a')!.getAttribute('href')).to.equal(`/site/${SITE}/schedule`);
      // The site's evacuation control, with the status the server gives.
      await waitFor(() => text().includes('No evacuation in progress'));
      await expectNoA11yViolations(host!);
    });

    it('shows the security-hours matrix with section="schedule"', async () => {
      await mount('vigil-site', { site: SITE, section: 'schedule' }, () => $('h1')?.textContent === 'Antwerp Port Warehouse');
      expect($('[aria-current="page"].st-tab')!.textContent).to.equal('Security hours');
      // The schedules feature's matrix, read-only without 'edit schedules'.
      await waitFor(() => $$('h2').some((h) => h.textContent === 'Security hours'));
      expect(text()).to.include('Changing them needs the “Edit schedules” permission on this project.');
      await expectNoA11yViolations(host!);
    });

    it('shows the site text when the site cannot be loaded', async () => {
      state.failPaths.set(`/api/v2/sites/${SITE}`, 500);
      const spec = 'Something went wrong. Unable to load site. Please contact your project manager or our support for assistance.';
      await mount('vigil-site', { site: SITE }, () => text().includes(spec));
      expect(toastKeys()).to.deep.equal(['core.errors.loadSite']);
      await expectNoA11yViolations(host!);
    });
  });

  describe('<vigil-system>', () => {
    it('shows status in words, cameras and the live view; frees every frame when removed', async () => {
      // Its two cameras, past the tiles shown while the grid's code loads, and its project's
      // name in the breadcrumbs (loaded on its own when the system's answer does not name it).
      await mount(
        'vigil-system',
        { system: SYSTEM },
        () => $$('.lv-cam').length === 2 && !$('.lv-frame--skeleton') && $$('.pj-crumbs li').length === 4,
      );
      expect($('.lv-system')!.textContent).to.equal('Online');
      expect($$('.pj-crumbs li').map((l) => l.textContent)).to.deep.equal([
        'Projects',
        'Northwind Logistics',
        'Antwerp Port Warehouse',
        'Dock cameras',
      ]);
      await waitFor(() => liveFrameCount() === 2, { timeout: 4000, message: 'a frame per camera' });
      await expectNoA11yViolations(host!);
      host!.remove();
      host = undefined;
      await waitFor(() => liveFrameCount() === 0, { message: 'every frame freed' });
    });

    it('marks an offline system in words', async () => {
      state.online = false;
      await mount('vigil-system', { system: SYSTEM }, () => $('.lv-system') !== null);
      expect($('.lv-system')!.textContent).to.equal('Offline');
      expect(text()).to.include('This system is offline.');
    });

    it('says clearly when the system does not exist', async () => {
      await mount('vigil-system', { system: MISSING }, () =>
        text().includes('This system does not exist, or you do not have access to it.'),
      );
      expect(toastKeys()).to.deep.equal([]);
    });
  });
});
