// Checks the end-to-end harness itself (server, hooks, guards), not the portal.
import { axe, expect, test, USER_STORAGE_KEY } from './fixtures.ts';

test.describe('e2e harness', () => {
  test('the demo server answers HEAD /api/ping with 204', async ({ api }) => {
    expect(await api.ping()).toBe(204);
  });

  test('serves the English message catalogue with a "core" namespace', async ({ request }) => {
    const res = await request.get('/i18n/messages/en.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('json');
    const body = (await res.json()) as Record<string, unknown>;
    // The catalogue may come bare or in a `{ data }` envelope (docs/product.md#api-calls: "data is the message catalogue").
    const catalogue = (body.data ?? body) as Record<string, unknown>;
    expect(catalogue).toHaveProperty('core');
  });

  test('the reset hook works and the other hooks are reachable', async ({ api }) => {
    await api.reset();
    await api.reset(); // idempotent
    expect(await api.lastResetLink()).toBeNull(); // a fresh database has sent no reset mail
    await api.expireTokens();
    expect(await api.ping()).toBe(204);
  });

  test('the guard records console errors, page errors and CSP violations', async ({ page, browserProblems }) => {
    await page.goto('/i18n/messages/en.json');
    await page.evaluate(() => {
      console.error('deliberate console error');
      setTimeout(() => {
        throw new Error('deliberate page error');
      });
      document.dispatchEvent(
        new SecurityPolicyViolationEvent('securitypolicyviolation', {
          violatedDirective: 'script-src',
          effectiveDirective: 'script-src',
          blockedURI: 'inline',
          originalPolicy: "script-src 'self'",
          disposition: 'enforce',
          statusCode: 200,
          documentURI: location.href,
        }),
      );
    });
    await expect.poll(() => browserProblems.unexpected().length).toBe(3);
    expect(browserProblems.consoleErrors.join('\n')).toContain('deliberate console error');
    expect(browserProblems.pageErrors.join('\n')).toContain('deliberate page error');
    expect(browserProblems.cspViolations[0]?.directive).toBe('script-src');
    // Allowed, so this test passes.
    browserProblems.allow(/deliberate/);
    browserProblems.allowCsp(/script-src/);
    expect(browserProblems.unexpected()).toEqual([]);
  });

  test('signIn logs in through the API and seeds localStorage before navigation', async ({ page, api, signIn }) => {
    const user = await signIn('manager@vigil.test');
    expect(user.token).toBeTruthy();
    await page.goto('/i18n/messages/en.json');
    const stored = await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY);
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ email: 'manager@vigil.test', token: user.token });

    // Seeded once per tab: a sign-out is not undone by the next navigation.
    await page.evaluate((key) => localStorage.removeItem(key), USER_STORAGE_KEY);
    await page.reload();
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_STORAGE_KEY)).toBeNull();

    // expireTokens: the token stops working.
    const auth = { authorization: `Bearer ${user.token}` };
    expect((await api.request.get('/api/v2/user', { headers: auth })).status()).toBe(200);
    await api.expireTokens();
    expect((await api.request.get('/api/v2/user', { headers: auth })).status()).toBe(401);
  });

  test('bulkInbox adds generated items', async ({ api }) => {
    expect(await api.bulkInbox({ email: 'manager@vigil.test', incidents: 3, notifications: 2 })).toEqual({
      incidents: 3,
      notifications: 2,
    });
  });

  test('axe finds violations in a page served by the demo server', async ({ page }) => {
    await page.goto('/i18n/messages/en.json'); // the server's origin and headers (CSP)
    await page.setContent('<main><h1>Harness</h1><img src="/favicon.ico"></main>');
    const ids = (await axe(page)).map((v) => v.id);
    expect(ids).toContain('image-alt');
  });
});
