/** Rows of the fault-injection table (test/e2e/support/fault-tests.ts): evacuation, project users, schedules and the public demo. */
import { DEMO_LIVE_VIEW_UUID, PROJECTS, SITES } from '../../../demo/server/seed-ids.ts';
import { expect } from '../fixtures.ts';
import { message } from './faults.ts';
import { confirmInDialog, evacuate, NO_CONTENT, path, type Row, toastOr401, U } from './fault-rows.ts';

export const ACTION_CALLS: Row[] = [
  // --- Evacuation -----------------------------------------------------------------------------
  {
    call: 'GET /api/public/v2/projects/{uuid}/evacuation/status',
    mode: 'boot', // a status that failed before is re-checked quietly (no second toast) within the page
    screen: '/project/{uuid} (banner)',
    match: { method: 'GET', path: path(`/api/public/v2/projects/${U}/evacuation/status`) },
    open: () => `/project/${PROJECTS.northwind}`,
    outcome: toastOr401('evacuation.errors.loadStatus'),
  },
  {
    call: 'GET /api/public/v2/sites/{uuid}/evacuation/status',
    mode: 'boot', // a status that failed before is re-checked quietly (no second toast) within the page
    screen: '/site/{uuid}',
    match: { method: 'GET', path: path(`/api/public/v2/sites/${U}/evacuation/status`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    outcome: toastOr401('evacuation.errors.loadStatus'),
  },
  {
    call: 'POST /api/public/v1/sites/{uuid}/evacuation/start',
    screen: '/site/{uuid}: Start evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/sites/${U}/evacuation/start`) },
    open: () => `/site/${SITES.antwerpWarehouse}`,
    act: (page) => confirmInDialog(page, page.getByRole('button', { name: 'Start evacuation' }), 'Start evacuation'),
    outcome: toastOr401('evacuation.errors.start'),
  },
  {
    call: 'POST /api/public/v1/sites/{uuid}/evacuation/abort',
    screen: '/site/{uuid}: End evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/sites/${U}/evacuation/abort`) },
    setup: evacuate('sites', SITES.antwerpWarehouse, 'start'),
    cleanup: evacuate('sites', SITES.antwerpWarehouse, 'abort'),
    open: () => `/site/${SITES.antwerpWarehouse}`,
    act: (page) =>
      confirmInDialog(
        page,
        page
          .getByRole('main')
          .getByRole('button', { name: /^End evacuation/ })
          .first(),
        'End evacuation',
      ),
    outcome: toastOr401('evacuation.errors.abort'),
  },
  {
    call: 'POST /api/public/v1/projects/{uuid}/evacuation/abort',
    screen: '/project/{uuid}: End evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/projects/${U}/evacuation/abort`) },
    setup: evacuate('projects', PROJECTS.northwind, 'start'),
    cleanup: evacuate('projects', PROJECTS.northwind, 'abort'),
    open: () => `/project/${PROJECTS.northwind}`,
    act: (page) =>
      confirmInDialog(
        page,
        page
          .getByRole('main')
          .getByRole('button', { name: /^End evacuation/ })
          .first(),
        'End evacuation',
      ),
    outcome: toastOr401('evacuation.errors.abort'),
  },
  {
    call: 'POST /api/public/v1/projects/{uuid}/evacuation/start',
    screen: '/project/{uuid}: Start evacuation, confirm',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/projects/${U}/evacuation/start`) },
    open: () => `/project/${PROJECTS.northwind}`,
    act: (page) => confirmInDialog(page, page.getByRole('main').getByRole('button', { name: 'Start evacuation' }), 'Start evacuation'),
    outcome: toastOr401('evacuation.errors.start'),
  },
  {
    call: 'POST /api/public/v1/projects/{uuid}/evacuation/start',
    screen: 'examples/evacuation.html (<vigil-evacuation project>)',
    faults: NO_CONTENT,
    match: { method: 'POST', path: path(`/api/public/v1/projects/${U}/evacuation/start`) },
    page: true,
    open: () => '/examples/evacuation.html',
    act: (page) => confirmInDialog(page, page.getByRole('button', { name: 'Start evacuation' }), 'Start evacuation'),
    outcome: (fault) => (fault === '401' ? { signedOutInPlace: true } : { alert: message('evacuation.errors.start') }),
    usable: async (page) => {
      const dialog = page.getByRole('alertdialog');
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      const start = page.getByRole('button', { name: 'Start evacuation' });
      if ((await page.evaluate(() => localStorage.getItem('auth.currentUser'))) !== null) {
        await expect(start).toBeFocused();
        await expect(start).toBeEnabled();
      }
    },
  },
  // --- Project users ----------------------------------------------------------------------------
  {
    call: 'GET /api/v2/projects/{uuid}/users',
    screen: '/projects/{uuid}/users',
    match: { method: 'GET', path: path(`/api/v2/projects/${U}/users`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    outcome: toastOr401('core.toastErrors.loadProjectUsers'),
  },
  {
    call: 'POST /api/v2/projects/{uuid}/users',
    screen: '/projects/{uuid}/users: Add user',
    match: { method: 'POST', path: path(`/api/v2/projects/${U}/users`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    act: async (page) => {
      const form = page.getByRole('form', { name: 'Add a user' });
      if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add user', exact: true }).first().click();
      await form.getByLabel('E-mail', { exact: true }).fill('fault.test@example.com');
      await form.getByLabel('Name', { exact: true }).fill('Fault Test');
      await form.getByRole('checkbox', { name: 'Evacuate', exact: true }).check();
      await form.getByRole('button', { name: 'Add user' }).click();
    },
    outcome: toastOr401('users.errors.add'),
    kept: async (page) => {
      const form = page.getByRole('form', { name: 'Add a user' });
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('fault.test@example.com');
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Fault Test');
      await expect(form.getByRole('checkbox', { name: 'Evacuate', exact: true })).toBeChecked();
    },
  },
  {
    call: 'PATCH /api/v2/projects/{uuid}/users/{userUuid}',
    screen: '/projects/{uuid}/users: Edit',
    match: { method: 'PATCH', path: path(`/api/v2/projects/${U}/users/${U}`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    act: async (page, d) => {
      const form = page.getByRole('form', { name: `Edit ${d.otherUser.name}` });
      if (!(await form.isVisible())) await page.getByRole('button', { name: `Edit ${d.otherUser.name}`, exact: true }).click();
      await form.getByLabel('Name', { exact: true }).fill(`${d.otherUser.name} (renamed)`);
      await form.getByRole('button', { name: 'Save changes' }).click();
    },
    outcome: toastOr401('users.errors.edit'),
    kept: async (page, d) => {
      await expect(page.getByRole('form', { name: `Edit ${d.otherUser.name}` }).getByLabel('Name', { exact: true })).toHaveValue(
        `${d.otherUser.name} (renamed)`,
      );
    },
  },
  {
    call: 'DELETE /api/v2/projects/{uuid}/users/{userUuid}',
    screen: '/projects/{uuid}/users: Remove, confirm',
    faults: NO_CONTENT,
    match: { method: 'DELETE', path: path(`/api/v2/projects/${U}/users/${U}`) },
    open: () => `/projects/${PROJECTS.northwind}/users`,
    act: (page, d) => confirmInDialog(page, page.getByRole('button', { name: `Remove ${d.otherUser.name}`, exact: true }), 'Remove user'),
    outcome: toastOr401('users.errors.remove'),
    kept: async (page, d) => {
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: d.otherUser.name })).toHaveCount(1);
    },
  },
  // --- Schedules ----------------------------------------------------------------------------------
  {
    call: 'POST /api/public/v3/projects/{uuid}/update-site-schedules',
    screen: '/site/{uuid}/schedule: paint, Save',
    match: { method: 'POST', path: path(`/api/public/v3/projects/${U}/update-site-schedules`) },
    open: () => `/site/${SITES.antwerpWarehouse}/schedule`,
    act: async (page) => {
      const grid = page.getByRole('grid', { name: /^Security hours of / });
      for (const name of ['Wednesday 12:00–12:30', 'Wednesday 12:30–13:00']) {
        const cell = grid.getByRole('gridcell', { name, exact: true });
        if ((await cell.getAttribute('aria-selected')) !== 'true') await cell.click();
      }
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    },
    // A dropped connection says so; any other failure is the save error (docs/product.md#errors wording).
    outcome: (fault) =>
      fault === '401' ? { signedOut: true } : { alert: message(fault === 'network' ? 'core.errors.offline' : 'schedules.errors.save') },
    kept: async (page) => {
      const grid = page.getByRole('grid', { name: /^Security hours of / });
      await expect(grid.getByRole('gridcell', { name: 'Wednesday 12:00–12:30', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(grid.getByRole('gridcell', { name: 'Wednesday 12:30–13:00', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(message('schedules.editor.keptCells'))).toBeVisible();
    },
  },
  // --- The public demo live view (signed out) -------------------------------------------------
  {
    call: 'GET /api/public/v1/demo-live-views/{uuid}',
    screen: '/demo-live-view/{uuid}',
    as: null,
    match: { method: 'GET', path: path(`/api/public/v1/demo-live-views/${U}`) },
    open: () => `/demo-live-view/${DEMO_LIVE_VIEW_UUID}`,
    outcome: () => ({ alert: message('liveView.demo.loadFailed') }),
  },
  {
    call: 'GET /api/public/v1/demo-live-views/{uuid}/media/{camera}',
    retriesOverTime: true,
    screen: '/demo-live-view/{uuid} cameras',
    as: null,
    faults: NO_CONTENT,
    match: { method: 'GET', path: path(`/api/public/v1/demo-live-views/${U}/media/${U}`) },
    open: () => `/demo-live-view/${DEMO_LIVE_VIEW_UUID}`,
    outcome: () => ({ alert: message('core.toastErrors.loadMedia') }),
  },
];
