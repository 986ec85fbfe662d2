/**
 * An in-page stand-in for the sign-in calls of the demo API (login, user, forgot
 * password), for `<vigil-login>` and the compact sign-in of embedded elements.
 */
import { json, USER } from '../helpers/api.ts';

export { USER };
export const PASSWORD = 'vigil-demo';
/** An account over its attempt limit: sign-in and reset requests answer 429, Retry-After 61 s. */
export const BLOCKED_EMAIL = 'blocked@vigil.test';

export interface AuthCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const tooMany = () => json({ errors: [{ message: 'Too many attempts. Try again in 2 minutes.' }] }, 429, { 'Retry-After': '61' });

export function fakeAuthFetch(calls: AuthCall[]): typeof fetch {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (body?.email === BLOCKED_EMAIL) return tooMany();
    switch (url.pathname) {
      case '/api/v2/user/logout':
        return new Response(null, { status: 204 });
      case '/api/v2/user/login':
        return body?.email === USER.email && body.password === PASSWORD
          ? json({ data: { ...USER, token: 'tok-1' } })
          : json({ errors: [{ field: 'email', message: 'These credentials do not match our records.' }] }, 422);
      case '/api/v2/user/forgot-password':
        return json({ data: { message: 'sent' } });
      case '/api/v2/user':
        return json({ data: USER });
      case '/auth/jwt':
        return json({ data: { token: 'jwt' } });
      case '/api/v2/notifications':
        return json({ data: [], meta: { total: 3 } });
      default:
        return json({ errors: [{ message: 'Not found.' }] }, 404);
    }
  };
}
