import type { Page } from '@playwright/test';

/**
 * Times read in the page itself, so that the test's own round trips to the browser (slow on
 * a busy machine) never count: a watcher added before any of the page's scripts run records,
 * on the browser's clock (`performance.timeOrigin + performance.now()`, ms since the epoch,
 * the same clock in every tab of the browser), when what the test looks for shows or goes,
 * and when the server answered the requests it names.
 */

/** Something to look for: an element found through `within` (each selector looked up inside the last match, shadow roots included), holding `text` if given. */
export interface InPageWatch {
  name: string;
  within: string[];
  text?: string;
}

/** A watch turned true (`shown`) or false, at `at`. */
export interface InPageChange {
  name: string;
  shown: boolean;
  at: number;
}

/** A request's answer, whole (its `responseEnd`), as the page's resource timing saw it. */
export interface InPageAnswer {
  url: string;
  at: number;
}

interface Recorded {
  changes: InPageChange[];
  answers: InPageAnswer[];
}

/**
 * Watches the page from its start: every change of the document and of each shadow root is
 * looked at as it happens (a mutation observer, before the change is painted). `answers`: a
 * pattern of the request URLs whose answer times to record.
 */
export async function watchInPage(page: Page, watches: InPageWatch[], answers: RegExp): Promise<void> {
  await page.addInitScript(
    ({ watches, answers }) => {
      const now = () => performance.timeOrigin + performance.now();
      const recorded: Recorded = { changes: [], answers: [] };
      (window as unknown as { __inPage: Recorded }).__inPage = recorded;
      const answerUrl = new RegExp(answers);
      // An observer, not the timeline: the timeline's buffer fills up on a page polling frames.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[])
          if (answerUrl.test(entry.name)) recorded.answers.push({ url: entry.name, at: performance.timeOrigin + entry.responseEnd });
      }).observe({ type: 'resource' });

      const roots: (Document | ShadowRoot)[] = [document];
      /** Every element matching `selector` in `scope`, its descendants' shadow roots included. */
      const deepAll = (scope: Element | Document | ShadowRoot, selector: string): Element[] => {
        const found: Element[] = [];
        const visit = (root: Element | Document | ShadowRoot) => {
          if (root instanceof Element && root.matches(selector)) found.push(root);
          found.push(...root.querySelectorAll(selector));
          for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
          if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
        };
        visit(scope);
        return found;
      };
      const deepText = (el: Element | ShadowRoot): string => {
        let text = el.textContent ?? '';
        if (el instanceof Element && el.shadowRoot) text += deepText(el.shadowRoot);
        for (const child of el.querySelectorAll('*')) if (child.shadowRoot) text += deepText(child.shadowRoot);
        return text;
      };
      const holds = (watch: InPageWatch): boolean => {
        let scopes: (Element | Document)[] = [document];
        for (const selector of watch.within) scopes = [...new Set(scopes.flatMap((s) => deepAll(s, selector)))];
        return scopes.some((el) => watch.text === undefined || deepText(el as Element).includes(watch.text));
      };
      const state = new Map<string, boolean>();
      const look = () => {
        const at = now();
        for (const watch of watches) {
          const shown = holds(watch);
          if ((state.get(watch.name) ?? false) !== shown) {
            state.set(watch.name, shown);
            recorded.changes.push({ name: watch.name, shown, at });
          }
        }
      };
      const observe = (root: Document | ShadowRoot) =>
        new MutationObserver(look).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
      const attachShadow = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attachShadow.call(this, init);
        roots.push(root);
        observe(root);
        return root;
      };
      observe(document);
    },
    { watches, answers: answers.source },
  );
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __inPage?: Recorded }).__inPage ?? { changes: [], answers: [] });

/** When the last answer from a URL matching `url` arrived; undefined when none did. */
export async function answeredAt(page: Page, url: RegExp): Promise<number | undefined> {
  return (await recorded(page)).answers.filter((a) => url.test(a.url)).at(-1)?.at;
}

/**
 * When watch `name` last turned `shown` (true: appeared, false: went); undefined when it never
 * did. The last turn, so a blink on the way does not count as the change having shown.
 */
export async function changedAt(page: Page, name: string, shown: boolean): Promise<number | undefined> {
  return (await recorded(page)).changes.filter((c) => c.name === name && c.shown === shown).at(-1)?.at;
}

/**
 * Whether the page hears every change from the server's event stream now: its live state
 * (held in the page-wide registry every bundle of the suite shares) says `stream`, which in a
 * tab that does not lead means the leading tab told it so over the channel it listens on.
 */
export function liveStreaming(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('vigil.shared.v1')];
    const state = (registry?.get('live.state') as { get(): { mode: string; paused: boolean } } | undefined)?.get();
    return state?.mode === 'stream' && !state.paused;
  });
}
