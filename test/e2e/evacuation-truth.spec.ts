// One truth for evacuations: every screen and element shows the same derived state. A
// project-wide evacuation covers every site and system of the project; nothing ever says
// "No evacuation in progress" while something covers it; the alarm bar is on every portal
// page while anything evacuates. States are set through the API; places are visited in one
// page per state.
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';
import { expect, expectNoA11yViolations, test, type DemoApi } from './fixtures.ts';
import { EvacuationBlock } from './screens/EvacuationBlock.ts';
import { integratorPage } from './support/integrator-page.ts';

const P = PROJECTS.northwind;
const A = SITES.antwerpWarehouse;
const B = SITES.brusselsOffice;
const CALM = 'No evacuation in progress';
const COVERED_SITE = 'The whole project Northwind Logistics is being evacuated, this site included.';

type State = 'none' | 'site A' | 'whole project' | 'project + site A';
const STATES: State[] = ['none', 'site A', 'whole project', 'project + site A'];
const projectOn = (s: State) => s === 'whole project' || s === 'project + site A';
const siteAOn = (s: State) => s === 'site A' || s === 'project + site A';

async function setState(api: DemoApi, state: State): Promise<void> {
  const { token } = await api.login('manager@vigil.test');
  const post = async (path: string) => {
    const answer = await api.request.post(path, { headers: { Authorization: `Bearer ${token}` }, data: {} });
    expect(answer.ok()).toBe(true);
  };
  if (projectOn(state)) await post(`/api/public/v1/projects/${P}/evacuation/start`);
  if (siteAOn(state)) await post(`/api/public/v1/sites/${A}/evacuation/start`);
}

/** What a site's block must say and offer in a state (site A, or B which only the project covers). */
async function expectSite(block: EvacuationBlock, s: State, site: 'A' | 'B'): Promise<void> {
  const own = site === 'A' && siteAOn(s);
  if (projectOn(s)) {
    await expect(block.status()).toContainText(COVERED_SITE);
    await expect(block.button('End the evacuation of Northwind Logistics')).toBeVisible();
  }
  if (own)
    await expect(block.status()).toContainText(
      projectOn(s) ? 'This site’s own evacuation is in progress too.' : 'This site is being evacuated.',
    );
  if (projectOn(s) || own) {
    await expect(block.status()).toContainText('Evacuation in progress');
    await expect(block.root()).not.toContainText(CALM);
    await expect(block.button('Start evacuation')).toHaveCount(0);
    // Each End says whose evacuation it ends when there are two.
    if (projectOn(s) && own)
      await expect(block.actions()).toHaveText([
        'End the evacuation of Northwind Logistics',
        'End the evacuation of Antwerp Port Warehouse',
      ]);
    else await expect(block.actions()).toHaveCount(1);
  } else {
    await expect(block.status()).toContainText(CALM);
    await expect(block.actions()).toHaveText(['Start evacuation']);
  }
}

async function expectProject(block: EvacuationBlock, s: State): Promise<void> {
  if (s === 'none') {
    await expect(block.status()).toContainText(CALM);
    await expect(block.actions()).toHaveText(['Start evacuation']);
    return;
  }
  await expect(block.status()).toContainText('Evacuation in progress');
  if (projectOn(s)) await expect(block.status()).toContainText('The whole project is being evacuated.');
  else await expect(block.status()).not.toContainText('The whole project');
  await expect(block.siteRows()).toHaveCount(siteAOn(s) ? 1 : 0); // listed once
  if (siteAOn(s)) await expect(block.siteRow('Antwerp Port Warehouse')).toContainText('started by Morgan Manager');
  await expect(block.root()).not.toContainText(CALM);
  await expect(block.root().getByText(/^Last confirmed at \d/)).toHaveCount(1); // one "confirmed" line
  // The whole project's action, named as such beside its sites' own.
  if (projectOn(s)) await expect(block.actions()).toHaveText([siteAOn(s) ? 'End the evacuation of Northwind Logistics' : 'End evacuation']);
  else await expect(block.actions()).toHaveText(['Start the evacuation of Northwind Logistics']);
}

