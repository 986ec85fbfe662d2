/**
 * The portal's first page takes the validation the page's start made, even when the
 * portal's first render comes after its answer: one GET /api/v2/user per page load.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage } from '../../../test/unit/fresh-page.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';

const catalogue = { core: { errors: { generic: 'x' }, common: { loading: 'x' } } };

async function page() {
  freshPage();
  history.replaceState(null, '', '/inbox');
  const m = mockFetch((call) => {
    const route = `${call.method} ${call.url.pathname}`;
    if (route === 'GET /api/v2/user') return json({ data: { ...SAMPLE_USER } });
    if (call.url.pathname.startsWith('/i18n/')) return json(catalogue);
    if (route === 'GET /api/v2/notifications') return json({ data: [], meta: { total: 0 } });
    return json({ data: { token: 'jwt' } });
  });
  const { $apiBase } = await import('../config/config.ts');
  $apiBase.set('https://api.vigil.test');
  const session = await import('../session/session.ts');
  session.$currentUser.set({ ...SAMPLE_USER, token: 'tok' });
  const { createPortalRouter } = await import('./portal-router.ts');
  return { ...session, createPortalRouter, userAsked: () => m.callsTo('/api/v2/user').length };
}

describe("the portal's first page's validation", () => {
  let stop: (() => void) | undefined;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
  });

  it("is the start's, even when the start's answer came before the portal's router started", async () => {
    const p = await page();
    await p.startSession();
    expect(p.userAsked()).toBe(1);
    const router = p.createPortalRouter();
    stop = router.start();
    await vi.waitFor(() => expect(router.$state.get().status).toBe('ready'));
    expect(p.userAsked()).toBe(1);
    // The next navigation validates again.
    history.pushState(null, '', '/inbox/notifications');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(p.userAsked()).toBe(2));
  });

  it('is its own when the start validated another token, or long ago', async () => {
    const p = await page();
    await p.startSession();
    p.$currentUser.set({ ...SAMPLE_USER, token: 'other' });
    await p.validateFirstPage();
    expect(p.userAsked()).toBe(2);

    const q = await page();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    await q.startSession();
    vi.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    await q.validateFirstPage();
    expect(q.userAsked()).toBe(2);
  });
});
