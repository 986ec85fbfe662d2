/**
 * The demo server as a Hono app: the API of docs/product.md#api-calls, the message
 * catalogues, the static files and the portal page. `createApp` takes an open database,
 * so tests can run it with `app.request()` or on a real port.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { Db } from './db.ts';
import { EventHub } from './events.ts';
import type { Fixture } from './fixture.ts';
import { ApiError, errorResponse, type AppEnv, type Deps } from './http.ts';
import { Limiter, type LimitOptions } from './limiter.ts';
import { DEFAULT_LIMITS, Quotas, TooManyAttempts, type ShareLimits } from './limits.ts';
import { FrameRenderer } from './media.ts';
import { text } from './messages.ts';
import { activityRoutes } from './routes/activity.ts';
import { authenticate, authRoutes, sessionOf } from './routes/auth.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { eventRoutes } from './routes/events.ts';
import { evacuationRoutes } from './routes/evacuation.ts';
import { evacuationHistoryRoutes } from './routes/evacuation-history.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { incidentActionRoutes } from './routes/incident-actions.ts';
import { mediaRoutes } from './routes/media.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { contentRoutes } from './routes/content.ts';
import { projectRoutes } from './routes/projects.ts';
import { exceptionRoutes } from './routes/exceptions.ts';
import { scheduleRoutes } from './routes/schedules.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { isReserved, portalPage, REPO_ROOT, staticRoutes } from './routes/static.ts';
import { testHookRoutes } from './routes/test-hooks.ts';
import { projectUserRoutes } from './routes/users.ts';
import { PushService } from './push.ts';
import { pushActionSignIn, pushRoutes } from './routes/push.ts';
import { seed } from './seed.ts';
import { cspFor } from './csp.ts';
import { hostAllowed, normalOrigin, ownOrigins } from './origins.ts';

/**
 * A POST, PUT or PATCH with a body must say it is JSON (415 otherwise): a `text/plain` or
 * form body is what a page on another origin can send without a CORS preflight.
 */
const requireJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (['POST', 'PUT', 'PATCH'].includes(c.req.method)) {
    const length = c.req.header('Content-Length');
    // Over HTTP a request without Content-Length or Transfer-Encoding has no body (a bare
    // `curl -X POST …/logout` is not refused); in-process requests (app.request) carry no
    // such headers, so there the body itself tells.
    const fromNetwork = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    const hasBody =
      length !== undefined
        ? Number(length) > 0
        : c.req.header('Transfer-Encoding') !== undefined || (!fromNetwork && c.req.raw.body !== null);
    const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (hasBody && type !== 'application/json') return errorResponse(c, 415, [{ text: text('errors.unsupportedMediaType') }]);
  }
  await next();
};

export type AppOptions = {
  db: Db;
  /** Send the Content-Security-Policy on HTML answers (default true). */
  csp?: boolean;
  /** Mount the /__test/* endpoints (default false). */
  testHooks?: boolean;
  /** The server's public origin, for links it prints (default http://localhost:8080). */
  publicUrl?: string;
  /** The fixture that /__test/reset loads (default: the built-in seed). */
  fixture?: Fixture;
  /** Where operator messages go (default console.log). */
  log?: (line: string) => void;
  /** The repository root, for static files (default: this checkout). */
  root?: string;
  /**
   * Other origins allowed to call the API through CORS (default: none; the cross-origin
   * example passes its own, {@link EXAMPLE_ORIGINS}, while it runs). The server's own origins
   * (its public URL, and localhost / 127.0.0.1 on its port) are always allowed; `null` never.
   */
  allowedOrigins?: readonly string[];
  /**
   * Host names (with or without `:port`) the server answers for besides its own: its public
   * URL's host, and localhost / 127.0.0.1 / [::1] on its port or the port a request came
   * in on. Any other `Host` is a 421 (a page on a rebound DNS name must not reach the API).
   */
  allowedHosts?: readonly string[];
  /** Attempt limits of sign-in, forgot- and reset-password (limits.ts: 3 free failures per account and client, 20 per address, then 1 s, 2 s, 4 s … up to 5 min). */
  limits?: Partial<LimitOptions>;
  /** A token unused this long (ms) expires (default 12 hours). */
  tokenIdleMs?: number;
  /** Serve source maps (`*.map`) from /dist (default false). */
  sourceMaps?: boolean;
  /** How often (ms) every open event stream gets a `: ping` comment (default 15 s). */
  eventsHeartbeatMs?: number;
  /** How often (ms) the token of every open event stream is checked again; a dead one ends the stream (default 5 s). */
  eventsTokenCheckMs?: number;
  /** How long (ms) events stay in the log for replay (default 15 minutes). */
  eventsRetentionMs?: number;
  /** The most events the log keeps for replay (default 10 000). */
  eventsLogLimit?: number;
  /** Limits that protect everyone (limits.ts DEFAULT_SHARE_LIMITS: streams, replays, evacuation actions). */
  shareLimits?: Partial<ShareLimits>;
  /** Web Push: the first retry's delay after a failed delivery (ms, default 1 s; each further one is 4× longer). */
  pushRetryBaseMs?: number;
};

