import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARMING_DELAY_MS, createArming, createVisibilityGate, hasVisibilityTracking } from './arming.ts';

type Report = { isIntersecting: boolean; isVisible: boolean };

/** A stand-in IntersectionObserver v2: the test reports what the browser would see. */
function stubVisibilityTracking() {
  const observers: { cb: (entries: Report[]) => void; options: Record<string, unknown> }[] = [];
  class Entry {}
  Object.defineProperty(Entry.prototype, 'isVisible', { value: false });
  class Observer {
    constructor(cb: (entries: Report[]) => void, options: Record<string, unknown>) {
      observers.push({ cb, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserverEntry', Entry);
  vi.stubGlobal('IntersectionObserver', Observer);
  return { observers, report: (r: Report) => observers.forEach((o) => o.cb([r])) };
}

describe('arming a confirmation', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('without visibility reports: arms after the delay only', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserverEntry', class {});
    expect(hasVisibilityTracking()).toBe(false);
    const changes: boolean[] = [];
    const arming = createArming(document.createElement('button'), (a) => changes.push(a));
    expect(arming.isArmed()).toBe(false);
    vi.advanceTimersByTime(ARMING_DELAY_MS - 50);
    expect(arming.isArmed()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(arming.isArmed()).toBe(true);
    expect(changes).toEqual([true]);
    arming.stop();
  });

  it('with visibility reports: asks for trackVisibility, arms the delay after it is seen visible, disarms when hidden', () => {
    vi.useFakeTimers();
    const io = stubVisibilityTracking();
    const changes: boolean[] = [];
    const arming = createArming(document.createElement('button'), (a) => changes.push(a));
    expect(io.observers[0]!.options).toMatchObject({ trackVisibility: true, delay: 100 });
    vi.advanceTimersByTime(2000);
    expect(arming.isArmed()).toBe(false); // never reported visible: a transparent frame
    io.report({ isIntersecting: true, isVisible: true });
    vi.advanceTimersByTime(ARMING_DELAY_MS - 50);
    expect(arming.isArmed()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(arming.isArmed()).toBe(true);
    io.report({ isIntersecting: true, isVisible: false });
    expect(arming.isArmed()).toBe(false);
    expect(changes).toEqual([true, false]);
    arming.stop();
  });

  it('the opening button: blocks only while on screen but not visible', () => {
    const io = stubVisibilityTracking();
    const gate = createVisibilityGate(document.createElement('button'));
    expect(gate.blocks()).toBe(false);
    io.report({ isIntersecting: true, isVisible: false });
    expect(gate.blocks()).toBe(true);
    io.report({ isIntersecting: false, isVisible: false }); // scrolled away: no trick
    expect(gate.blocks()).toBe(false);
    io.report({ isIntersecting: true, isVisible: true });
    expect(gate.blocks()).toBe(false);
    gate.stop();
  });

  it('the opening button: our own confirmation covering it is no trick, and closing it forgets stale reports', () => {
    const io = stubVisibilityTracking();
    const gate = createVisibilityGate(document.createElement('button'));
    const dialog = createArming(document.createElement('button'), () => undefined);
    io.report({ isIntersecting: true, isVisible: false }); // under the dialog's backdrop
    expect(gate.blocks()).toBe(false);
    dialog.stop();
    io.report({ isIntersecting: true, isVisible: false }); // now it really is covered
    expect(gate.blocks()).toBe(true);
    const again = createArming(document.createElement('button'), () => undefined);
    again.stop();
    expect(gate.blocks()).toBe(false); // forgotten until the next report
    gate.stop();
  });
});
