/**
 * A portal page loaded on demand, with the 10 s limit of docs/product.md#constants-and-limits
 * (a page too slow or failing to load throws a PageLoadError, which the outlet turns into
 * the timeout page), that can be asked for ahead (`preload`).
 *
 * A page whose code is already there when it mounts renders at once. Left to React.lazy it
 * would suspend even then (a module promise settles only after the render), show the
 * loading view, and reveal the page no sooner than React's throttle of content that follows
 * a fallback (300 ms): on a phone, a first visit showed "Loading the page…" for about 0.6 s
 * with every file of the page long downloaded.
 */
import { lazy, useRef, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { loadWithTimeout } from '../../core/router/page-loading.ts';

export interface LazyPage<P> {
  (props: P): ReactNode;
  /** Starts loading the page's code (once); the page shows a failure itself. */
  preload(): Promise<unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props: `unknown` would not accept components with required props
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyPage<ComponentProps<C>> {
  let loaded: C | undefined;
  let pending: Promise<{ default: C }> | undefined;
  // Loaded once: a failure stays (the page then shows the timeout page at once, which
  // reloads the portal when the server answers), as React.lazy keeps it.
  const preload = () =>
    (pending ??= loadWithTimeout(load).then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Page(props: ComponentProps<C>) {
    // Chosen once per mount: swapping Lazy for the loaded component later would remount it.
    const Shown = useRef<ComponentType<ComponentProps<C>>>(loaded ?? (Lazy as unknown as ComponentType<ComponentProps<C>>)).current;
    return <Shown {...props} />;
  }
  return Object.assign(Page, { preload });
}
