/**
 * The router of `<vigil-portal>`: @nanostores/router on the history API, under a base
 * path, with the guards of guards.ts. It turns the URL and the signed-in user into
 * `$state` — the page to show, or "checking" while the user is validated (docs/product.md#session) or
 * the project's permissions are read (docs/product.md#permissions) — and redirects (replacing the history
 * entry) when a guard says so.
 */
import { createRouter, type Router } from '@nanostores/router';
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { CurrentUser } from '../api/contract.ts';
import { isMissing, projectCache } from '../resources/resources.ts';
import { $currentUser, validateFirstPage, validateUser } from '../session/session.ts';
import { guard, loginPathFor, projectUsersRedirect, type PermissionHolder } from './guards.ts';
import { stampCurrentEntry, withStampedEntry } from './history-index.ts';
import { gateHashChange, gatePopState } from './leave-gates.ts';
import { notFoundPath, type Navigator } from './navigation.ts';
import { ROUTES, type RouteName } from './routes.ts';

/** The page the portal shows. */
export interface PortalView {
  route: RouteName;
  /** Decoded path parameters (`uuid`, `token`). */
  params: Record<string, string>;
  search: Record<string, string>;
  /** The app path with its query, without the base path: the page's identity. */
  fullPath: string;
}

export type PortalState =
  /** Before the first page is known, or while a navigation is being checked. */
  { status: 'checking'; fullPath: string; previous: PortalView | null } | { status: 'ready'; view: PortalView };

export interface PortalRouterOptions {
  /** The `base-path` attribute: where the portal lives under its origin ("/portal"). */
  basePath?: string | null;
  /** Validates the signed-in user (null: signed out). Default: the session's `validateUser`. */
  validate?: () => Promise<CurrentUser | null>;
  /** Loads a project for its permissions. Default: the page-wide project cache. */
  loadProject?: (uuid: string) => Promise<PermissionHolder>;
  /** The signed-in user. Default: the session's `$currentUser`. */
  user?: ReadableAtom<CurrentUser | null>;
  /**
   * Starts what the page will ask for first while the user is validated, so that its answer
   * is not one more round trip after the validation's. Called for pages of a signed-in user
   * only. What it returns (the page's code) is waited for before the page is shown, so that
   * it renders at once instead of behind a loading view; a failure is the page's to show.
   */
  warm?: (view: PortalView) => Promise<unknown> | void;
}

export interface PortalRouter {
  readonly basePath: string;
  readonly $state: ReadableAtom<PortalState>;
  /** What `registerNavigator()` takes, so features' links route in place. */
  readonly navigator: Navigator;
  /** Starts listening to the URL and the user; returns the stop function. */
  start(): () => void;
}

const SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=@%-]+$/;

/** "/portal/" → "/portal", "portal" → "/portal", "" or "/" → "". Null when unusable. */
export function normalizeBasePath(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed || trimmed === '/') return '';
  const segments = trimmed.split('/').filter(Boolean);
  if (!segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) return null;
  return `/${segments.join('/')}`;
}

/** An app path ("/inbox") under the base path ("/portal/inbox"). */
export function withBase(base: string, path: string): string {
  const app = path.startsWith('/') ? path : `/${path}`;
  if (!base) return app;
  return app === '/' ? `${base}/` : app.startsWith('/?') ? `${base}/${app.slice(1)}` : base + app;
}

