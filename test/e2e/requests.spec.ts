// One session per page: twenty elements share one user validation and never ask the
// server twice for the same thing (one session per page: README "For integrators").
import { expect, test } from './fixtures.ts';
import { trackNetwork } from './support/network.ts';
import { PROJECTS, SITES, SYSTEMS } from '../../demo/server/seed-ids.ts';

const TWENTY = [
  ...Array.from({ length: 5 }, () => '<vigil-unread-badge></vigil-unread-badge>'),
  '<vigil-language-picker></vigil-language-picker>',
  '<vigil-language-picker></vigil-language-picker>',
  `<vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation>`,
  `<vigil-evacuation project="${PROJECTS.northwind}"></vigil-evacuation>`,
  `<vigil-evacuation site="${SITES.antwerpWarehouse}"></vigil-evacuation>`,
  `<vigil-evacuation site="${SITES.brusselsOffice}"></vigil-evacuation>`,
  `<vigil-project project="${PROJECTS.northwind}"></vigil-project>`,
  `<vigil-project project="${PROJECTS.northwind}"></vigil-project>`,
  `<vigil-site site="${SITES.antwerpWarehouse}"></vigil-site>`,
  `<vigil-site site="${SITES.antwerpWarehouse}"></vigil-site>`,
  `<vigil-system system="${SYSTEMS.antwerpDocks}"></vigil-system>`,
  '<vigil-projects></vigil-projects>',
  '<vigil-inbox view="incidents"></vigil-inbox>',
  '<vigil-inbox view="incidents"></vigil-inbox>',
  `<vigil-schedule-matrix site="${SITES.brusselsOffice}"></vigil-schedule-matrix>`,
];

test('twenty elements on one page: one user validation, no duplicate request', async ({ page, signIn, baseURL }) => {
  await signIn('manager@vigil.test');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Twenty elements</title>
<script type="module" src="/dist/vigil.js"></script></head><body>${TWENTY.join('\n')}</body></html>`;
  await page.route(`${baseURL}/e2e/twenty.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  const network = trackNetwork(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/(api|auth)\//.test(url.pathname) && !url.pathname.startsWith('/api/v2/media/'))
      calls.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  await page.goto('/e2e/twenty.html');
  // Everything has rendered: the schedule grid and the evacuation controls are there.
  await expect(page.locator('vigil-schedule-matrix').getByRole('grid', { name: /^Security hours of / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start evacuation' })).toHaveCount(8); // 4 elements + 2 project and 2 site pages' controls
  await network.quiet();
  expect(calls.filter((c) => c === 'GET /api/v2/user')).toHaveLength(1);
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
});
