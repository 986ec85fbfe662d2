/**
 * The page's localStorage, or null where there is none or the browser denies it (an opaque
 * origin, privacy settings, a sandboxed frame): reading `localStorage` itself can throw.
 * Every module that keeps something in the browser goes through this one guard.
 */
export function safeStorage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}
