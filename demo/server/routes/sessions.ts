/**
 * The signed-in user's own sessions and sign-in attempts (docs/security.md#where-youre-signed-in): the
 * sign-ins that still work, ending one or every other one, and the latest attempts to sign
 * in to the account. Only ever the caller's own: another user's session is a 404, like one
 * that does not exist. Ending goes through endSessions (sessions.ts): the token answers 401
 * from the next request on, its event streams close, and its push devices go with it.
 */
import type { SignInSession } from '../../../src/core/api/contract.ts';
import { nowIso } from '../db.ts';
import { notFound, type App, type Ctx, type Deps } from '../http.ts';
import { endSessions } from '../sessions.ts';
import { recentAttempts } from '../sign-in-attempts.ts';

type TokenRow = {
  id: number;
  uuid: string;
  token_hash: string;
  device_name: string | null;
  browser: string | null;
  address: string | null;
  created_at: string;
  last_used_at: string | null;
};

export function sessionRoutes(app: App, deps: Deps): void {
  const { db } = deps;

  /** The caller's sessions that still sign in (not past their lifetime, not idle too long), latest used first. */
  const liveSessions = (c: Ctx): TokenRow[] =>
    db.all<TokenRow>(
      `SELECT id, uuid, token_hash, device_name, browser, address, created_at, last_used_at FROM tokens
       WHERE user_id = ? AND expires_at > ? AND COALESCE(last_used_at, created_at) > ?
       ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC`,
      c.get('user').id,
      nowIso(),
      nowIso(-deps.tokenIdleMs),
    );

  const view = (row: TokenRow, current: number): SignInSession => ({
    uuid: row.uuid,
    device_name: row.device_name,
    browser: row.browser,
    address: row.address,
    created_at: row.created_at,
    last_used_at: row.last_used_at ?? row.created_at,
    current: row.id === current,
  });

  app.get('/api/v2/user/sessions', (c) => {
    const current = c.get('session').tokenId;
    return c.json({ data: liveSessions(c).map((row) => view(row, current)) });
  });

  /** Signs out every session of the caller but this one; answers how many ended. */
  app.post('/api/v2/user/sessions/end-others', (c) => {
    const ended = endSessions(deps, c.get('user').id, { except: c.get('session').tokenHash });
    return c.json({ data: { ended } });
  });

  /** Ends one of the caller's sessions (this one too: that is a sign-out). */
  app.delete('/api/v2/user/sessions/:uuid', (c) => {
    const row = liveSessions(c).find((r) => r.uuid === c.req.param('uuid'));
    if (!row) throw notFound();
    endSessions(deps, c.get('user').id, { only: row.token_hash });
    return c.body(null, 204);
  });

  app.get('/api/v2/user/sign-in-attempts', (c) => {
    return c.json({ data: recentAttempts(db, c.get('user').id) });
  });
}
