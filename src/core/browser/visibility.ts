/**
 * The page's visibility, the one source every module reads (live updates, leadership,
 * evacuation polling), injectable for tests.
 */
export interface Visibility {
  hidden(): boolean;
  /** Calls `listener` whenever visibility changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export const documentVisibility: Visibility = {
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onChange(listener) {
    if (typeof document === 'undefined') return () => {};
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};