async function expectBar(block: EvacuationBlock, s: State): Promise<void> {
  if (s === 'none') {
    await expect(block.bar()).toBeHidden();
    return;
  }
  await expect(block.bar()).toContainText('Evacuation in progress');
  const links = block.bar().getByRole('listitem').getByRole('link');
  const expected = [
    ...(projectOn(s) ? ['Northwind Logistics (whole project)'] : []),
    ...(siteAOn(s) ? ['Antwerp Port Warehouse (Northwind Logistics)'] : []),
  ];
  await expect(links).toHaveText(expected);
  await expect(block.bar()).toContainText(/since \d+:\d\d/);
}

test.describe('one truth for evacuations: every state at every place', () => {
  for (const s of STATES) {
    test(`state: ${s}`, async ({ page, signIn, api, baseURL }) => {
      await setState(api, s);
      await signIn('manager@vigil.test');
      const block = new EvacuationBlock(page);

      await page.goto(`/project/${P}`);
      await expectProject(block, s);
      await expectBar(block, s);

      await page.goto(`/site/${A}`);
      await expectSite(block, s, 'A');
      await expectBar(block, s);

      await page.goto(`/site/${B}`);
      await expectSite(block, s, 'B');
      await expectBar(block, s);

      await page.goto(`/system/${SYSTEMS.antwerpDocks}`);
      if (s === 'none') await expect(block.status()).toContainText('Nothing is being evacuated at Antwerp Port Warehouse.');
      else {
        await expect(block.status()).toContainText('Evacuation in progress');
        if (projectOn(s))
          await expect(block.status()).toContainText(
            'The whole project Northwind Logistics is being evacuated, Antwerp Port Warehouse included.',
          );
        if (siteAOn(s)) await expect(block.status()).toContainText('Antwerp Port Warehouse is being evacuated.');
        await expect(block.root()).not.toContainText(CALM);
      }
      await expect(block.actions()).toHaveCount(0); // shown only: acted on from the site or project
      await expectBar(block, s);

      await page.goto('/inbox');
      await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      await expectBar(block, s);
      if (s !== 'none') await expectNoA11yViolations(page, { include: [{ fromShadowDom: ['vigil-portal', '.evac-bar'] }] });

      await integratorPage(page, baseURL!);
      await expectSite(new EvacuationBlock(page, page.locator('#site-a')), s, 'A');
      await expectProject(new EvacuationBlock(page, page.locator('#project')), s);
      await expectBar(block, s);
    });
  }
});

test('without the evacuate permission: the state, and no start or abort (viewer on Hudson)', async ({ page, signIn, api }) => {
  await signIn('viewer@vigil.test'); // Hudson: view only
  const block = new EvacuationBlock(page);
  await page.goto(`/project/${PROJECTS.hudson}`);
  await expect(block.status()).toContainText(CALM);
  await expect(block.root()).toContainText('You can see the evacuation status, but you may not start or end an evacuation here.');
  await expect(block.root().getByRole('button')).toHaveCount(0);

  // Started by someone who may: Dana Rivera holds every permission on Hudson.
  const dana = await api.login('dana.rivera@hudson-retail.example');
  const started = await api.request.post(`/api/public/v1/projects/${PROJECTS.hudson}/evacuation/start`, {
    headers: { Authorization: `Bearer ${dana.token}` },
    data: {},
  });
  expect(started.ok()).toBe(true);
  await page.goto(`/site/${SITES.brooklynStore}`);
  await expect(block.status()).toContainText('The whole project Hudson Retail Group is being evacuated, this site included.');
  await expect(block.root()).toContainText('you may not start or end an evacuation here');
  await expect(block.root().getByRole('button')).toHaveCount(0);
  await expect(block.bar()).toContainText('Hudson Retail Group (whole project)');
});
