/**
 * What the browser tests' in-page stand-ins for the API share: the signed-in user the
 * demo API answers for the manager account, and a JSON answer.
 */

/** `GET /api/v2/user` for the manager (terms accepted); spread it to change a field. */
export const USER = {
  uuid: 'u-1',
  username: 'manager',
  name: 'Morgan Manager',
  email: 'manager@vigil.test',
  locale: 'en',
  terms_accepted_web_portal: true,
};

/** A JSON answer; 204 has no body. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
