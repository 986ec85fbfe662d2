/**
 * Web Push devices (docs/push.md): the server's public key, and the signed-in user's devices
 * with their choices. A device belongs to the session that subscribed it (it goes when that
 * session ends); the user sees and manages all of their own devices, never anyone else's
 * (another user's device is a 404, like anything unknown).
 */
import { randomUUID } from 'node:crypto';
import { Bodies, type PushDevice } from '../../../src/core/api/contract.ts';
import { READABLE_PROJECTS } from '../access.ts';
import { nowIso } from '../db.ts';
import type { MiddlewareHandler } from 'hono';
import { ApiError, failure, invalid, notFound, readBody, type App, type AppEnv, type Ctx, type Deps, type UserRow } from '../http.ts';
import { text } from '../messages.ts';
import type { PushService, SubscriptionRow } from '../push.ts';
import { bearerHash } from './auth.ts';

/** The most devices with alerts one user may have. */
export const MAX_PUSH_DEVICES = 20;

/** Whether a base64url text decodes to exactly `bytes` bytes (and, for a P-256 public key, is uncompressed). */
function keyOk(value: string, bytes: number, uncompressed = false): boolean {
  const raw = Buffer.from(value, 'base64url');
  return raw.length === bytes && (!uncompressed || raw[0] === 4);
}

/**
 * `Authorization: Push <token>` on `POST /api/v2/incidents/{uuid}/acknowledge`: the token a
 * push message carried for that incident (push.ts, actionToken) signs the call in as the
 * device's user while the device's session lasts, so a notification's Acknowledge button
 * works without the service worker ever holding the bearer token. Any other call, another
 * incident, a forged or expired token or an ended session: 401, as without a token.
 */
export function pushActionSignIn(deps: Deps, push: PushService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = /^Push\s+(\S+)\s*$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (token === undefined) return next();
    const signedIn = c.req.method === 'POST' && push.actionUser(token, c.req.param('uuid') ?? '');
    if (!signedIn) throw failure(401, text('errors.unauthenticated'));
    const user = deps.db.get<UserRow>('SELECT * FROM users WHERE id = ?', signedIn.userId);
    if (!user?.terms_accepted) throw failure(401, text('errors.unauthenticated'));
    c.set('user', user);
    await next();
  };
}

export function pushRoutes(app: App, deps: Deps, push: PushService): void {
  const { db } = deps;

  const view = (row: SubscriptionRow, currentToken: number | undefined): PushDevice => ({
    uuid: row.uuid,
    endpoint: row.endpoint,
    device_name: row.device_name,
    severities: JSON.parse(row.severities) as PushDevice['severities'],
    evacuations: true,
    sites: row.sites === null ? null : (JSON.parse(row.sites) as string[]),
    systems_offline: row.systems_offline === 1,
    created_at: row.created_at,
    current: row.token_id === currentToken,
  });

  const currentToken = (c: Ctx): number | undefined => {
    const hash = bearerHash(c);
    return hash ? db.get<{ id: number }>('SELECT id FROM tokens WHERE token_hash = ?', hash)?.id : undefined;
  };

  /** The user's own device, or 404. */
  const own = (c: Ctx): SubscriptionRow => {
    const row = db.get<SubscriptionRow>(
      'SELECT * FROM push_subscriptions WHERE uuid = ? AND user_id = ?',
      c.req.param('uuid')!,
      c.get('user').id,
    );
    if (!row) throw notFound();
    return row;
  };

  /** The sites as stored: null for all; each one must be a site of the user's projects. */
  const checkedSites = (c: Ctx, sites: readonly string[] | null | undefined): string | null => {
    if (!sites) return null;
    const unique = [...new Set(sites)];
    const known = new Set(
      db.all<{ uuid: string }>(`SELECT uuid FROM sites WHERE project_uuid IN ${READABLE_PROJECTS}`, c.get('user').id).map((s) => s.uuid),
    );
    unique.forEach((uuid, i) => {
      if (!known.has(uuid)) throw invalid(`sites.${i}`, text('push.siteUnknown'));
    });
    return JSON.stringify(unique);
  };

  app.get('/api/v2/push/key', (c) => c.json({ data: { public_key: push.publicKey } }));

  app.get('/api/v2/push/subscriptions', (c) => {
    const mine = currentToken(c);
    const rows = db.all<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, uuid', c.get('user').id);
    return c.json({ data: rows.map((r) => view(r, mine)) });
  });

  app.post('/api/v2/push/subscriptions', async (c) => {
    const body = await readBody(c, Bodies.pushSubscription);
    void push.library();
    const problem = push.endpointProblem(body.endpoint);
    if (problem) {
      const key = problem === 'scheme' ? 'push.endpointScheme' : problem === 'address' ? 'push.endpointAddress' : 'push.endpointInvalid';
      throw invalid('endpoint', text(key));
    }
    if (!keyOk(body.keys.p256dh, 65, true)) throw invalid('keys.p256dh', text('push.keyInvalid'));
    if (!keyOk(body.keys.auth, 16)) throw invalid('keys.auth', text('push.keyInvalid'));
    const user = c.get('user');
    const sites = checkedSites(c, body.sites);
    const tokenId = currentToken(c)!;
    const uuid = randomUUID();
    db.transaction(() => {
      // An endpoint is one browser's: subscribing it again (a new sign-in) replaces the earlier device.
      db.run('DELETE FROM push_subscriptions WHERE endpoint = ?', body.endpoint);
      const { n } = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?', user.id)!;
      if (n >= MAX_PUSH_DEVICES) throw new ApiError(422, [{ text: text('push.tooMany', { max: MAX_PUSH_DEVICES }) }]);
      db.run(
        `INSERT INTO push_subscriptions (uuid, user_id, token_id, endpoint, p256dh, auth, severities, sites, systems_offline, device_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        uuid,
        user.id,
        tokenId,
        body.endpoint,
        body.keys.p256dh,
        body.keys.auth,
        JSON.stringify([...new Set(body.severities)]),
        sites,
        body.systems_offline ? 1 : 0,
        body.device_name || null,
        nowIso(),
      );
    });
    const row = db.get<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE uuid = ?', uuid)!;
    return c.json({ data: view(row, tokenId) }, 201);
  });

  app.patch('/api/v2/push/subscriptions/:uuid', async (c) => {
    const row = own(c);
    const body = await readBody(c, Bodies.pushChoicesUpdate);
    const sites = body.sites === undefined ? row.sites : checkedSites(c, body.sites);
    db.run(
      'UPDATE push_subscriptions SET severities = ?, sites = ?, systems_offline = ?, device_name = ? WHERE uuid = ?',
      body.severities ? JSON.stringify([...new Set(body.severities)]) : row.severities,
      sites,
      body.systems_offline === undefined ? row.systems_offline : body.systems_offline ? 1 : 0,
      body.device_name === undefined ? row.device_name : body.device_name || null,
      row.uuid,
    );
    const updated = db.get<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE uuid = ?', row.uuid)!;
    return c.json({ data: view(updated, currentToken(c)) });
  });

  app.delete('/api/v2/push/subscriptions/:uuid', (c) => {
    db.run('DELETE FROM push_subscriptions WHERE uuid = ?', own(c).uuid);
    return c.body(null, 204);
  });

  app.post('/api/v2/push/subscriptions/:uuid/test', (c) => {
    push.sendTest(own(c));
    return c.json({ data: { queued: true } }, 202);
  });
}
