import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../api/contract.ts';
import { entryIndex } from './history-index.ts';
import { holdLeaveGuard } from './leave-guard.ts';
import { registerNavigator } from './navigation.ts';
import { createPortalRouter, type PortalState } from './portal-router.ts';

const USER = {
  uuid: 'u1',
  username: 'm',
  name: 'M',
  email: 'm@x.test',
  locale: 'en',
  terms_accepted_web_portal: true,
  token: 't',
} as CurrentUser;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const route = (s: PortalState) => (s.status === 'ready' ? s.view.fullPath : null);

/** A stand-in for the Navigation API's `navigation` (happy-dom has none). */
class FakeNavigation extends EventTarget {
  currentEntry = { index: 3 };
  /** Fires a traverse `navigate` event; true when nobody cancelled it. */
  traverse(url: string, index: number, cancelable = true): boolean {
    const event = Object.assign(new Event('navigate', { cancelable }), {
      navigationType: 'traverse',
      destination: { url: new URL(url, location.href).href, index, sameDocument: true },
    });
    return this.dispatchEvent(event);
  }
}

/** window.confirm (happy-dom has none): answers as told, records the texts. */
function stubConfirm() {
  const confirm = vi.fn((_text?: string) => false);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

let releases: (() => void)[] = [];
const hold = (text: string) => releases.push(holdLeaveGuard(text));

beforeEach(() => {
  history.replaceState(null, '', '/site/s1');
});
afterEach(() => {
  for (const release of releases) release();
  releases = [];
  delete (globalThis as { navigation?: unknown }).navigation;
  vi.unstubAllGlobals();
});

describe('leave guard: reload, close, links', () => {
  it('asks the browser before unloading only while held, and leaves no listener behind', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const release = holdLeaveGuard('Leave?');
    expect(unload()).toBe(true);
    release();
    expect(unload()).toBe(false);
    const added = add.mock.calls.map(([type, fn]) => [type, fn]);
    expect(added.length).toBeGreaterThan(0);
    expect(remove.mock.calls.map(([type, fn]) => [type, fn])).toEqual(added);
  });

  it('asks once on a leaving link however many guards are held, with the first text', () => {
    hold('First text');
    hold('Second text');
    const confirm = stubConfirm().mockReturnValue(false);
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/project/p1' }));
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    link.dispatchEvent(event);
    expect(confirm.mock.calls).toEqual([['First text']]);
    expect(event.defaultPrevented).toBe(true);
    link.remove();
  });
});

