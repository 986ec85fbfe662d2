// The page's toast region in real Chromium: its view is a chunk of its own, fetched while
// the page is idle; the first toast after that shows in the very commit that raises it,
// not behind a Suspense fallback and React's 300 ms reveal of what follows one.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { dismissToast, showToast } from '../../../src/core/toasts/toasts.ts';
import { LazyToastRegion, ToastRegionHost } from '../../../src/features/common/ToastRegionHost.tsx';
import { BASE_CSS, adoptCss } from '../../../src/ui/styles.ts';
import { expect } from '../helpers/assert.ts';
import { cleanupFixtures, shadowFixture } from '../helpers/dom.ts';
import { afterEach, describe, it } from '../helpers/mocha.ts';

describe('the toast region', () => {
  afterEach(() => cleanupFixtures());

  it('shows the first toast at once when its view was loaded ahead', async () => {
    await LazyToastRegion.preload();
    const fixture = shadowFixture();
    adoptCss(fixture.root, ...BASE_CSS);
    const root = createRoot(fixture.container);
    let id: number | undefined;
    try {
      flushSync(() => root.render(<ToastRegionHost />));
      expect(fixture.root.querySelector('.v-toast')).to.equal(null);
      // The store's change re-renders the region synchronously within flushSync: the toast
      // is there when it returns, unless the region suspended on its code.
      flushSync(() => {
        id = showToast({ type: 'success', text: 'The schedule was saved.' });
      });
      const toast = fixture.root.querySelector<HTMLElement>('.v-toast');
      expect(toast?.textContent).to.include('The schedule was saved.');
    } finally {
      if (id !== undefined) dismissToast(id);
      root.unmount();
    }
  });
});
