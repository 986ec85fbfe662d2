/**
 * A component loaded on demand, shown in the commit after its code arrives, and at once
 * when its code is already there. It never suspends.
 *
 * Left to React.lazy, a component suspends on its first render even when its module has
 * long arrived (a module promise settles only after the render), and React reveals what
 * follows a Suspense fallback no sooner than its throttle (300 ms after the last fallback
 * of the page was shown): a page asked for ahead showed "Loading the page…" for that
 * long, a dialog opened 300 ms after the click, the first toast came that much later.
 * React commits such a reveal from a timer of its own, and under load that timer once
 * committed a tree that had already been committed (React error #177).
 *
 * Here the part renders its `fallback` (nothing by default) until its code is there,
 * then an ordinary state update shows it: no Suspense, no throttle, no timer. `preload()`
 * starts loading (once); a failed load throws from the render, to the nearest error
 * boundary, and stays failed, as React.lazy keeps it.
 */
import { useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P> {
  (props: P): ReactNode;
  /** Starts loading the component's code (once). */
  preload(): Promise<unknown>;
  /** The component once its code is there. */
  loaded: ComponentType<P> | undefined;
  /** Why its code could not be loaded, once that is known. */
  failure: { error: unknown } | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props: `unknown` would not accept components with required props
export function preloadable<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  fallback?: (props: ComponentProps<C>) => ReactNode,
): Preloadable<ComponentProps<C>> {
  let pending: Promise<unknown> | undefined;
  const part = ((props: ComponentProps<C>) => {
    const Component = useLoaded(part);
    return Component ? <Component {...props} /> : (fallback?.(props) ?? null);
  }) as Preloadable<ComponentProps<C>> & { loaded?: C; failure?: { error: unknown } };
  part.preload = () =>
    (pending ??= load().then(
      (module) => void (part.loaded = module.default),
      (error: unknown) => {
        part.failure = { error };
        throw error;
      },
    ));
  return part;
}

/**
 * A preloadable part's component once its code is there (undefined until then), for a
 * wrapper that shows its own placeholder meanwhile. Starts loading; throws a failed load.
 */
export function useLoaded<P>(part: Preloadable<P>): ComponentType<P> | undefined {
  const [, arrived] = useState(0);
  const Component = part.loaded;
  const failure = part.failure;
  useEffect(() => {
    if (Component || failure) return;
    let mounted = true;
    const settle = () => void (mounted && arrived((n) => n + 1));
    part.preload().then(settle, settle);
    return () => {
      mounted = false;
    };
  }, [part, Component, failure]);
  if (failure) throw failure.error;
  if (!Component) void part.preload().catch(() => undefined); // asked for in the render, as React.lazy does; its failure is shown by the effect's update
  return Component;
}
