import { useEffect, useState } from 'react';

/** A module loaded on demand, and whether it came (or could not be loaded). */
export interface LazyModule<M> {
  /** Starts loading (once); resolves when it arrived or failed. */
  load: () => Promise<unknown>;
  /** The module once loaded (re-renders when it arrives); `failed` when it could not be loaded. */
  use: () => { module: M | null; failed: boolean };
}

/**
 * Parts of the editors in their own chunks (the editors' pages have a tight budget),
 * asked for as soon as an editor's code runs, so they arrive while the editor's data is
 * still loading: editors show their loading state until then, so nothing jumps when they
 * arrive, and work without them if they could not be loaded.
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | null = null;
  let failed = false;
  let loading: Promise<unknown> | null = null;
  const load = () =>
    (loading ??= importer().then(
      (m) => (module = m),
      () => (failed = true),
    ));
  function use() {
    const [, setLoaded] = useState(0);
    useEffect(() => {
      if (!module && !failed) void load().then(() => setLoaded((n) => n + 1));
    }, []);
    return { module, failed };
  }
  return { load, use };
}

/** Presets and copy-a-day (ScheduleTools.tsx). */
export const toolsModule = lazyModule(() => import('./ScheduleTools.tsx'));
