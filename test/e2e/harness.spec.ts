// Checks the end-to-end harness itself (server, hooks, guards), not the portal.
import { expect, test } from './fixtures.ts';

test.describe('e2e harness', () => {
  test('the demo server answers HEAD /api/ping with 204', async ({ api }) => {
    expect(await api.ping()).toBe(204);
  });

  test('serves the English message catalogue with a "core" namespace', async ({ request }) => {
    const res = await request.get('/i18n/messages/en.json');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('json');
    const body = (await res.json()) as Record<string, unknown>;
    // The catalogue may come bare or in a `{ data }` envelope (SPEC §7: "data is the message catalogue").
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
});
