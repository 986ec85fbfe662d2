/**
 * A portal page loaded on demand, with the 10 s limit of docs/product.md#constants-and-limits
 * (a page too slow or failing to load throws a PageLoadError, which the outlet turns into
 * the timeout page), that can be asked for ahead (`preload`).
 *
 * A page whose code is already there when it mounts renders at once, and one whose code is
 * still on its way shows the loading view until it arrives, no longer (`preloadable`): left
 * to React.lazy, a first visit on a phone showed "Loading the page…" for about 0.6 s with
 * every file of the page long downloaded.
 */
import type { ComponentProps, ComponentType } from 'react';
import { loadWithTimeout } from '../../core/router/page-loading.ts';
import { preloadable, type Preloadable } from '../common/preloadable.tsx';
import { LoadingView } from './LoadingView.tsx';

export type LazyPage<P> = Preloadable<P>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props: `unknown` would not accept components with required props
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyPage<ComponentProps<C>> {
  return preloadable(
    () => loadWithTimeout(load),
    () => <LoadingView />,
  );
}
