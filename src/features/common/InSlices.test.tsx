import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { InSlices } from './InSlices.tsx';

/** Holds the thread, as a heavy component's render does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // the render's own work
  }
}

/**
 * Renders a tree of 30 parts that take 2 ms each, in slices or not, while a timer runs again
 * and again until the tree is committed; resolves with the order in which the parts
 * rendered, the timer ran and the tree committed.
 */
async function renderOrder(sliced: boolean): Promise<string[]> {
  const order: string[] = [];
  let committed!: () => void;
  const done = new Promise<void>((resolve) => (committed = resolve));
  function Part({ n }: { n: number }) {
    busy(2);
    order.push(`part ${n}`);
    return <span>{n}</span>;
  }
  let finished = false;
  function Tree() {
    useEffect(() => {
      order.push('committed');
      finished = true;
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
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(sliced ? <InSlices>{<Tree />}</InSlices> : <Tree />);
  const tick = () => {
    order.push('timer');
    if (!finished) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  await done;
  root.unmount();
  container.remove();
  return order;
}

const partsIn = (order: string[]) => order.flatMap((entry, i) => (entry.startsWith('part') ? [i] : []));

describe('InSlices', () => {
  it('without it, a tree renders in one task: nothing else runs between its parts', async () => {
    const parts = partsIn(await renderOrder(false));
    expect(parts).toHaveLength(30);
    expect(parts.at(-1)! - parts[0]!, 'the parts render one after another').toBe(29);
  });

  it('with it, the browser gets the thread back between parts of the tree', async () => {
    const order = await renderOrder(true);
    const parts = partsIn(order);
    expect(parts).toHaveLength(30);
    // 60 ms of rendering, and React yields every 5 ms: the timer runs between its parts.
    expect(order.slice(parts[0], parts.at(-1)), 'the timer ran while the tree was rendering').toContain('timer');
  });
});
