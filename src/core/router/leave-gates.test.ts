import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatePopState, holdUntilGuarded } from './leave-gates.ts';

/** A stand-in for the Navigation API's `navigation` (happy-dom has none). */
class FakeNavigation extends EventTarget {
  currentEntry = { index: 3 };
  /** Fires a traverse `navigate` event; true when nobody cancelled it. */
  traverse(index: number, cancelable = true): boolean {
    const event = Object.assign(new Event('navigate', { cancelable }), {
      navigationType: 'traverse',
      destination: { index, sameDocument: true },
    });
    return this.dispatchEvent(event);
  }
}

/** A guard's code that arrives when the test says so. */
function loadingGuard() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: async () => (arrive(), await arrived, await Promise.resolve()) };
}

afterEach(() => {
  delete (globalThis as { navigation?: unknown }).navigation;
  vi.restoreAllMocks();
});

describe('leave gates while the guard is loading', () => {
  it('hold a Forward through the Navigation API and take it again once the guard holds', async () => {
    const navigation = new FakeNavigation();
    (globalThis as { navigation?: unknown }).navigation = navigation;
    const go = vi.spyOn(history, 'go').mockImplementation(() => undefined);
    const guard = loadingGuard();

    holdUntilGuarded(guard.arrived);
    expect(navigation.traverse(4)).toBe(false); // cancelled: nothing moves yet
    expect(go).not.toHaveBeenCalled();

    await guard.arrive();
    expect(go).toHaveBeenCalledExactlyOnceWith(1); // the same step, now through the guard
    expect(navigation.traverse(4)).toBe(true); // no longer held once the guard is there
  });

  it('keep an uncancellable step from the portal router, walk it back, and take it again later', async () => {
    history.replaceState({ vigilHistoryIndex: 2 }, '', '/sites/s1');
    const go = vi.spyOn(history, 'go').mockImplementation(() => undefined);
    const router = vi.fn();
    window.addEventListener('popstate', gatePopState);
    window.addEventListener('popstate', router);
    try {
      const guard = loadingGuard();
      holdUntilGuarded(guard.arrived);

      window.dispatchEvent(new PopStateEvent('popstate', { state: { vigilHistoryIndex: 3 } })); // Forward
      expect(router).not.toHaveBeenCalled();
      expect(go).toHaveBeenLastCalledWith(-1);
      window.dispatchEvent(new PopStateEvent('popstate', { state: { vigilHistoryIndex: 2 } })); // our way back
      expect(router).not.toHaveBeenCalled();

      await guard.arrive();
      expect(go).toHaveBeenLastCalledWith(1);
      window.dispatchEvent(new PopStateEvent('popstate', { state: { vigilHistoryIndex: 3 } }));
      expect(router).toHaveBeenCalledOnce(); // after the wait the router follows as usual
    } finally {
      window.removeEventListener('popstate', gatePopState);
      window.removeEventListener('popstate', router);
    }
  });

  it('let steps through untouched when nothing is loading', () => {
    const navigation = new FakeNavigation();
    (globalThis as { navigation?: unknown }).navigation = navigation;
    const go = vi.spyOn(history, 'go').mockImplementation(() => undefined);
    expect(navigation.traverse(2)).toBe(true);
    const router = vi.fn();
    window.addEventListener('popstate', gatePopState);
    window.addEventListener('popstate', router);
    window.dispatchEvent(new PopStateEvent('popstate', { state: { vigilHistoryIndex: 5 } }));
    window.removeEventListener('popstate', gatePopState);
    window.removeEventListener('popstate', router);
    expect(router).toHaveBeenCalledOnce();
    expect(go).not.toHaveBeenCalled();
  });
});
