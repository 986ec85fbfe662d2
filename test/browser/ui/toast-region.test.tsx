// The page's toast region in real Chromium: its view is a chunk of its own, fetched while
// the page is idle; the first toast after that shows in the very commit that raises it,
// not behind a Suspense fallback and React's 300 ms reveal of what follows one.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { $toasts, dismissToast, showToast } from '../../../src/core/toasts/toasts.ts';
import { LazyToastRegion, ToastRegionHost } from '../../../src/features/common/ToastRegionHost.tsx';
import { BASE_CSS, adoptCss } from '../../../src/ui/styles.ts';
import { expect } from '../helpers/assert.ts';
import { cleanupFixtures, shadowFixture } from '../helpers/dom.ts';
import { afterEach, describe, it } from '../helpers/mocha.ts';

/** One task later: what React commits for a store's change (in a microtask) is in by then. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the toast region', () => {
  let root: Root | undefined;
  afterEach(() => {
    for (const toast of $toasts.get()) dismissToast(toast.id);
    root?.unmount();
    root = undefined;
    cleanupFixtures();
  });

  it('shows the first toast at once when its view was loaded ahead', async () => {
    await LazyToastRegion.preload();
    const fixture = shadowFixture();
    adoptCss(fixture.root, ...BASE_CSS);
    root = createRoot(fixture.container);
    flushSync(() => root!.render(<ToastRegionHost />));
    expect(fixture.root.querySelector('.v-toast')).to.equal(null);

    showToast({ type: 'success', text: 'The schedule was saved.' });
    await nextTask();
    const toast = fixture.root.querySelector<HTMLElement>('.v-toast');
    expect(toast?.textContent).to.include('The schedule was saved.');
  });
});
