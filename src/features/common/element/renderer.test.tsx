import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { type FirstRender, r2wc } from './renderer.ts';

/** Holds the thread, as a heavy component's render does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // the render's own work
  }
}

/**
 * Mounts a tree of 30 parts that take 2 ms each to render, and a timer asked for at the
 * same moment; resolves with the order in which the parts rendered, the timer ran and the
 * tree committed.
 */
async function mountOrder(tag: string, first: FirstRender): Promise<string[]> {
  const order: string[] = [];
  let committed!: () => void;
  const done = new Promise<void>((resolve) => (committed = resolve));
  function Part({ n }: { n: number }) {
    busy(2);
    order.push(`part ${n}`);
    return <span>{n}</span>;
  }
  function Tree() {
    useEffect(() => {
      order.push('committed');
      committed();
    }, []);
    return (
      <div>
        {Array.from({ length: 30 }, (_, n) => (
          <Part key={n} n={n} />
        ))}
      </div>
    );
  }
  customElements.define(tag, r2wc(Tree, { shadow: 'open', props: [] }, first));
  const element = document.createElement(tag);
  document.body.append(element);
  setTimeout(() => order.push('timer'), 0);
  await done;
  element.remove();
  return order;
}

describe('an element’s first render', () => {
  it('at once: the whole tree renders in one task, nothing else runs between its parts', async () => {
    const order = await mountOrder('test-render-at-once', 'at-once');
    const parts = order.flatMap((entry, i) => (entry.startsWith('part') ? [i] : []));
    expect(parts).toHaveLength(30);
    expect(parts.at(-1)! - parts[0]!, 'the parts render one after another').toBe(29);
  });

  it('in slices: the browser gets the thread back between parts of the tree', async () => {
    const order = await mountOrder('test-render-in-slices', 'in-slices');
    const timer = order.indexOf('timer');
    const parts = order.flatMap((entry, i) => (entry.startsWith('part') ? [i] : []));
    expect(parts).toHaveLength(30);
    // 60 ms of rendering, and React yields every 5 ms: the timer runs before the last part.
    expect(timer, 'the timer ran while the tree was rendering').toBeGreaterThan(parts[0]!);
    expect(timer).toBeLessThan(parts.at(-1)!);
  });
});
