/**
 * A fetch stand-in for unit tests: routes calls to a handler and records them.
 * Only for tests (imported from *.test.ts files).
 */
import { vi } from 'vitest';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function mockFetch(handler: Handler) {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const raw = init.body;
    let body: unknown = raw;
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const call = { url, method: (init.method ?? 'GET').toUpperCase(), headers: new Headers(init.headers), body };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn, callsTo: (path: string) => calls.filter((c) => c.url.pathname === path) };
}

export const SAMPLE_USER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  username: 'manager',
  name: 'Morgan Manager',
  email: 'manager@vigil.test',
  locale: 'en',
  terms_accepted_web_portal: true,
  // The API that issued a stored sign-in (the tests' API base): the token only goes there.
  api_origin: 'https://api.vigil.test',
};
