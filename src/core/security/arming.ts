/**
 * Clickjacking guards (README "Security"): a page that frames ours transparently, or
 * covers it, must not be able to turn a visitor's clicks into a safety action.
 *
 * - {@link createArming}: a confirmation accepts a click only once it has been on screen
 *   and visible for a moment: `delayMs` after it opened everywhere, and where the browser
 *   reports real visibility (IntersectionObserver v2, `trackVisibility`: not transparent,
 *   not covered, not transformed) `delayMs` after it was last seen visible.
 * - {@link createVisibilityGate}: a button that opens such a confirmation ignores clicks
 *   while the browser reports it on screen but not visible (transparent or covered).
 */

/** How long a confirmation must have been on screen (and visible) before it accepts a click. */
export const ARMING_DELAY_MS = 500;

/** The smallest delay IntersectionObserver v2 allows with `trackVisibility`. */
const VISIBILITY_DELAY_MS = 100;

/** Whether this browser reports real visibility (IntersectionObserver v2: Chromium). */
export function hasVisibilityTracking(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
}

/**
 * Our own confirmations cover the page with a backdrop while open, so the buttons under
 * it are reported hidden; those reports say nothing about a trick and are dropped, and
 * when a confirmation closes the gates forget what they heard until the next report.
 */
const own = { open: 0, gates: new Set<() => void>() };

type Observed = (entry: IntersectionObserverEntry & { isVisible?: boolean }) => void;

function observeVisibility(target: Element, onEntry: Observed): () => void {
  const observer = new IntersectionObserver((entries) => entries.forEach((e) => onEntry(e)), {
    threshold: [0, 1],
    // Not in the DOM lib's types yet.
    ...({ trackVisibility: true, delay: VISIBILITY_DELAY_MS } as object),
  });
  observer.observe(target);
  return () => observer.disconnect();
}

export interface Arming {
  /** True once the target may act (checked again at the moment of the click). */
  isArmed(): boolean;
  stop(): void;
}

/**
 * Starts arming `target` (a confirmation's button) now; `onChange` hears every change of
 * {@link Arming.isArmed} (to render it).
 */
export function createArming(target: Element, onChange: (armed: boolean) => void, delayMs = ARMING_DELAY_MS): Arming {
  const now = () => performance.now();
  const tracked = hasVisibilityTracking();
  // Without visibility reports the delay runs from now; with them, from the last report
  // that the target is visible (none yet: not armed).
  let visibleSince: number | null = tracked ? null : now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = false;
  const isArmed = () => visibleSince !== null && now() - visibleSince >= delayMs;
  const update = () => {
    clearTimeout(timer);
    const armed = isArmed();
    if (armed !== last) onChange((last = armed));
    if (!armed && visibleSince !== null) timer = setTimeout(update, Math.max(0, delayMs - (now() - visibleSince)) + 1);
  };
  const stopObserving = tracked
    ? observeVisibility(target, (entry) => {
        if (entry.isVisible) visibleSince ??= now();
        else visibleSince = null;
        update();
      })
    : () => undefined;
  update();
  own.open++;
  let stopped = false;
  return {
    isArmed,
    stop() {
      clearTimeout(timer);
      stopObserving();
      if (stopped) return;
      stopped = true;
      own.open--;
      for (const forget of own.gates) forget();
    },
  };
}

export interface VisibilityGate {
  /** True while the browser reports the target on screen but not visible to the user. */
  blocks(): boolean;
  stop(): void;
}

/** Watches `target` (a button that opens a confirmation) for being hidden while on screen. */
export function createVisibilityGate(target: Element): VisibilityGate {
  if (!hasVisibilityTracking()) return { blocks: () => false, stop: () => undefined };
  let hidden = false;
  const forget = () => {
    hidden = false;
  };
  own.gates.add(forget);
  const stopObserving = observeVisibility(target, (entry) => {
    if (own.open > 0) return; // under our own confirmation's backdrop
    // Off screen says nothing about a trick (the page is just scrolled); on screen but not
    // visible means transparent, covered or distorted.
    hidden = entry.isIntersecting && entry.isVisible === false;
  });
  return {
    blocks: () => hidden,
    stop() {
      own.gates.delete(forget);
      stopObserving();
    },
  };
}
