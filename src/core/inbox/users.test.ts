import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/session.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $toasts, dismissToast } from '../toasts/toasts.ts';
import { knownUserName, resolveUserName, userCache } from './users.ts';

function clearToasts() {
  for (const t of $toasts.get()) dismissToast(t.id);
}

describe('users: handled-by names', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 't' });
    userCache.clear();
    clearToasts();
  });
  afterEach(() => {
    $currentUser.set(null);
    clearToasts();
  });

  it('skips the request for the current user', async () => {
    const m = mockFetch(() => json({ data: { username: 'x', name: 'x' } }));
    expect(await resolveUserName(SAMPLE_USER.username)).toBe(SAMPLE_USER.name);
    expect(m.calls).toHaveLength(0);
  });

  it('asks once per username and then uses the cache', async () => {
    const m = mockFetch(() => json({ data: { username: 'sofie', name: 'Sofie Peeters' } }));
    const [a, b] = await Promise.all([resolveUserName('sofie'), resolveUserName('sofie')]);
    expect([a, b]).toEqual(['Sofie Peeters', 'Sofie Peeters']);
    expect(await resolveUserName('sofie')).toBe('Sofie Peeters');
    expect(m.calls).toHaveLength(1);
    expect(m.calls[0]!.url.pathname).toBe('/api/users/sofie');
    expect(knownUserName('sofie')).toBe('Sofie Peeters');
  });

  it('encodes the username in the path', async () => {
    const m = mockFetch(() => json({ data: { username: 'a/b c', name: 'A B' } }));
    await resolveUserName('a/b c');
    expect(m.calls[0]!.url.pathname).toBe('/api/users/a%2Fb%20c');
  });

  it('toasts and falls back to the username when the lookup fails', async () => {
    mockFetch(() => json({ errors: [{ message: 'nope' }] }, 500));
    expect(await resolveUserName('lucas')).toBe('lucas');
    expect($toasts.get().map((t) => t.key)).toEqual(['core.toastErrors.loadUser']);
  });

  it('forgets cached names on sign-out', async () => {
    mockFetch(() => json({ data: { username: 'dana', name: 'Dana Rivera' } }));
    await resolveUserName('dana');
    $currentUser.set(null);
    const { signOut } = await import('../session/session.ts');
    signOut();
    expect(knownUserName('dana')).toBeUndefined();
  });
});