function fullPathOf(appPath: string, search: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${appPath}?${query}` : appPath;
}

export function createPortalRouter(options: PortalRouterOptions = {}): PortalRouter {
  const base = normalizeBasePath(options.basePath) ?? '';
  const validate = options.validate ?? validateUser;
  // The first page's: the page's start has usually validated the user already (session.ts).
  const validateFirst = options.validate ?? validateFirstPage;
  const loadProject = options.loadProject ?? ((uuid: string) => projectCache.load(uuid));
  const $user = options.user ?? $currentUser;

  const patterns = Object.fromEntries(Object.entries(ROUTES).map(([name, path]) => [name, base + path])) as Record<RouteName, string>;
  const router: Router<Record<RouteName, string>> = createRouter(patterns, { links: false });
  const $state: WritableAtom<PortalState> = atom<PortalState>({ status: 'checking', fullPath: '', previous: null });

  let generation = 0;
  /** Bumped on every URL change; a user is validated once per navigation. */
  let navigation = 0;
  let validatedNavigation = -1;

  // Each entry carries its position (history-index.ts): the leave guard's Back/Forward fallback reads it.
  const open = (path: string, replace = false) => {
    withStampedEntry(replace, () => router.open(withBase(base, path), replace));
  };

  /**
   * Redirects after the current history update has finished (a redirect decided while
   * the router is still pushing an entry would otherwise replace the previous entry).
   */
  const redirect = (gen: number, to: string) => {
    queueMicrotask(() => {
      if (gen === generation) open(to, true);
    });
  };

  const toView = (page = router.get()): PortalView | null => {
    if (!page) return null;
    const appPath = page.path.slice(base.length) || '/';
    return {
      route: page.route,
      params: { ...(page.params as Record<string, string>) },
      search: { ...page.search },
      fullPath: fullPathOf(appPath, page.search),
    };
  };

  const lastView = (): PortalView | null => {
    const s = $state.get();
    return s.status === 'ready' ? s.view : s.previous;
  };

  const ready = (view: PortalView) => {
    const s = $state.get();
    if (s.status === 'ready' && s.view.fullPath === view.fullPath) return;
    $state.set({ status: 'ready', view });
  };

  /** The first page's warm-up, started when the router is made. */
  let firstWarm: { fullPath: string; done: Promise<void> | undefined } | undefined;
  /** A warm-up, settled either way (the page shows a failure itself). */
  const settled = (started: Promise<unknown> | void): Promise<void> | undefined =>
    started
      ? started.then(
          () => undefined,
          () => undefined,
        )
      : undefined;

  async function run(): Promise<void> {
    const gen = ++generation;
    const nav = navigation;
    const view = toView();
    if (!view) return redirect(gen, notFoundPath());
    const decision = guard({ route: view.route, fullPath: view.fullPath, search: view.search, user: $user.get() });
    if (decision.action === 'redirect') return redirect(gen, decision.to);

    const mustValidate = decision.validate && validatedNavigation !== nav;
    const checkProject = view.route === 'projectUsers' || view.route === 'projectActivity';
    if (!mustValidate && !checkProject) return ready(view);

    const s = $state.get();
    const showing = s.status === 'ready' && s.view.fullPath === view.fullPath;
    if (!showing) $state.set({ status: 'checking', fullPath: view.fullPath, previous: lastView() });

    let warmed: Promise<void> | undefined;
    if (mustValidate) {
      // An in-app navigation (the first page's went out when the router was made): the
      // page's request beside the validation.
      if (nav > 1) warmed = settled(options.warm?.(view));
      else if (firstWarm?.fullPath === view.fullPath) warmed = firstWarm.done;
      const user = await (validatedNavigation === -1 ? validateFirst() : validate());
      if (gen !== generation) return;
      validatedNavigation = nav;
      // Normally the sign-out itself has already re-run the guard (and made this run stale).
      if (!user) return redirect(gen, loginPathFor(view.fullPath));
    }
    if (checkProject) {
      const uuid = view.params.uuid ?? '';
      try {
        const project = await loadProject(uuid);
        if (gen !== generation) return;
        const to = projectUsersRedirect(project, uuid);
        if (to) return redirect(gen, to);
      } catch (e) {
        if (gen !== generation) return;
        if (isMissing(e)) return redirect(gen, notFoundPath('Project'));
        // Any other failure was toasted by the cache; the page shows its own error state.
      }
    }
    if (warmed) {
      await warmed;
      if (gen !== generation) return;
    }
    ready(view);
  }

  // The first page's warm-up starts now, beside the session's validation and catalogue,
  // not when the router starts (after the portal's first render). A warm-up that loads its
  // code with import() (the home's) sends its request once that code is there.
  if (options.warm) {
    // Read from a router of its own: reading the portal's would start its popstate listener
    // now, ahead of the leave guard's, which must come first (start()).
    const first = toView(createRouter(patterns, { links: false }).get());
    const decision = first && guard({ route: first.route, fullPath: first.fullPath, search: first.search, user: $user.get() });
    if (decision && decision.action === 'render' && decision.validate)
      firstWarm = { fullPath: first!.fullPath, done: settled(options.warm(first!)) };
  }

  return {
    basePath: base,
    $state,
    navigator: { open, href: (path) => withBase(base, path) },
    start() {
      stampCurrentEntry();
      // Added before the router's own listeners (subscribing mounts it): a window's listeners
      // run in the order they were added, so a leave guard can keep a Back from the router.
      window.addEventListener('popstate', gatePopState);
      window.addEventListener('hashchange', gateHashChange);
      const stopRouter = router.subscribe(() => {
        navigation++;
        void run();
      });
      const stopUser = $user.listen(() => void run());
      return () => {
        generation++;
        window.removeEventListener('popstate', gatePopState);
        window.removeEventListener('hashchange', gateHashChange);
        stopRouter();
        stopUser();
      };
    },
  };
}
