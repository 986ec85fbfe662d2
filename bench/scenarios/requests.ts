/**
 * Requests: a page with 20 elements makes one user validation and no duplicate request;
 * each portal screen's API requests listed against the minimum the spec needs.
 */
import type { Page } from 'playwright-core';
import type { Bench } from '../harness.ts';
import { loadPage, recordRequests, waitForCount } from '../harness.ts';

const P = '10000000-0000-4000-8000-000000000001';
const S1 = '20000000-0000-4000-8000-000000000001';
const S2 = '20000000-0000-4000-8000-000000000002';
const SYS = '30000000-0000-4000-8000-000000000001';

/** A page of 20 elements: badges, pickers, evacuations, detail pages, lists (also the live scenario's idle page). */
export const TWENTY = [
  ...Array.from({ length: 5 }, () => '<vigil-unread-badge></vigil-unread-badge>'),
  '<vigil-language-picker></vigil-language-picker>',
  '<vigil-language-picker></vigil-language-picker>',
  `<vigil-evacuation project="${P}"></vigil-evacuation>`,
  `<vigil-evacuation project="${P}"></vigil-evacuation>`,
  `<vigil-evacuation site="${S1}"></vigil-evacuation>`,
  `<vigil-evacuation site="${S2}"></vigil-evacuation>`,
  `<vigil-project project="${P}"></vigil-project>`,
  `<vigil-project project="${P}"></vigil-project>`,
  `<vigil-site site="${S1}"></vigil-site>`,
  `<vigil-site site="${S1}"></vigil-site>`,
  `<vigil-system system="${SYS}"></vigil-system>`,
  '<vigil-projects></vigil-projects>',
  '<vigil-inbox view="incidents"></vigil-inbox>',
  '<vigil-inbox view="incidents"></vigil-inbox>',
  `<vigil-schedule-matrix site="${S2}"></vigil-schedule-matrix>`,
];

/** API calls the spec needs on a first load of each screen (besides the catalogue). */
const SESSION = ['GET /api/v2/user', 'GET /auth/jwt', 'GET /api/v2/notifications?filter[unread]'];
const SCREENS: { path: string; minimum: string[] }[] = [
  { path: '/', minimum: [...SESSION, 'GET /api/v2/projects', 'GET /api/v2/pages'] },
  {
    path: `/project/${P}`,
    minimum: [...SESSION, 'GET /api/v2/pages', `GET /api/v2/projects/${P}`, `GET /api/public/v2/projects/${P}/evacuation/status`],
  },
  {
    path: `/site/${S1}`,
    minimum: [...SESSION, 'GET /api/v2/pages', `GET /api/v2/sites/${S1}`, `GET /api/public/v2/sites/${S1}/evacuation/status`],
  },
  { path: `/system/${SYS}`, minimum: [...SESSION, 'GET /api/v2/pages', `GET /api/v2/systems/${SYS}`, 'GET /api/v2/media/* (frames)'] },
  { path: '/inbox', minimum: [...SESSION, 'GET /api/v2/pages', 'GET /api/v2/incidents'] },
  { path: '/inbox/notifications', minimum: [...SESSION, 'GET /api/v2/pages', 'GET /api/v2/notifications'] },
  { path: `/projects/${P}/site-schedules`, minimum: [...SESSION, 'GET /api/v2/pages', `GET /api/v2/projects/${P}`] },
  {
    path: `/projects/${P}/users`,
    minimum: [...SESSION, 'GET /api/v2/pages', `GET /api/v2/projects/${P}`, `GET /api/v2/projects/${P}/users`],
  },
];

/** The twenty elements have rendered: the schedule grid and every evacuation control (4 elements, 2 project and 2 site pages). */
async function twentyReady(page: Page): Promise<void> {
  await page
    .locator('vigil-schedule-matrix')
    .getByRole('grid', { name: /^Security hours of / })
    .waitFor({ state: 'visible' });
  await waitForCount(page.getByRole('button', { name: 'Start evacuation' }), 8);
}

/** A portal screen has rendered its page: its heading, or an inbox's first row. */
async function screenReady(page: Page): Promise<void> {
  await page.locator('vigil-portal').locator('h1, [data-row]').first().waitFor({ state: 'visible' });
}

/** How often an evacuation element re-reads its target's status while on screen (src/core/evacuation/polling.ts). */
const EVACUATION_POLL_MS = 5_000;

const isApi = (u: URL) => /^\/(api|auth)\//.test(u.pathname);
const label = (method: string, u: URL) => {
  const unread = u.searchParams.get('filter[unread]') ? '?filter[unread]' : '';
  const path = u.pathname.startsWith('/api/v2/media/') ? '/api/v2/media/* (frames)' : u.pathname;
  return `${method} ${path}${unread}`;
};

