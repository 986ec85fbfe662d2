import { describe, expect, it, vi } from 'vitest';
import { renderer as plain } from './renderer.ts';
import { renderer } from './renderer.lib.ts';

const A = () => null;
const B = () => null;
const C = () => null;

describe('the library build’s renderer', () => {
  it('renders the first element of a run of script at once and the others mounted in the same run in slices', async () => {
    const mounted: unknown[] = [];
    const mount = vi.spyOn(plain, 'mount').mockImplementation((_container, Component) => {
      mounted.push(Component);
      return { root: { render: () => undefined, unmount: () => undefined } as never, Component };
    });
    // A framework's commit: three elements put in the page in one run.
    const a = renderer.mount(document.createElement('div'), A, {});
    const b = renderer.mount(document.createElement('div'), B, {});
    renderer.mount(document.createElement('div'), C, {});
    expect(mounted[0]).toBe(A);
    expect(mounted[1]).not.toBe(B);
    expect(mounted[2]).not.toBe(C);
    expect(a.Component).toBe(A);
    // An update renders the same tree: the element's sliced component stays its component.
    expect(b.Component).toBe(mounted[1]);
    // The next run's first element renders at once again; the same component sliced is the same wrapper.
    await Promise.resolve();
    renderer.mount(document.createElement('div'), B, {});
    renderer.mount(document.createElement('div'), B, {});
    expect(mounted[3]).toBe(B);
    expect(mounted[4]).toBe(mounted[1]);
    expect(mount).toHaveBeenCalledTimes(5);
  });
});
