/**
 * The app badge of the installed portal (docs/push.md): the open-incidents count, kept by
 * the page while it is open (the service worker sets it with each push). A hint only: where
 * the platform has no badging, or refuses it, nothing happens.
 */
import { $openIncidents } from '../inbox/open.ts';

type Badging = { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Sets the badge to `count` (cleared at 0). */
export function setAppBadge(count: number): void {
  const nav = (typeof navigator !== 'undefined' ? navigator : {}) as Badging;
  if (!nav.setAppBadge) return;
  void (count > 0 ? nav.setAppBadge(count) : (nav.clearAppBadge?.() ?? Promise.resolve())).catch(() => undefined);
}

/**
 * Keeps the badge at the open-incidents count while the returned function is not called;
 * a count forgotten (signed out, another user) clears it until the next one is loaded.
 */
export function keepAppBadge(): () => void {
  return $openIncidents.listen((count) => setAppBadge(count ?? 0));
}
