import { useEffect } from 'react';

/**
 * Keeps health at a glance fresh while the page is shown: the live channel stays open and a
 * change of a system, an incident or an evacuation loads the cards again (core/projects/live.ts,
 * its own chunk, loaded after first paint).
 */
export function useHealthLive(): void {
  useEffect(() => {
    let release: (() => void) | undefined;
    let cancelled = false;
    void import('../../core/projects/live.ts').then(
      (live) => {
        if (!cancelled) release = live.watchHealth();
      },
      () => {}, // the chunk could not load: the cards show what they loaded
    );
    return () => {
      cancelled = true;
      release?.();
    };
  }, []);
}