describe('leave guard: Back/Forward with the Navigation API', () => {
  let navigation: FakeNavigation;
  beforeEach(() => {
    navigation = new FakeNavigation();
    (globalThis as { navigation?: unknown }).navigation = navigation;
  });

  it('Cancel cancels the step (nothing moves); OK lets it go; one prompt for two guards', () => {
    hold('Leave the schedule?');
    hold('Other editor');
    const confirm = stubConfirm().mockReturnValueOnce(false).mockReturnValueOnce(true);
    expect(navigation.traverse('/project/p1', 2)).toBe(false);
    expect(navigation.traverse('/project/p1', 2)).toBe(true);
    expect(confirm.mock.calls).toEqual([['Leave the schedule?'], ['Leave the schedule?']]);
  });

  it('does not ask for a step within the page (hash), for pushes, or once released', () => {
    const release = holdLeaveGuard('Leave?');
    const confirm = stubConfirm().mockReturnValue(false);
    expect(navigation.traverse('/site/s1#top', 2)).toBe(true);
    const push = Object.assign(new Event('navigate', { cancelable: true }), {
      navigationType: 'push',
      destination: { url: `${location.origin}/x`, index: -1, sameDocument: true },
    });
    expect(navigation.dispatchEvent(push)).toBe(true);
    release();
    expect(navigation.traverse('/project/p1', 2)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('on an integrator page, a step the browser will not cancel goes on untouched', () => {
    hold('Leave?');
    const confirm = stubConfirm();
    const go = vi.spyOn(history, 'go');
    navigation.traverse('/elsewhere', 2, false);
    history.replaceState(null, '', '/elsewhere');
    const pop = new PopStateEvent('popstate', { state: null });
    const host = vi.fn();
    window.addEventListener('popstate', host);
    window.dispatchEvent(pop);
    window.removeEventListener('popstate', host);
    expect(host).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });
});

describe('leave guard: Back/Forward in the portal without the Navigation API', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  /** The portal on /project/p1, then the site page (one entry further), as a user gets there. */
  async function portalOnSite() {
    history.replaceState(null, '', '/project/p1');
    // With a warm-up, as the portal makes it (reading the first page must not start the
    // router's own popstate listener ahead of the gate).
    const router = createPortalRouter({ user: atom<CurrentUser | null>(USER), validate: async () => USER, warm: () => undefined });
    const stopRouter = router.start();
    const unregister = registerNavigator(router.navigator);
    stop = () => {
      stopRouter();
      unregister();
    };
    await settle();
    const projectState: unknown = history.state;
    router.navigator.open('/site/s1');
    await settle();
    return { router, projectState, siteState: history.state as unknown };
  }

  /** What the browser does on Back: the URL and state change first, then popstate. */
  function back(to: string, state: unknown) {
    history.replaceState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }

  it('Cancel: the router never shows the other page and the position is restored', async () => {
    const { router, projectState, siteState } = await portalOnSite();
    expect([entryIndex(projectState), entryIndex(siteState)]).toEqual([0, 1]);
    hold('Leave the schedule?');
    const shown: (string | null)[] = [];
    const unlisten = router.$state.listen((s) => shown.push(route(s)));
    const confirm = stubConfirm().mockReturnValue(false);
    const go = vi.spyOn(history, 'go').mockImplementation((delta) => {
      expect(delta).toBe(1);
      queueMicrotask(() => back('/site/s1', siteState));
    });

    back('/project/p1', projectState);
    expect(confirm.mock.calls).toEqual([['Leave the schedule?']]);
    expect(go).toHaveBeenCalledTimes(1);
    await settle();
    expect(location.pathname).toBe('/site/s1');
    expect(route(router.$state.get())).toBe('/site/s1');
    expect(shown).toEqual([]); // not even for a moment
    expect(confirm).toHaveBeenCalledTimes(1); // the way back asks nothing
    unlisten();
  });

  it('OK: the router shows the page the user went to', async () => {
    const { router, projectState } = await portalOnSite();
    hold('Leave the schedule?');
    stubConfirm().mockReturnValue(true);
    const go = vi.spyOn(history, 'go');
    back('/project/p1', projectState);
    await settle();
    expect(route(router.$state.get())).toBe('/project/p1');
    expect(go).not.toHaveBeenCalled();
  });

  it('with the Navigation API, a step it will not let be cancelled is asked at popstate and walked back', async () => {
    const { router, siteState } = await portalOnSite();
    const navigation = new FakeNavigation();
    navigation.currentEntry = { index: 1 };
    (globalThis as { navigation?: unknown }).navigation = navigation;
    hold('Leave the schedule?');
    const confirm = stubConfirm();
    const go = vi.spyOn(history, 'go').mockImplementation(() => queueMicrotask(() => back('/site/s1', siteState)));
    expect(navigation.traverse('/project/p1', 0, false)).toBe(true);
    expect(confirm).not.toHaveBeenCalled(); // not yet: the popstate asks
    back('/project/p1', null); // the delta comes from the Navigation API, not from a stamp
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(go.mock.calls).toEqual([[1]]);
    await settle();
    expect(route(router.$state.get())).toBe('/site/s1');
  });

  it('a step to an entry of unknown position is let through (nothing to restore)', async () => {
    const { router } = await portalOnSite();
    hold('Leave the schedule?');
    const confirm = stubConfirm();
    back('/inbox', null);
    await settle();
    expect(confirm).not.toHaveBeenCalled();
    expect(route(router.$state.get())).toBe('/inbox');
  });
});

describe('leave guard: with the guard’s own question (the portal’s dialog)', () => {
  /** A question answered by the test: resolves the pending ask with `leave`. */
  function question() {
    const asked: ((leave: boolean) => void)[] = [];
    const ask = vi.fn(() => new Promise<boolean>((resolve) => asked.push(resolve)));
    return { ask, answer: (leave: boolean) => asked.shift()!(leave) };
  }
  const click = (link: HTMLAnchorElement) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    link.dispatchEvent(event);
    return event;
  };

  it('holds a leaving link, asks once (never confirm()), and on "leave" clicks it again, let through', async () => {
    const { ask, answer } = question();
    releases.push(holdLeaveGuard('Leave?', ask));
    const confirm = stubConfirm();
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/project/p1' }));
    const seen: boolean[] = [];
    const after = (e: Event) => seen.push(e.defaultPrevented);
    window.addEventListener('click', after);
    try {
      expect(click(link).defaultPrevented).toBe(true);
      expect(click(link).defaultPrevented).toBe(true); // held while the question is open, not asked twice
      expect(ask).toHaveBeenCalledTimes(1);
      expect(seen).toEqual([]); // the router (a later listener) never saw the held clicks
      answer(false);
      await settle();
      expect(seen).toEqual([]); // Stay: nothing

      expect(click(link).defaultPrevented).toBe(true);
      expect(ask).toHaveBeenCalledTimes(2);
      answer(true);
      await settle();
      expect(seen).toEqual([false]); // the same link, clicked again, reached the router untouched
      expect(confirm).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('click', after);
      link.remove();
    }
  });

  it('with the Navigation API: holds a Back, and on "leave" takes the same step again', async () => {
    const navigation = new FakeNavigation();
    (globalThis as { navigation?: unknown }).navigation = navigation;
    const go = vi.spyOn(history, 'go').mockImplementation(() => undefined);
    const { ask, answer } = question();
    releases.push(holdLeaveGuard('Leave?', ask));
    expect(navigation.traverse('/project/p1', 2)).toBe(false); // held (index 3 → 2)
    answer(false);
    await settle();
    expect(go).not.toHaveBeenCalled();
    expect(navigation.traverse('/project/p1', 2)).toBe(false);
    answer(true);
    await settle();
    expect(go.mock.calls).toEqual([[-1]]);
    // The step taken again is not held nor asked.
    expect(navigation.traverse('/project/p1', 2)).toBe(true);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('without the Navigation API, in the portal: walks back at once, asks, and on "leave" goes again', async () => {
    history.replaceState(null, '', '/project/p1');
    // With a warm-up, as the portal makes it (reading the first page must not start the
    // router's own popstate listener ahead of the gate).
    const router = createPortalRouter({ user: atom<CurrentUser | null>(USER), validate: async () => USER, warm: () => undefined });
    const stopRouter = router.start();
    const unregister = registerNavigator(router.navigator);
    try {
      await settle();
      const projectState: unknown = history.state;
      router.navigator.open('/site/s1');
      await settle();
      const siteState: unknown = history.state;
      const { ask, answer } = question();
      releases.push(holdLeaveGuard('Leave?', ask));
      const go = vi.spyOn(history, 'go').mockImplementation(() => undefined);
      history.replaceState(projectState, '', '/project/p1');
      window.dispatchEvent(new PopStateEvent('popstate', { state: projectState }));
      await settle();
      expect(route(router.$state.get())).toBe('/site/s1'); // the router never moved
      expect(go.mock.calls).toEqual([[1]]); // walked back to the site
      // The browser's answer to that walk back: swallowed.
      history.replaceState(siteState, '', '/site/s1');
      window.dispatchEvent(new PopStateEvent('popstate', { state: siteState }));
      answer(true);
      await settle();
      expect(go.mock.calls).toEqual([[1], [-1]]); // the same step again
      history.replaceState(projectState, '', '/project/p1');
      window.dispatchEvent(new PopStateEvent('popstate', { state: projectState }));
      await settle();
      expect(route(router.$state.get())).toBe('/project/p1'); // and this time the router follows
      expect(ask).toHaveBeenCalledTimes(1);
    } finally {
      stopRouter();
      unregister();
    }
  });
});
