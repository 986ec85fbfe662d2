/**
 * Navigation shared by every feature. The portal registers its router here; features call
 * `navigate()` or render `<Link>` and never know whether they run inside the portal.
 * Outside the portal, links are plain links to the portal's pages under `$portalUrl`.
 */
import { atom } from 'nanostores';
import { shared } from '../shared.ts';
import { pathTo, type NotFoundResource } from './routes.ts';

export interface Navigator {
  /** Opens an app path (without the base path). */
  open(path: string, replace?: boolean): void;
  /** The full href for an app path (with the base path). */
  href(path: string): string;
}

/** Set while a `<vigil-portal>` is on the page. */
export const $navigator = shared('router.navigator', () => atom<Navigator | null>(null));

/** Where standalone elements link to (the hosted portal); '' = this origin's root. */
export const $portalUrl = shared('router.portalUrl', () => atom<string>(''));

export function registerNavigator(navigator: Navigator): () => void {
  $navigator.set(navigator);
  return () => {
    if ($navigator.get() === navigator) $navigator.set(null);
  };
}

export function hrefFor(path: string): string {
  const nav = $navigator.get();
  return nav ? nav.href(path) : $portalUrl.get().replace(/\/$/, '') + path;
}

/** Opens an app path: in the portal through its router, elsewhere by loading the portal page. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const nav = $navigator.get();
  if (nav) nav.open(path, options.replace);
  else if (typeof location !== 'undefined') location.assign(hrefFor(path));
}

/**
 * A failed load of a resource on navigation goes to /404 naming it (docs/product.md#session,
 * #errors), and naming the address that was asked for, so the person can see and correct it.
 */
export function notFound(resource: NotFoundResource): void {
  if ($navigator.get()) navigate(notFoundPath(resource), { replace: true });
}

/** /404, with the resource that could not be loaded and the address in the address bar. */
export const notFoundPath = (resource?: NotFoundResource): string =>
  pathTo('notFound', {}, { ...(resource && { resource }), path: location.pathname + location.search });
