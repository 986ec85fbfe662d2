/**
 * The demo server as a Hono app: the API of SPEC §7 and DESIGN.md, the message
 * catalogues, the static files and the portal page. `createApp` takes an open database,
 * so tests can run it with `app.request()` or on a real port.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { Db } from './db.ts';
import type { Fixture } from './fixture.ts';
import { ApiError, errorResponse, type AppEnv, type Deps } from './http.ts';
import { FrameRenderer } from './media.ts';
import { text } from './messages.ts';
import { authenticate, authRoutes } from './routes/auth.ts';
import { evacuationRoutes } from './routes/evacuation.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { mediaRoutes } from './routes/media.ts';
import { pageRoutes } from './routes/pages.ts';
import { projectRoutes } from './routes/projects.ts';
import { scheduleRoutes } from './routes/schedules.ts';
import { isReserved, portalPage, REPO_ROOT, staticRoutes } from './routes/static.ts';
import { testHookRoutes } from './routes/test-hooks.ts';
import { projectUserRoutes } from './routes/users.ts';
import { seed } from './seed.ts';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types vigil dompurify',
].join('; ');

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
};

export type VigilApp = Hono<AppEnv> & { deps: Deps };

export function createApp(options: AppOptions): VigilApp {
  const { db, csp = true, testHooks = false, fixture, root = REPO_ROOT } = options;
  const deps: Deps = {
    db,
    frames: new FrameRenderer(),
    publicUrl: (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, ''),
    jwtSecret: randomBytes(32),
    log: options.log ?? ((line) => console.log(line)),
    reseed: () => seed(db, fixture),
    state: {},
  };
  const app = new Hono<AppEnv>();

  app.use(compress());
  app.use(async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      // No page of ours may be framed by another origin (clickjacking), CSP or not.
      c.res.headers.set('Content-Security-Policy', csp ? CSP : "frame-ancestors 'self'");
      c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
  });
  const corsPolicy = cors({
    origin: (origin) => origin || null,
    allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'Idempotency-Key'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['Idempotent-Replayed'],
    maxAge: 600,
  });
  for (const prefix of ['/api/*', '/auth/*', '/i18n/*']) app.use(prefix, corsPolicy);
  // The bundles are public: integrator pages on other origins load them as module scripts,
  // which the browser fetches in CORS mode.
  app.use('/dist/*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }));
  app.use('/api/*', bodyLimit({ maxSize: 1024 * 1024, onError: (c) => errorResponse(c, 413, [{ text: text('errors.tooLarge') }]) }));
  app.use('/api/*', authenticate(deps));
  app.use('/auth/*', authenticate(deps));

  authRoutes(app, deps);
  projectRoutes(app, deps);
  mediaRoutes(app, deps);
  inboxRoutes(app, deps);
  evacuationRoutes(app, deps);
  scheduleRoutes(app, deps);
  projectUserRoutes(app, deps);
  pageRoutes(app, deps);
  if (testHooks) testHookRoutes(app, deps);
  staticRoutes(app, root);

  app.notFound((c) => {
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !isReserved(c.req.path)) return portalPage(c, root);
    return errorResponse(c, 404, [{ text: text('errors.notFound') }]);
  });

  // Every error answer in the request's language (see messages.ts).
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.status, err.items);
    if (err instanceof HTTPException) {
      const status = err.status;
      return errorResponse(c, status, [{ text: text(status >= 500 ? 'errors.generic' : 'errors.badRequest') }]);
    }
    console.error(`[vigil] ${c.req.method} ${c.req.path} failed:`, err);
    return errorResponse(c, 500, [{ text: text('errors.generic') }]);
  });

  return Object.assign(app, { deps });
}
