import { describe, expect, it } from 'vitest';
import { mayTakeFocus } from './focusOnLoad.ts';

/** A window as far as mayTakeFocus looks at it. */
function fakeWindow({ framed, focused, crossOriginTop = false }: { framed: boolean; focused: boolean; crossOriginTop?: boolean }): Window {
  const win = { document: { hasFocus: () => focused } } as unknown as Window & { self: unknown; top: unknown };
  const parent = {};
  Object.defineProperty(win, 'self', { get: () => win });
  Object.defineProperty(win, 'top', {
    get: () => {
      if (crossOriginTop) throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      return framed ? parent : win;
    },
  });
  return win;
}

describe('mayTakeFocus', () => {
  it('lets a top-level page focus its form, whether or not the window has the focus yet', () => {
    expect(mayTakeFocus(fakeWindow({ framed: false, focused: true }))).toBe(true);
    expect(mayTakeFocus(fakeWindow({ framed: false, focused: false }))).toBe(true);
  });

  it('keeps a framed page from taking the focus from the page around it', () => {
    expect(mayTakeFocus(fakeWindow({ framed: true, focused: false }))).toBe(false);
    expect(mayTakeFocus(fakeWindow({ framed: true, focused: false, crossOriginTop: true }))).toBe(false);
  });

  it('lets a framed page focus its form once the user works in the frame', () => {
    expect(mayTakeFocus(fakeWindow({ framed: true, focused: true }))).toBe(true);
  });

  it('reads the real window by default (a test page is top-level)', () => {
    expect(mayTakeFocus()).toBe(true);
  });
});
