/**
 * A component loaded on demand that renders at once when its code is already there.
 *
 * Left to React.lazy, a component suspends on its first render even when its module has
 * long arrived (a module promise settles only after the render): its Suspense fallback
 * commits first, and React reveals what follows a fallback no sooner than its throttle
 * (300 ms). A page whose code was asked for ahead showed "Loading the page…" for that
 * long; the page's first toast came that much later, and its commit could land after
 * the dialog meant to hold it had closed.
 *
 * `preload()` starts loading (once); a component whose code is there renders directly,
 * one that is not goes through React.lazy (its Suspense fallback until it arrives). The
 * choice is made once per mount: swapping the lazy wrapper for the loaded component later
 * would remount it. A failed load stays failed, as React.lazy keeps it.
 */
import { lazy, useRef, type ComponentProps, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P> {
  (props: P): ReactNode;
  /** Starts loading the component's code (once). */
  preload(): Promise<unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props: `unknown` would not accept components with required props
export function preloadable<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): Preloadable<ComponentProps<C>> {
  let loaded: C | undefined;
  let pending: Promise<{ default: C }> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Shown(props: ComponentProps<C>) {
    const Component = useRef<ComponentType<ComponentProps<C>>>(loaded ?? (Lazy as unknown as ComponentType<ComponentProps<C>>)).current;
    return <Component {...props} />;
  }
  return Object.assign(Shown, { preload });
}
