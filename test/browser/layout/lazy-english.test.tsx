// A lazily loaded page of <vigil-portal> never shows a raw message key, not even for a
// frame: its English comes in its own chunk (the not-found page's:
// layout/messages/bundled-not-found.ts) and is registered when that chunk runs, before the
// page renders. A file of its own, so that no earlier test has loaded that page already.
import '../../../elements/vigil-portal.ts';
import { NAMESPACES } from '../../../src/core/i18n/namespaces.ts';
import { $currentUser } from '../../../src/core/session/store.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { afterEach, describe, it } from '../helpers/mocha.ts';
import { json, USER } from '../helpers/api.ts';

const BASE = '/wtr-lazy-english';
const realFetch = window.fetch;
const startUrl = location.href;

/** Any `<namespace>.<key>` of the catalogues, as a raw key would show. */
const RAW = new RegExp(`(?:${Object.keys(NAMESPACES).join('|')})\\.[A-Za-z_]+`);

describe('<vigil-portal> lazy pages and their English', function () {
  this.timeout(15_000);

  afterEach(() => {
    document.querySelector('vigil-portal')?.remove();
    window.fetch = realFetch;
    $currentUser.set(null);
    history.replaceState(null, '', startUrl);
  });

  it('never shows a raw message key while the not-found page loads, with no English from the server', async () => {
    // The server has no catalogue (404): only the bundled English can fill the page.
    window.fetch = async (input: RequestInfo | URL) => {
      const path = new URL(String(input instanceof Request ? input.url : input), location.href).pathname;
      if (path === '/api/v2/user') return json({ data: USER });
      if (path === '/api/v2/notifications') return json({ data: [], meta: { total: 0 } });
      if (path === '/api/v2/pages') return json({ data: [] });
      return json({ errors: [{ message: 'Not found.' }] }, 404);
    };
    $currentUser.set({ ...USER, token: 'tok' });
    history.replaceState(null, '', `${BASE}/404?resource=Incident`);
    const host = document.createElement('vigil-portal');
    host.setAttribute('base-path', BASE);
    document.body.append(host);
    const root = host.shadowRoot!;
    // Every state of the DOM that could be painted: an observer's callback runs before the next paint.
    const raw: string[] = [];
    const check = () => {
      const texts = [root.textContent ?? ''];
      for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(el.getAttribute(name) ?? '');
      }
      for (const text of texts) {
        const found = text.match(RAW);
        if (found) raw.push(found[0]);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    try {
      await waitFor(() => expect(root.querySelector('.state-page h1')?.textContent).to.equal('We could not find this incident'), {
        timeout: 8000,
      });
      check();
      expect(root.querySelector('.state-page .v-muted')!.textContent).to.equal(
        'It may have been removed, or your account may not have access to it.',
      );
    } finally {
      observer.disconnect();
    }
    expect(raw).to.deep.equal([]);
  });
});