/** The cross-origin example (examples/cross-origin/serve.ts) serves its page here, and allows these while it runs. */
export const EXAMPLE_ORIGINS = ['http://localhost:8081', 'http://127.0.0.1:8081'];
export const DEFAULT_TOKEN_IDLE_MS = 12 * 3600 * 1000;
/** The largest schedule update accepted (bytes). */
export const SCHEDULE_BODY_LIMIT = 64 * 1024;

export type VigilApp = Hono<AppEnv> & { deps: Deps; push: PushService };

export function createApp(options: AppOptions): VigilApp {
  const { db, csp = true, testHooks = false, fixture, root = REPO_ROOT } = options;
  const quotas = new Quotas(options.shareLimits);
  // An event stream lives while its token signs in, the terms accepted (as every call but the user's own).
  const events = new EventHub(db, (hash) => sessionOf(deps, hash)?.terms_accepted === 1, {
    ...(options.eventsHeartbeatMs === undefined ? {} : { heartbeatMs: options.eventsHeartbeatMs }),
    ...(options.eventsTokenCheckMs === undefined ? {} : { tokenCheckMs: options.eventsTokenCheckMs }),
    ...(options.eventsRetentionMs === undefined ? {} : { retentionMs: options.eventsRetentionMs }),
    ...(options.eventsLogLimit === undefined ? {} : { logLimit: options.eventsLogLimit }),
    replayMaxEvents: quotas.limits.replayMaxEvents,
  });
  const deps: Deps = {
    db,
    frames: new FrameRenderer(),
    publicUrl: (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''),
    jwtSecret: randomBytes(32),
    log: options.log ?? ((line) => console.log(line)),
    reseed: () => {
      seed(db, fixture);
      // Every session is gone with the old data: their streams end now.
      events.closeAll();
    },
    limiter: new Limiter({ ...DEFAULT_LIMITS, ...options.limits }),
    quotas,
    tokenIdleMs: options.tokenIdleMs ?? DEFAULT_TOKEN_IDLE_MS,
    events,
    state: {},
  };
  // Web Push hears every published event and delivers in the background (push.ts).
  const push = new PushService(db, {
    testHooks,
    retryBaseMs: options.pushRetryBaseMs ?? 1000,
    maxAttempts: 5,
    timeoutMs: 10_000,
    subject: process.env.VIGIL_VAPID_SUBJECT?.trim() || 'mailto:push@vigil.example',
    log: deps.log,
  });
  push.listen(events);
  const extraOrigins = new Set((options.allowedOrigins ?? []).map(normalOrigin).filter((o): o is string => Boolean(o)));
  /** Whether a browser page on `origin` may call the API; `null` (sandboxes, files) never. */
  const allowedOrigin = (origin: string): boolean =>
    origin !== 'null' && (extraOrigins.has(origin) || ownOrigins(deps.publicUrl).includes(origin));
  const app = new Hono<AppEnv>();

  app.use(compress());
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      // No page of ours may be framed by another origin (clickjacking), CSP or not.
      c.res.headers.set('Content-Security-Policy', csp ? cspFor(c.req.path) : "frame-ancestors 'self'");
      c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
  });
  // DNS rebinding: a page on evil.example resolved to this machine sends `Host: evil.example`.
  // Only the server's own host names are answered; anything else is 421 Misdirected Request.
  const extraHosts = options.allowedHosts ?? [];
  app.use(async (c, next) => {
    const localPort = (c.env as { incoming?: { socket?: { localPort?: number } } } | undefined)?.incoming?.socket?.localPort;
    if (!hostAllowed(c.req.url, deps.publicUrl, localPort, extraHosts)) {
      return errorResponse(c, 421, [{ text: text('errors.misdirected') }]);
    }
    await next();
  });
  // Allowed origins come from configuration only, never from the request (its Host or URL).
  const corsPolicy = cors({
    origin: (origin) => (origin && allowedOrigin(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'Idempotency-Key', 'Last-Event-ID'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['Idempotent-Replayed', 'Retry-After', 'X-Frame-Time', 'Date'],
    maxAge: 600,
  });
  for (const prefix of ['/api/*', '/auth/*', '/i18n/*']) app.use(prefix, corsPolicy);
  // API answers are per user and change: never stored by a browser or a proxy.
  for (const prefix of ['/api/*', '/auth/*']) {
    app.use(prefix, async (c, next) => {
      await next();
      c.res.headers.set('Cache-Control', 'no-store');
    });
    app.use(prefix, requireJson);
  }
  // The bundles are public: integrator pages on other origins load them as module scripts,
  // which the browser fetches in CORS mode.
  app.use('/dist/*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  app.use('/api/*', bodyLimit({ maxSize: 1024 * 1024, onError: (c) => errorResponse(c, 413, [{ text: text('errors.tooLarge') }]) }));
  app.use(
    '/api/public/v3/projects/:uuid/update-site-schedules',
    bodyLimit({ maxSize: SCHEDULE_BODY_LIMIT, onError: (c) => errorResponse(c, 413, [{ text: text('schedule.tooLarge') }]) }),
  );
  // A push message's Acknowledge button signs its one call in with the message's own token.
  app.use('/api/v2/incidents/:uuid/acknowledge', pushActionSignIn(deps, push));
  app.use('/api/*', authenticate(deps));
  app.use('/auth/*', authenticate(deps));

  authRoutes(app, deps);
  mfaRoutes(app, deps);
  sessionRoutes(app, deps);
  projectRoutes(app, deps);
  mediaRoutes(app, deps);
  inboxRoutes(app, deps);
  incidentActionRoutes(app, deps);
  evacuationRoutes(app, deps);
  evacuationHistoryRoutes(app, deps);
  activityRoutes(app, deps);
  scheduleRoutes(app, deps);
  exceptionRoutes(app, deps);
  projectUserRoutes(app, deps);
  invitationRoutes(app, deps);
  contentRoutes(app, deps);
  eventRoutes(app, deps);
  pushRoutes(app, deps, push);
  if (testHooks) testHookRoutes(app, deps);
  staticRoutes(app, root, { sourceMaps: options.sourceMaps ?? false });

  app.notFound((c) => {
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !isReserved(c.req.path)) return portalPage(c, root);
    return errorResponse(c, 404, [{ text: text('errors.notFound') }]);
  });

  // Every error answer in the request's language (see messages.ts).
  app.onError((err, c) => {
    if (err instanceof TooManyAttempts) c.header('Retry-After', String(err.retryAfter));
    if (err instanceof ApiError) return errorResponse(c, err.status, err.items);
    if (err instanceof HTTPException) {
      const status = err.status;
      return errorResponse(c, status, [{ text: text(status >= 500 ? 'errors.generic' : 'errors.badRequest') }]);
    }
    console.error(`[vigil] ${c.req.method} ${c.req.path} failed:`, err);
    return errorResponse(c, 500, [{ text: text('errors.generic') }]);
  });

  return Object.assign(app, { deps, push });
}
