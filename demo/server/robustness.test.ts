import { beforeAll, expect, it } from 'vitest';
import { PROJECTS, SITES, USERS } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = testApp();
  token = await login(app, 'manager@vigil.test');
});

const P = PROJECTS.northwind;
const CASES: [string, string, unknown?][] = [
  ['GET', '/api/v2/incidents?page=99999999999999999999'],
  ['GET', '/api/v2/incidents?per_page=99999999999999999999999'],
  ['GET', '/api/v2/incidents?per_page=-1'],
  ['GET', '/api/v2/notifications?page=1e3&filter[unread]=maybe'],
  ['GET', '/api/v2/incidents?filter[severity]=,,'],
  ['GET', '/api/v2/projects/%F0%9F%92%A9'],
  ['GET', `/api/v2/projects/${'a'.repeat(5000)}`],
  ['GET', '/api/v2/projects/%ZZ'],
  ['GET', '/api/users/%00'],
  ['GET', '/api/v2/notifications?locale=%00'],
  ['GET', '/i18n/messages/..%2f..%2fpackage.json'],
  ['POST', '/api/v2/user/login', null],
  ['POST', '/api/v2/user/login', [1, 2]],
  ['POST', '/api/v2/user/login', 'text'],
  ['POST', '/api/v2/user/login', { email: 'a@b.c', password: 123 }],
  ['POST', '/api/v2/user/reset-password', { token: 5, email: [], password: null }],
  ['PUT', '/api/v2/user/terms', null],
  ['PUT', '/api/v2/user/locale', { locale: { en: true } }],
  ['POST', `/api/public/v3/projects/${P}/update-site-schedules`, { siteUuids: 'x', schedule: null }],
  [
    'POST',
    `/api/public/v3/projects/${P}/update-site-schedules`,
    { siteUuids: [1], schedule: { days: [[{ from: 1 }], [], [], [], [], [], []] } },
  ],
  [
    'POST',
    `/api/public/v3/projects/${P}/update-site-schedules`,
    { siteUuids: [SITES.antwerpWarehouse], schedule: { days: [null, [], [], [], [], [], []] } },
  ],
  ['POST', `/api/v2/projects/${P}/users`, { email: 'x@y.z', name: 'a'.repeat(500), permissions: [] }],
  ['PATCH', `/api/v2/projects/${P}/users/${USERS.viewer}`, { permissions: null }],
  ['POST', `/api/public/v1/projects/${P}/evacuation/start`, [1]],
  ['DELETE', '/api/v2/projects'],
];

it('never answers 500 to bad input, and always with an errors list when it fails', async () => {
  for (const [method, path, body] of CASES) {
    const res = await call(app, method, path, { token, ...(body !== undefined ? { body } : {}) });
    expect(res.status, `${method} ${path}`).toBeLessThan(500);
    if (res.status >= 400) expect(Array.isArray(res.body?.errors), `${method} ${path}`).toBe(true);
  }
});

it('answers a page far past the end with an empty list', async () => {
  const res = await call(app, 'GET', '/api/v2/incidents?page=99999999999999999999', { token });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual([]);
});

it('refuses bodies over 1 MB with 413', async () => {
  const res = await call(app, 'POST', '/api/v2/user/login', {
    rawBody: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
  });
  expect(res.status).toBe(413);
  expect(res.body.errors[0].message).toMatch(/too large/);
});
