/**
 * The portal's route guards (docs/product.md#routes, #session, #permissions) as pure functions: given where the user is
 * going and who they are, say whether to render the page or where to go instead. The
 * portal router (portal-router.ts) runs them on every navigation and whenever the
 * signed-in user changes; the asynchronous parts (validation, the project's permissions)
 * happen there.
 */
import { MANAGE_USERS } from '../api/constants.ts';
import { pathTo, type RouteName } from './routes.ts';

/** Only for signed-out users: a signed-in user goes home (docs/product.md#routes). */
export const SIGNED_OUT_ONLY: ReadonlySet<RouteName> = new Set<RouteName>(['login', 'forgotPassword', 'resetPassword', 'invitation']);

/**
 * Open to everyone, signed in or not, and never held at /terms: the not-found page and the
 * public demo live view (which a signed-out visitor sees anyway).
 */
export const PUBLIC: ReadonlySet<RouteName> = new Set<RouteName>(['notFound', 'demoLiveView']);

export interface GuardUser {
  terms_accepted_web_portal: boolean;
}

export interface GuardInput {
  /** The matched route, or null for an unknown path. */
  route: RouteName | null;
  /** The app path with its query ("/project/abc?tab=x"), without the base path. */
  fullPath: string;
  /** The parsed query. */
  search: Record<string, string>;
  user: GuardUser | null;
}

export type GuardResult =
  /** Go there instead (replacing the history entry). */
  | { action: 'redirect'; to: string }
  /** Show the page; `validate`: check the signed-in user against the server first. */
  | { action: 'render'; validate: boolean };

const AUTH_PATHS = /^\/(?:login|logout|forgot-password|reset-password|invitation)(?:[/?#]|$)/i;

/**
 * A `redirectFrom` value that is safe to go back to: an app path ("/inbox?x=1"), never
 * another origin ("//evil.test", "https://…", "/\\evil.test"), never a sign-in screen.
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (AUTH_PATHS.test(value)) return null;
  return value;
}

/** Where a signed-out user is sent: /login with the full path to come back to (docs/product.md#session). */
export function loginPathFor(fullPath: string): string {
  const back = safeRedirectTarget(fullPath);
  return back && back !== '/' ? pathTo('login', {}, { redirectFrom: back }) : pathTo('login');
}

/** Where a user who has not accepted the terms is held, remembering where they were going. */
export function termsPathFor(fullPath: string): string {
  const back = safeRedirectTarget(fullPath);
  return back && back !== '/' ? pathTo('terms', {}, { redirectFrom: back }) : pathTo('terms');
}

/** Where to go after signing in or accepting the terms: the remembered path, else home. */
export function afterSignInPath(search: Record<string, string>): string {
  return safeRedirectTarget(search.redirectFrom) ?? pathTo('home');
}

/**
 * The guard of docs/product.md#routes, #session:
 * - unknown path → /404;
 * - /login, /forgot-password, /reset-password/{token}, /invitation/{token}: a signed-in user goes home (from
 *   /login: back to its `redirectFrom`, which is how a sign-in returns to the deep link);
 * - /logout signed out → /login;
 * - /404 and /demo-live-view/{uuid}: open to everyone;
 * - everything else needs sign-in: signed out → /login?redirectFrom=<full path>;
 * - terms not accepted → every such page but /terms (and /logout, so one can leave) → /terms;
 * - otherwise render, validating the signed-in user first.
 */
export function guard({ route, fullPath, search, user }: GuardInput): GuardResult {
  if (!route) return { action: 'redirect', to: pathTo('notFound') };
  if (SIGNED_OUT_ONLY.has(route)) {
    if (!user) return { action: 'render', validate: false };
    return { action: 'redirect', to: route === 'login' ? afterSignInPath(search) : pathTo('home') };
  }
  if (route === 'logout') return user ? { action: 'render', validate: false } : { action: 'redirect', to: pathTo('login') };
  if (PUBLIC.has(route)) return { action: 'render', validate: false };
  if (!user) return { action: 'redirect', to: loginPathFor(fullPath) };
  if (!user.terms_accepted_web_portal && route !== 'terms') return { action: 'redirect', to: termsPathFor(fullPath) };
  return { action: 'render', validate: true };
}

export interface PermissionHolder {
  permissions: readonly string[];
}

/**
 * The project users page needs 'manage users' on that project (docs/product.md#permissions); anyone else goes
 * to the project page. Returns where to go instead, or null to render.
 */
export function projectUsersRedirect(project: PermissionHolder, uuid: string): string | null {
  return project.permissions.includes(MANAGE_USERS) ? null : pathTo('project', { uuid });
}