export async function requests(bench: Bench) {
  // 20 elements on one page
  const context = await bench.context({ as: 'manager@vigil.test' });
  const page = await context.newPage();
  const rec = recordRequests(page);
  const twentyHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>20 elements</title><script type="module" src="/dist/vigil.js"></script></head><body>${TWENTY.join('\n')}</body></html>`;
  const url = await bench.htmlPage(page, '/bench/twenty.html', twentyHtml);
  await loadPage(page, url, twentyReady, rec.clear);
  await rec.quiet(1500);
  const api = rec.all().filter((r) => isApi(r.url) && !r.url.pathname.startsWith('/api/v2/media/'));
  const counts = new Map<string, number>();
  for (const r of api)
    counts.set(`${r.method} ${r.url.pathname}${r.url.search}`, (counts.get(`${r.method} ${r.url.pathname}${r.url.search}`) ?? 0) + 1);
  const duplicates = [...counts].filter(([, n]) => n > 1);
  const validations = api.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v2/user').length;
  await context.close();

  // the same page over time: live updates poll once per interval for all 20 elements
  const PERIOD = 2000;
  const WINDOW = 10_000;
  const liveContext = await bench.context({ as: 'manager@vigil.test' });
  await liveContext.addInitScript((ms) => localStorage.setItem('vigil.live.intervalMs', String(ms)), PERIOD);
  const livePage = await liveContext.newPage();
  // The page is served by the page's own route: without it this would be the portal's 404.
  await bench.htmlPage(livePage, '/bench/twenty.html', twentyHtml);
  const liveRec = recordRequests(livePage);
  await loadPage(livePage, url, twentyReady, liveRec.clear);
  await liveRec.quiet();
  const since = liveRec.all().length;
  await livePage.waitForTimeout(WINDOW);
  const later = liveRec
    .all()
    .slice(since)
    .filter((r) => isApi(r.url) && !r.url.pathname.startsWith('/api/v2/media/'));
  const unreadPolls = later.filter((r) => r.url.pathname === '/api/v2/notifications' && r.url.searchParams.get('filter[unread]')).length;
  const incidentPolls = later.filter((r) => r.url.pathname === '/api/v2/incidents' && r.url.searchParams.get('page') === '1').length;
  // The evacuation elements watch their target's status on their own period, one request
  // per target however many elements show it.
  const evacuationPolls = new Map<string, number>();
  for (const r of later)
    if (r.url.pathname.endsWith('/evacuation/status')) evacuationPolls.set(r.url.pathname, (evacuationPolls.get(r.url.pathname) ?? 0) + 1);
  const evacuationTotal = [...evacuationPolls.values()].reduce((a, b) => a + b, 0);
  const otherLater = later.filter((r) => !r.url.pathname.endsWith('/evacuation/status')).length - unreadPolls - incidentPolls;
  await liveContext.close();
  const maxPolls = WINDOW / PERIOD + 1;
  const maxEvacuationPolls = Math.floor(WINDOW / EVACUATION_POLL_MS) + 1;
  const evacuationOver = [...evacuationPolls].filter(([, n]) => n > maxEvacuationPolls);
  if (unreadPolls > maxPolls || incidentPolls > maxPolls || evacuationOver.length || otherLater > 0) {
    throw new Error(
      `live polls over ${WINDOW} ms at ${PERIOD} ms: ${unreadPolls} unread, ${incidentPolls} incidents (at most ${maxPolls} each), ${evacuationOver.map(([p, n]) => `${n} of ${p}`).join(', ') || 'evacuation statuses within'} (at most ${maxEvacuationPolls} per target), ${otherLater} other (none)`,
    );
  }

  // each portal screen
  const screens = [];
  for (const screen of SCREENS) {
    const ctx = await bench.context({ as: 'manager@vigil.test' });
    const p = await ctx.newPage();
    const r = recordRequests(p);
    await loadPage(p, screen.path, screenReady, r.clear);
    await r.quiet(800);
    const made = [
      ...new Set(
        r
          .all()
          .filter((x) => isApi(x.url))
          .map((x) => label(x.method, x.url)),
      ),
    ];
    const all = r.all().filter((x) => isApi(x.url) && !x.url.pathname.startsWith('/api/v2/media/')).length;
    screens.push({
      path: screen.path,
      made,
      minimum: screen.minimum,
      extra: made.filter((m) => !screen.minimum.includes(m)),
      missing: screen.minimum.filter((m) => !made.includes(m)),
      total: all,
    });
    await ctx.close();
  }

  return {
    twenty: { elements: TWENTY.length, apiRequests: api.length, validations, duplicates },
    live: {
      periodMs: PERIOD,
      windowMs: WINDOW,
      unreadPolls,
      incidentPolls,
      evacuationPolls: evacuationTotal,
      evacuationTargets: evacuationPolls.size,
      other: otherLater,
    },
    screens,
    markdown: [
      `A page with ${TWENTY.length} elements (5 badges, 2 pickers, 4 evacuations (2 for one project), 2×2 identical project/site elements, a system, the projects list, 2 identical inboxes, a schedule matrix): **${api.length} API requests, ${validations} user validation, ${duplicates.length} duplicates**${duplicates.length ? ` (${duplicates.map(([k, n]) => `${k} ×${n}`).join(', ')})` : ''}.`,
      '',
      `The same page left open ${WINDOW / 1000} s with a ${PERIOD / 1000} s live period: **${unreadPolls} unread-count polls and ${incidentPolls} incident polls** (one of each per interval for all 20 elements), **${evacuationTotal} evacuation-status polls** for ${evacuationPolls.size} targets (every ${EVACUATION_POLL_MS / 1000} s per target, shared by the elements showing it), ${otherLater} other requests.`,
      '',
      '| screen | API requests (non-media) | beyond the minimum | minimum not made |',
      '| --- | ---: | --- | --- |',
      ...screens.map((s) => `| ${s.path} | ${s.total} | ${s.extra.join(', ') || '—'} | ${s.missing.join(', ') || '—'} |`),
    ].join('\n'),
  };
}
