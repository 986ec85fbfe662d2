// Back and Forward with unsaved security hours, against the demo server: in the portal the
// browser's Back/Forward asks like an in-app link does (Cancel keeps the page, its edits,
// its URL and history position, and the router never moves; OK goes where asked), both
// with the Navigation API (the step is cancelled) and without it (the popstate fallback);
// on an integrator's page only a step the browser lets be cancelled asks, and the host's
// history and popstate listeners are otherwise left alone. See src/core/router/leave-guard.ts.
import type { Page } from '@playwright/test';
import { PROJECTS, SITES } from '../../demo/server/seed-ids.ts';
import { expect, test } from './fixtures.ts';
import { ProjectPage } from './screens/ProjectPage.ts';
import { ScheduleMatrixPage } from './screens/ScheduleMatrixPage.ts';

test.describe('Back and Forward with unsaved changes', () => {
  const LEAVE = 'confirm: You have unsaved changes to the security hours. Leave anyway?';
  /** Where the page is in the session history: its length, the portal's stamp, the Navigation API's index. */
  const position = (page: Page) =>
    page.evaluate(() => [
      history.length,
      (history.state as { vigilHistoryIndex?: number } | null)?.vigilHistoryIndex ?? null,
      (window as { navigation?: { currentEntry: { index: number } } }).navigation?.currentEntry.index ?? null,
    ]);
  /** Answers the next dialog, recording it; resolves once answered. */
  const answerNext = (page: Page, dialogs: string[], accept: boolean) =>
    new Promise<void>((resolve) =>
      page.once('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void (accept ? dialog.accept() : dialog.dismiss()).then(resolve);
      }),
    );
  /** Hides the Navigation API, as in a browser without it: the portal's popstate fallback works instead. */
  const withoutNavigationApi = (page: Page) =>
    page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined, configurable: true }));

  for (const mode of ['Navigation API', 'popstate fallback'] as const) {
    test(`in the portal (${mode}): Cancel keeps the page, its edits and its URL; OK goes where asked`, async ({ page, signIn }) => {
      if (mode === 'popstate fallback') await withoutNavigationApi(page);
      await signIn('manager@vigil.test');
      const project = await new ProjectPage(page).openProject(PROJECTS.northwind);
      expect(await page.evaluate(() => 'navigation' in window && !!window.navigation)).toBe(mode === 'Navigation API');
      // project → site → project by links, then Back to the site: one entry behind it, one ahead.
      await project.site('Antwerp Port Warehouse').click();
      const matrix = new ScheduleMatrixPage(page);
      await expect(matrix.grid()).toBeVisible();
      const siteUrl = page.url();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Northwind Logistics' }).click();
      await project.expectRoute(`/project/${PROJECTS.northwind}`);
      await page.goBack();
      await expect(matrix.grid()).toBeVisible();
      expect(page.url()).toBe(siteUrl);

      await matrix.drag(matrix.cell('Thursday', '10:00'), matrix.cell('Thursday', '11:30'));
      const painted = await matrix.securedCells();
      await expect(matrix.saveButton()).toBeEnabled();
      await matrix.grid().evaluate((grid) => Object.assign(grid, { backProbe: true })); // gone if the page is ever replaced
      const here = await position(page);
      const dialogs: string[] = [];
      // The portal router validates the user on every page it opens: no such call = it never moved.
      const routerMoves: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('/api/v2/user')) routerMoves.push(page.url());
      });

      for (const step of ['Forward', 'Back'] as const) {
        const answered = answerNext(page, dialogs, false);
        // A cancelled step never navigates: nothing to wait for (Playwright's promise settles with a later step).
        void (step === 'Back' ? page.goBack() : page.goForward()).catch(() => null);
        await answered;
        await expect.poll(() => page.url()).toBe(siteUrl);
        await expect.poll(() => position(page)).toEqual(here);
        expect(await matrix.grid().evaluate((grid) => (grid as Element & { backProbe?: boolean }).backProbe)).toBe(true);
        expect(await matrix.securedCells()).toEqual(painted);
        await expect(matrix.saveButton()).toBeEnabled();
      }
      expect(dialogs).toEqual([LEAVE, LEAVE]);
      expect(routerMoves).toEqual([]);

      const accepted = answerNext(page, dialogs, true);
      await page.goBack();
      await accepted;
      await project.expectRoute(`/project/${PROJECTS.northwind}`);
      await expect(project.heading('Northwind Logistics')).toBeVisible();
      expect(dialogs).toEqual([LEAVE, LEAVE, LEAVE]);
      expect(routerMoves.length).toBeGreaterThan(0); // (so the check above can see a move)
      // The draft is still there when coming back.
      await page.goForward();
      await expect(matrix.grid()).toBeVisible();
      await expect.poll(() => matrix.securedCells()).toEqual(painted);
      expect(dialogs).toHaveLength(3);
    });
  }

  for (const mode of ['Navigation API', 'popstate fallback'] as const) {
    test(`on an integrator's page (${mode}): ${mode === 'Navigation API' ? 'Cancel keeps the host page as it was' : 'the host’s history is left alone'}`, async ({
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
      await matrix.drag(matrix.cell('Friday', '12:00'), matrix.cell('Friday', '13:30'));
      const painted = await matrix.securedCells();
      const dialogs: string[] = [];

      if (mode === 'Navigation API') {
        const answered = answerNext(page, dialogs, false);
        void page.goBack().catch(() => null);
        await answered;
        expect(dialogs).toEqual([LEAVE]);
        expect(page.url()).toBe(second);
        expect(await hostPops()).toBe(0); // the host never heard of it
        const accepted = answerNext(page, dialogs, true);
        await page.goBack();
        await accepted;
      } else {
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.type());
          void dialog.dismiss();
        });
        await page.goBack(); // cannot be cancelled here: goes on, untouched
      }
      await expect.poll(() => page.url()).toBe(first);
      expect(await hostPops()).toBe(1);
      expect(dialogs).toEqual(mode === 'Navigation API' ? [LEAVE, LEAVE] : []);
      expect(await matrix.securedCells()).toEqual(painted); // the host did not remove the element
    });
  }
});
