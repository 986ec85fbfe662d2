import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import { $apiBase } from '../config/config.ts';
import { $currentUser } from '../session/session.ts';
import { $signIns, attemptFailed, endOtherSessions, endSession, loadSignIns, sessionName, SIGN_INS_KEY } from './sessions.ts';

const session = (uuid: string, current = false) => ({
  uuid,
  device_name: null,
  browser: 'Chrome · Windows',
  address: '192.0.2.1',
  created_at: '2026-11-28T08:00:00Z',
  last_used_at: '2026-11-28T09:00:00Z',
  current,
});

/** A server with three sessions (the first is this one) and one attempt; `gone` answers 404 to ending it. */
function server(gone = new Set<string>()) {
  const live = [session('here', true), session('phone'), session('tablet')];
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/v2/user/sessions') return json({ data: live });
    if (path === '/api/v2/user/sign-in-attempts')
      return json({ data: [{ at: '2026-11-28T09:00:00Z', address: '203.0.113.9', browser: null, result: 'wrong_password' }] });
    if (path === '/api/v2/user/sessions/end-others') return json({ data: { ended: 2 } });
    const uuid = path.split('/').pop()!;
    if (call.method === 'DELETE' && !gone.has(uuid)) return new Response(null, { status: 204 });
    return json({ errors: [{ message: 'Resource not found.' }] }, 404);
  });
}

beforeEach(() => {
  $apiBase.set('https://api.vigil.test');
  $currentUser.set({ ...SAMPLE_USER, token: 't' });
  $signIns.set({});
});

const shown = () => $signIns.get()[SIGN_INS_KEY]?.data?.sessions.map((s) => s.uuid);

describe('sessions', () => {
  it('load the sessions and attempts together, with the token', async () => {
    const fetch = server();
    const data = await loadSignIns();
    expect(data.sessions.map((s) => s.current)).toEqual([true, false, false]);
    expect(data.attempts[0]).toMatchObject({ address: '203.0.113.9', result: 'wrong_password' });
    expect(fetch.calls.every((c) => c.headers.get('Authorization') === 'Bearer t')).toBe(true);
  });

  it('take an ended session off the list, and one the server no longer knows too', async () => {
    const fetch = server(new Set(['tablet']));
    await loadSignIns();
    await endSession('phone');
    expect(fetch.calls.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(fetch.calls.at(-1)!.url.pathname).toBe('/api/v2/user/sessions/phone');
    expect(shown()).toEqual(['here', 'tablet']);
    await endSession('tablet');
    expect(shown()).not.toContain('tablet');
  });

  it('keep only this one after "everywhere else"', async () => {
    server();
    await loadSignIns();
    expect(await endOtherSessions()).toBe(2);
    expect(shown()).toEqual(['here']);
  });

  it('reject a failure other than "no such session" and keep the list', async () => {
    mockFetch((call) => {
      if (call.method === 'DELETE') return json({ errors: [{ message: 'Something went wrong.' }] }, 500);
      return json({ data: call.url.pathname.endsWith('/sessions') ? [session('here', true), session('phone')] : [] });
    });
    await loadSignIns();
    await expect(endSession('phone')).rejects.toMatchObject({ status: 500 });
    expect(shown()).toEqual(['here', 'phone']);
  });

  it('name a session by its browser, else its app, and count every result but success as failed', () => {
    expect(sessionName({ browser: 'Safari · iPhone', device_name: 'x' })).toBe('Safari · iPhone');
    expect(sessionName({ browser: null, device_name: 'Control room wall' })).toBe('Control room wall');
    expect(sessionName({ browser: null, device_name: ' ' })).toBeNull();
    expect(attemptFailed({ result: 'success' })).toBe(false);
    expect(['wrong_password', 'second_step_failed', 'locked', 'something_new'].map((result) => attemptFailed({ result }))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
