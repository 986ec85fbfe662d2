// Back and Forward with unsaved security hours, against the demo server: in the portal the
// browser's Back/Forward asks in the portal's dialog like an in-app link does ("Stay" keeps
// the page, its edits, its URL and history position, and the router never moves; "Leave
// without saving" goes where asked), both
// with the Navigation API (the step is cancelled) and without it (the popstate fallback);
// on an integrator's page only a step the browser lets be cancelled asks, and the host's
// history and popstate listeners are otherwise left alone. See src/core/router/leave-guard.ts.
import type { Page } from '@playwright/test';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { ProjectPage } from './screens/ProjectPage.ts';
import { ScheduleMatrixPage } from './screens/ScheduleMatrixPage.ts';
import { SitePage } from './screens/SitePage.ts';

test.describe('Back and Forward with unsaved changes', () => {
  const LEAVE = 'Save your changes before leaving?';
  /** Where the page is in the session history: its length, the portal's stamp, the Navigation API's index. */
  const position = (page: Page) =>
    page.evaluate(() => [
      history.length,
      (history.state as { vigilHistoryIndex?: number } | null)?.vigilHistoryIndex ?? null,
      (window as { navigation?: { currentEntry: { index: number } } }).navigation?.currentEntry.index ?? null,
    ]);
  /** Answers the portal's leave dialog once it shows, recording its title. */
  async function answer(page: Page, asked: string[], choice: 'Stay' | 'Leave without saving'): Promise<void> {
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    asked.push((await dialog.getByRole('heading').textContent()) ?? '');
    await dialog.getByRole('button', { name: choice, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  /** The browser's own dialogs: none is expected (beforeunload is for real unloads only). */
  function browserDialogs(page: Page): string[] {
    const seen: string[] = [];
    page.on('dialog', (d) => {
      seen.push(d.type());
      void d.dismiss();
    });
    return seen;
  }
  /** Hides the Navigation API, as in a browser without it: the portal's popstate fallback works instead. */
  const withoutNavigationApi = (page: Page) =>
    page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined, configurable: true }));

  for (const mode of ['Navigation API', 'popstate fallback'] as const) {
    test(`in the portal (${mode}): Stay keeps the page, its edits and its URL; Leave without saving goes where asked`, async ({
      page,
      signIn,
    }) => {
      if (mode === 'popstate fallback') await withoutNavigationApi(page);
      await signIn('manager@vigil.test');
      const project = await new ProjectPage(page).openProject(PROJECTS.northwind);
      expect(await page.evaluate(() => 'navigation' in window && !!window.navigation)).toBe(mode === 'Navigation API');
      // project → site → its schedule → project by links, then Back to the schedule: one entry
      // behind it, one ahead.
      await project.site('Antwerp Port Warehouse').click();
      const site = new SitePage(page);
      await site.expectRoute(`/site/${SITES.antwerpWarehouse}`);
      await site.section('schedule-link').getByRole('link', { name: 'Edit security hours and exceptions' }).click();
      await site.expectRoute(`/site/${SITES.antwerpWarehouse}/schedule`);
      const matrix = new ScheduleMatrixPage(page);
      await expect(matrix.grid()).toBeVisible();
      const siteUrl = page.url();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Northwind Logistics' }).click();
      await project.expectRoute(`/project/${PROJECTS.northwind}`);
      await page.goBack();
      await expect(matrix.grid()).toBeVisible();
      expect(page.url()).toBe(siteUrl);

      const saved = await matrix.securedCells();
      await matrix.drag(matrix.cell('Thursday', '10:00'), matrix.cell('Thursday', '11:30'));
      const painted = await matrix.securedCells();
      await expect(matrix.saveButton()).toBeEnabled();
      await matrix.grid().evaluate((grid) => Object.assign(grid, { backProbe: true })); // gone if the page is ever replaced
      const here = await position(page);
      const asked: string[] = [];
      const native = browserDialogs(page);
      // The portal router validates the user on every page it opens: no such call = it never moved.
      const routerMoves: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('/api/v2/user')) routerMoves.push(page.url());
      });

      for (const step of ['Forward', 'Back'] as const) {
        // A held step never navigates: nothing to wait for (Playwright's promise settles with a later step).
        void (step === 'Back' ? page.goBack() : page.goForward()).catch(() => null);
        await answer(page, asked, 'Stay');
        await expect.poll(() => page.url()).toBe(siteUrl);
        await expect.poll(() => position(page)).toEqual(here);
        expect(await matrix.grid().evaluate((grid) => (grid as Element & { backProbe?: boolean }).backProbe)).toBe(true);
        expect(await matrix.securedCells()).toEqual(painted);
        await expect(matrix.saveButton()).toBeEnabled();
      }
      expect(asked).toEqual([LEAVE, LEAVE]);
      expect(routerMoves).toEqual([]);

      void page.goBack().catch(() => null);
      await answer(page, asked, 'Leave without saving');
      // Back from the schedule is the site's own page, the entry behind it.
      await site.expectRoute(`/site/${SITES.antwerpWarehouse}`);
      await expect(site.heading('Antwerp Port Warehouse')).toBeVisible();
      expect(asked).toEqual([LEAVE, LEAVE, LEAVE]);
      expect(routerMoves.length).toBeGreaterThan(0); // (so the check above can see a move)
      // Left without saving: coming back shows the saved schedule, and asks nothing.
      await page.goForward();
      await expect(matrix.grid()).toBeVisible();
      await expect.poll(() => matrix.securedCells()).toEqual(saved);
      await expect(matrix.saveButton()).toBeDisabled();
      expect(asked).toHaveLength(3);
      expect(native).toEqual([]);
    });
  }

  for (const mode of ['Navigation API', 'popstate fallback'] as const) {
    test(`on an integrator's page (${mode}): ${mode === 'Navigation API' ? 'Stay keeps the host page as it was' : 'the host’s history is left alone'}`, async ({
      page,
      signIn,
    }) => {
      if (mode === 'popstate fallback') await withoutNavigationApi(page);
      await signIn('manager@vigil.test');
      const matrix = await new ScheduleMatrixPage(page).openElement(SITES.brusselsOffice);
      // The host is a single-page app: a step of its own, and its own popstate listener.
      const first = page.url();
      await page.evaluate(() => {
        history.pushState({ host: 2 }, '', `${location.search}&step=2`);
        const w = window as unknown as { hostPops: number };
        w.hostPops = 0;
        addEventListener('popstate', () => w.hostPops++);
      });
      const second = page.url();
      const hostPops = () => page.evaluate(() => (window as unknown as { hostPops: number }).hostPops);
      const saved = await matrix.securedCells();
      await matrix.drag(matrix.cell('Friday', '12:00'), matrix.cell('Friday', '13:30'));
      const painted = await matrix.securedCells();
      const asked: string[] = [];
      const native = browserDialogs(page);

      if (mode === 'Navigation API') {
        void page.goBack().catch(() => null);
        await answer(page, asked, 'Stay');
        expect(asked).toEqual([LEAVE]);
        expect(page.url()).toBe(second);
        expect(await hostPops()).toBe(0); // the host never heard of it
        expect(await matrix.securedCells()).toEqual(painted);
        void page.goBack().catch(() => null);
        await answer(page, asked, 'Leave without saving');
      } else {
        await page.goBack(); // cannot be cancelled here: goes on, untouched
      }
      await expect.poll(() => page.url()).toBe(first);
      expect(await hostPops()).toBe(1);
      expect(asked).toEqual(mode === 'Navigation API' ? [LEAVE, LEAVE] : []);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(native).toEqual([]);
      // The host did not remove the element: its cells are the saved ones after "Leave without saving", the painted ones otherwise.
      expect(await matrix.securedCells()).toEqual(mode === 'Navigation API' ? saved : painted);
    });
  }
});
