import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $apiBase } from '../config/config.ts';
import { $language } from '../i18n/languages.ts';
import { $currentUser } from '../session/store.ts';
import { json, mockFetch, SAMPLE_USER } from '../../../test/unit/fetchMock.ts';
import * as Names from './answer-names.ts';
import { Answers } from './contract.ts';
import { EARLY } from './prefetched.ts';
import { ApiError, GENERIC_ERROR, onUnauthorized, readAs, request, requestBlob, requestBlobWithHeaders } from './client.ts';

describe('api client', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'secret-token' });
    $language.set('en');
  });
  afterEach(() => {
    $currentUser.set(null);
  });

  it('sends the bearer token and Accept-Language to the API origin', async () => {
    const m = mockFetch(() => json({ data: SAMPLE_USER }));
    $language.set('fr-BE');
    await request('GET', '/api/v2/user', Answers.user);
    expect(m.calls[0]!.url.href).toBe('https://api.vigil.test/api/v2/user');
    expect(m.calls[0]!.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(m.calls[0]!.headers.get('Accept-Language')).toBe('fr-BE');
  });

  it('takes an answer the page’s loader asked for early instead of sending the same request', async () => {
    const m = mockFetch(() => json({ data: SAMPLE_USER }));
    const seen: { url: string; auth: string | null }[] = [];
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('vigil.shared.v1')]!;
    registry.set(EARLY, (url: string, init: RequestInit) => {
      seen.push({ url, auth: new Headers(init.headers).get('Authorization') });
      return url.endsWith('/api/v2/user') ? Promise.resolve(json({ data: { ...SAMPLE_USER, name: 'Early' } })) : undefined;
    });
    try {
      expect((await request('GET', '/api/v2/user', Answers.user)).data.name).toBe('Early');
      expect(m.calls).toHaveLength(0);
      // It is asked with the request as it would go out: the token already on it.
      expect(seen).toEqual([{ url: 'https://api.vigil.test/api/v2/user', auth: 'Bearer secret-token' }]);
      // Nothing early for this one: it goes out.
      await request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
      expect(m.calls.map((c) => c.url.pathname)).toEqual(['/api/v2/projects']);
    } finally {
      registry.delete(EARLY);
    }
  });

  it('never sends the token to another origin, even when asked to', async () => {
    const m = mockFetch(() => new Response(new Blob(['x'], { type: 'image/jpeg' })));
    await requestBlob('https://cdn.elsewhere.test/media/abc', { headers: { Authorization: 'Bearer leaked' } });
    expect(m.calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('does not put the token in the URL', async () => {
    const m = mockFetch(() => json({ data: SAMPLE_USER }));
    await request('GET', '/api/v2/user', Answers.user, { query: { locale: 'en' } });
    expect(m.calls[0]!.url.href).not.toContain('secret-token');
    expect(m.calls[0]!.url.searchParams.get('locale')).toBe('en');
  });

  it('sends no Authorization header when signed out', async () => {
    $currentUser.set(null);
    const m = mockFetch(() => json({ data: SAMPLE_USER }));
    await request('GET', '/api/v2/user', Answers.user);
    expect(m.calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('keeps the errors list of a failed answer', async () => {
    mockFetch(() => json({ errors: [{ message: 'The email field is required.', field: 'email' }] }, 422));
    const error = await request('POST', '/api/v2/user/login', Answers.login, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors()).toEqual({ email: 'The email field is required.' });
  });

  it('gives a failure without an errors list the single generic error (docs/product.md#errors)', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await request('GET', '/api/v2/user', Answers.user).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.errors).toEqual([{ message: GENERIC_ERROR }]);
  });

  it('turns a non-JSON success into the generic error, not an exception', async () => {
    mockFetch(() => new Response('not json', { status: 200 }));
    const error = (await request('GET', '/api/v2/user', Answers.user).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('malformed');
    expect(error.errors).toEqual([{ message: GENERIC_ERROR }]);
  });

  it('turns an answer missing a required field into the generic error', async () => {
    mockFetch(() => json({ data: { ...SAMPLE_USER, name: undefined } }));
    const error = (await request('GET', '/api/v2/user', Answers.user).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('malformed');
  });

  it('accepts unknown extra fields', async () => {
    mockFetch(() => json({ data: { ...SAMPLE_USER, favourite_colour: 'teal' }, extra: 1 }));
    const { data } = await request('GET', '/api/v2/user', Answers.user);
    expect(data.name).toBe('Morgan Manager');
  });

  it('turns a dropped network into the generic error', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await request('GET', '/api/v2/user', Answers.user).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.message).toBe(GENERIC_ERROR);
  });

  it('keeps Retry-After of a 429 as seconds (a number or an HTTP date)', async () => {
    const body = { errors: [{ message: 'Too many attempts. Try again in 2 minutes.' }] };
    mockFetch(() => json(body, 429, { 'Retry-After': '90' }));
    const e = await request('POST', '/api/v2/user/login', Answers.login, { body: {} }).catch((x: unknown) => x as ApiError);
    expect(e.status).toBe(429);
    expect(e.retryAfter).toBe(90);
    mockFetch(() => json(body, 429, { 'Retry-After': new Date(Date.now() + 120_000).toUTCString() }));
    const dated = await request('POST', '/api/v2/user/login', Answers.login, { body: {} }).catch((x: unknown) => x as ApiError);
    expect(dated.retryAfter).toBeGreaterThan(100);
    expect(dated.retryAfter).toBeLessThanOrEqual(120);
    mockFetch(() => json(body, 422));
    expect((await request('GET', '/api/v2/user', Answers.user).catch((x: unknown) => x as ApiError)).retryAfter).toBeUndefined();
  });

  it('does not retry a failed POST', async () => {
    const m = mockFetch(() => json({}, 500));
    await request('POST', '/api/public/v1/projects/p/evacuation/start', Answers.evacuation).catch(() => undefined);
    expect(m.calls).toHaveLength(1);
  });

  it('reports an aborted request as aborted', async () => {
    mockFetch(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    const error = (await request('GET', '/api/v2/user', Answers.user).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('aborted');
  });
});

describe('public calls', () => {
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'secret-token' });
  });
  afterEach(() => $currentUser.set(null));

  it('sends no token on an anonymous request, even when signed in', async () => {
    const m = mockFetch(() => json({ data: SAMPLE_USER }));
    await request('GET', '/api/v2/user', Answers.user, { anonymous: true });
    expect(m.calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('never sends the token to the public demo endpoints (frames included)', async () => {
    const m = mockFetch(() => new Response(new Blob(['x'], { type: 'image/jpeg' })));
    await requestBlob('/api/public/v1/demo-live-views/d/media/c');
    $apiBase.set('https://api.vigil.test/prefix');
    $currentUser.set({ ...SAMPLE_USER, token: 'secret-token', api_base: 'https://api.vigil.test/prefix' });
    await requestBlob('/api/public/v1/demo-live-views/d/media/c');
    await requestBlob('/api/v2/media/c');
    expect(m.calls.map((c) => c.headers.has('Authorization'))).toEqual([false, false, true]);
  });

  it('validates by name as by schema: the answer of that name, or a malformed error', async () => {
    mockFetch(() => json({ data: SAMPLE_USER }));
    expect((await request('GET', '/api/v2/user', Names.user)).data.email).toBe(SAMPLE_USER.email);
    mockFetch(() => json({ data: { ...SAMPLE_USER, email: 42 } }));
    const error = (await request('GET', '/api/v2/user', Names.user).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('malformed');
  });

  it('readAs: an answer as another one when it is one, else undefined', async () => {
    expect((await readAs(Names.user, { data: SAMPLE_USER }))?.data.name).toBe(SAMPLE_USER.name);
    expect(await readAs(Names.user, { data: { name: 'no uuid' } })).toBeUndefined();
  });
});

describe('a 401', () => {
  const handler = vi.fn<(token: string) => void>();
  beforeEach(() => {
    $apiBase.set('https://api.vigil.test');
    $currentUser.set({ ...SAMPLE_USER, token: 'secret-token' });
    handler.mockReset();
    onUnauthorized(handler);
  });
  afterEach(() => {
    onUnauthorized(() => {});
    $currentUser.set(null);
  });
  const refused = () => json({ errors: [{ message: 'Unauthenticated.' }] }, 401);

  it('runs the handler once per call, whatever the call, with the token it carried', async () => {
    mockFetch(refused);
    const calls = [
      () => request('GET', '/api/v2/projects', Answers.projects),
      () => request('POST', '/api/public/v1/projects/p/evacuation/start', Names.empty, { body: {} }),
      () => request('PUT', '/api/v2/notifications/n/mark-as-read', Names.empty),
      () => requestBlob('/api/v2/media/m'),
      () => requestBlobWithHeaders('/api/v2/media/m/frame'),
    ];
    for (const call of calls) {
      handler.mockClear();
      const error = (await call().catch((e: unknown) => e)) as ApiError;
      expect(error.status).toBe(401);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith('secret-token');
    }
  });

  it('hands over the token the request went out with, not one signed in meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch(async () => {
      await gate;
      return refused();
    });
    const pending = request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    $currentUser.set({ ...SAMPLE_USER, token: 'newer-token' });
    release();
    await pending;
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith('secret-token');
  });

  it('leaves the handler out where the 401 is not about our token', async () => {
    mockFetch(refused);
    await request('GET', '/api/v2/user', Answers.user, { anonymous: true }).catch(() => undefined);
    await request('PUT', '/api/v2/user/terms', Names.empty, { body: {}, signOutOn401: false }).catch(() => undefined);
    await requestBlob('https://cdn.elsewhere.test/media/abc').catch(() => undefined);
    $currentUser.set(null);
    await request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves the handler out for other refusals', async () => {
    mockFetch(() => json({}, 403));
    await request('GET', '/api/v2/projects', Answers.projects).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();
  });
});
