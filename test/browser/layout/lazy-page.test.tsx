// A portal page loaded on demand (src/features/layout/lazy-page.tsx): one whose code was
// asked for ahead renders in the very commit that mounts it, never showing the loading
// view; one that was not shows the loading view, then the page; a failed load fails the
// page at once (the portal's timeout page).
import { Component, Suspense, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { lazyPage } from '../../../src/features/layout/lazy-page.tsx';
import { expect, waitFor } from '../helpers/assert.ts';
import { afterEach, describe, it } from '../helpers/mocha.ts';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazy portal pages', () => {
  let root: Root | undefined;
  let host: HTMLElement | undefined;
  afterEach(() => {
    root?.unmount();
    host?.remove();
  });

  function mount(Page: (props: { name: string }) => unknown, withBoundary = false): HTMLElement {
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    const Shown = Page as (props: { name: string }) => React.ReactNode;
    const page = (
      <Suspense fallback={<p>Loading the page…</p>}>
        <Shown name="Sofie" />
      </Suspense>
    );
    flushSync(() => root!.render(withBoundary ? <Boundary>{page}</Boundary> : page));
    return host;
  }

  it('renders at once when its code was asked for ahead', async () => {
    let loads = 0;
    const Page = lazyPage(async () => (loads++, { default: Greeting }));
    await Page.preload();
    const shown = mount(Page);
    expect(shown.textContent).to.equal('Hello Sofie');
    expect(loads).to.equal(1);
  });

  it('shows the loading view first when its code was not asked for, then the page, loading it once', async () => {
    let loads = 0;
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Page = lazyPage(async () => {
      loads++;
      await arrived;
      return { default: Greeting };
    });
    const shown = mount(Page);
    expect(shown.textContent).to.equal('Loading the page…');
    void Page.preload(); // asked for meanwhile: the same load
    arrive();
    await waitFor(() => expect(shown.textContent).to.equal('Hello Sofie'));
    expect(loads).to.equal(1);
  });

  it('a failed load is not tried again when the page mounts: the page fails at once', async () => {
    let loads = 0;
    const Page = lazyPage(async (): Promise<{ default: typeof Greeting }> => {
      loads++;
      throw new Error('offline');
    });
    const failed = await Page.preload().then(
      () => false,
      () => true,
    );
    expect(failed).to.equal(true);
    const shown = mount(Page, true);
    await waitFor(() => expect(shown.textContent).to.equal('The page could not be loaded'));
    expect(loads).to.equal(1);
  });
});
