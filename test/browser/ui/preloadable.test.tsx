// A part loaded on demand (src/features/common/preloadable.tsx) never suspends: it shows
// its fallback until its code is there, then itself in the next render, with no Suspense
// retry that React would hold back by its 300 ms throttle (from a timer of its own: the
// path of React error #177 seen under load). The first test counts scheduler turns, not
// time: React runs a render in one posted-message task, and two such turns after the code
// arrived a part is shown; through React.lazy it would still wait for the throttle's timer.
import { act, Component, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { preloadable, useLoaded, type Preloadable } from '../../../src/features/common/preloadable.tsx';
import { expect } from '../helpers/assert.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A load that waits until `arrive()` (or fails on `fail()`). */
function heldLoad() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const held = new Promise<{ default: typeof Greeting }>((resolve, reject) => {
    arrive = () => resolve({ default: Greeting });
    fail = reject;
  });
  let loads = 0;
  return { load: () => (loads++, held), arrive: () => arrive(), fail: (error: Error) => fail(error), loads: () => loads };
}

const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** One turn of the page's task queue, the way React's scheduler takes one (a posted message). */
const turn = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

describe('parts loaded on demand', () => {
  let root: Root | undefined;
  let host: HTMLElement;
  beforeEach(() => {
    flag.IS_REACT_ACT_ENVIRONMENT = true;
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root?.unmount());
    host.remove();
    flag.IS_REACT_ACT_ENVIRONMENT = false;
  });

  it('shows its fallback, then itself in the render after its code arrives (no throttled reveal)', async () => {
    const held = heldLoad();
    const Part = preloadable(held.load, ({ name }) => <p>Loading {name}…</p>);
    flag.IS_REACT_ACT_ENVIRONMENT = false; // React's own scheduling, as on a page
    flushSync(() => root!.render(<Part name="Sofie" />));
    expect(host.textContent).to.equal('Loading Sofie…');
    held.arrive();
    await Part.preload();
    await turn();
    await turn();
    expect(host.textContent).to.equal('Hello Sofie');
    expect(held.loads()).to.equal(1);
  });

  it('renders at once when its code is already there', async () => {
    const held = heldLoad();
    const Part = preloadable(held.load, () => <p>Loading…</p>);
    held.arrive();
    await Part.preload();
    act(() => root!.render(<Part name="Sofie" />));
    expect(host.textContent).to.equal('Hello Sofie');
  });

  it('a wrapper with its own placeholder (useLoaded) shows the part as soon as it arrives', async () => {
    const held = heldLoad();
    const Part = preloadable(held.load);
    function Wrapper() {
      const Loaded = useLoaded(Part as Preloadable<{ name: string }>);
      return Loaded ? <Loaded name="Ines" /> : <p>placeholder</p>;
    }
    await act(async () => root!.render(<Wrapper />));
    expect(host.textContent).to.equal('placeholder');
    await act(async () => {
      held.arrive();
      await Part.preload();
    });
    expect(host.textContent).to.equal('Hello Ines');
  });

  it('a failed load reaches the nearest error boundary, and is not tried again', async () => {
    const held = heldLoad();
    const Part = preloadable(held.load);
    await act(async () =>
      root!.render(
        <Boundary>
          <Part name="Sofie" />
        </Boundary>,
      ),
    );
    expect(host.textContent).to.equal('');
    await act(async () => {
      held.fail(new Error('offline'));
      await Part.preload().catch(() => undefined);
    });
    expect(host.textContent).to.equal('failed: offline');
    expect(held.loads()).to.equal(1);
  });
});
