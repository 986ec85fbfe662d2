// The element factory in real Chromium: guarded registration, one session per page even
// across two copies of the suite, shared language, styles confined to shadow roots,
// attribute messages, and the single toast region.
import { createElement } from 'react';
import '../../../elements/vigil-language-picker.ts';
import '../../../elements/vigil-unread-badge.ts';
import { defineElement } from '../../../src/features/common/element/defineElement.tsx';
import { UnreadBadge } from '../../../src/features/inbox/UnreadBadge.tsx';
import { $apiBase } from '../../../src/core/config/config.ts';
import { $language } from '../../../src/core/i18n/languages.ts';
import { $currentUser, $unreadCount } from '../../../src/core/session/store.ts';
import { $toasts, showError } from '../../../src/core/toasts/toasts.ts';
import { expect, nextFrames, waitFor } from '../helpers/assert.ts';
import { expectNoA11yViolations } from '../helpers/axe.ts';
import { afterEach, beforeEach, describe, it } from '../helpers/mocha.ts';

const realFetch = window.fetch;
const added: Element[] = [];

function add(html: string): HTMLElement {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  const el = wrap.firstElementChild as HTMLElement;
  document.body.append(el);
  added.push(el);
  return el;
}

const shadow = (el: Element) => el.shadowRoot!;
/** Waits until `fn` returns something (null and undefined retry). */
const until = <T>(fn: () => T | null | undefined) => waitFor(() => fn() ?? false) as Promise<T>;

describe('element factory', () => {
  beforeEach(() => {
    localStorage.clear();
    $currentUser.set(null);
    $unreadCount.set(0);
    $toasts.set([]);
    // Catalogues: German from a stub, everything else "not found" (falls back to en).
    window.fetch = async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/i18n/messages/de.json')) {
        return new Response(
          JSON.stringify({
            inbox: { badge: { label: '{{count}} ungelesen' } },
            core: { languages: { label: 'Sprache' }, errors: { generic: 'Fehler' }, common: { loading: 'Lädt…' } },
          }),
          {
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }
      return new Response('{"errors":[{"message":"nope"}]}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    };
  });
  afterEach(() => {
    for (const el of added.splice(0)) el.remove();
    window.fetch = realFetch;
    $language.set('en');
  });

  it('never defines a tag twice: a second definition returns the first class', () => {
    const first = customElements.get('vigil-unread-badge');
    expect(first).not.to.be.undefined;
    const second = defineElement({ tag: 'vigil-unread-badge', component: UnreadBadge, session: 'optional' });
    expect(second).to.equal(first);
  });

  it('a second copy of the suite shares the same session stores', async () => {
    // A different module URL is a separate module instance: like a second bundle on the page.
    const copy = (await import(
      /* @vite-ignore */ `/src/core/session/store.ts?second-copy=${Date.now()}`
    )) as typeof import('../../../src/core/session/store.ts');
    expect(copy.$currentUser).to.equal($currentUser);
    expect(copy.$unreadCount).to.equal($unreadCount);
  });

  it('two elements on one page share the unread count and the language', async () => {
    const picker = add('<vigil-language-picker></vigil-language-picker>');
    const badge = add('<vigil-unread-badge></vigil-unread-badge>');
    $unreadCount.set(4);
    await waitFor(() => shadow(badge).querySelector('[part="badge"]')?.textContent === '4');
    const select = await until(() => shadow(picker).querySelector('select'));
    select.value = 'de';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => badge.getAttribute('lang') === 'de' && picker.getAttribute('lang') === 'de');
    await waitFor(() => shadow(badge).querySelector('[part="badge"]')?.getAttribute('aria-label') === '4 ungelesen');
  });

  it('hides the badge at 0', async () => {
    const badge = add('<vigil-unread-badge></vigil-unread-badge>');
    $unreadCount.set(2);
    await until(() => shadow(badge).querySelector('[part="badge"]'));
    $unreadCount.set(0);
    await waitFor(() => shadow(badge).querySelector('[part="badge"]') === null);
  });

  it('keeps its styles inside the shadow root', async () => {
    const picker = add('<vigil-language-picker></vigil-language-picker>');
    const outside = add('<button class="v-btn">outside</button>');
    await until(() => shadow(picker).querySelector('select'));
    expect(shadow(picker).adoptedStyleSheets.length).to.be.above(1);
    expect(document.adoptedStyleSheets).to.have.lengthOf(0);
    expect(document.querySelectorAll('style')).to.have.lengthOf(0);
    expect(getComputedStyle(outside).minHeight).not.to.equal('44px');
    // the page's styles don't reach in either
    const select = shadow(picker).querySelector('select')!;
    expect(getComputedStyle(select).minHeight).to.equal('44px');
  });

  it('keeps attributes and properties in step; a removed or empty attribute is not given', async () => {
    const Echo = ({ itemUuid }: { itemUuid?: string }) => createElement('output', null, `item:${itemUuid}`);
    defineElement({ tag: 'vigil-test-echo', component: Echo, session: 'none', attributes: { itemUuid: { required: true } } });
    const el = add('<vigil-test-echo item-uuid="a1"></vigil-test-echo>') as HTMLElement & { itemUuid?: string };
    const text = () => shadow(el).textContent ?? '';
    await waitFor(() => text() === 'item:a1');
    expect(el.itemUuid).to.equal('a1');

    el.itemUuid = 'b2';
    expect(el.getAttribute('item-uuid')).to.equal('b2');
    await waitFor(() => text() === 'item:b2');

    el.setAttribute('item-uuid', '');
    await waitFor(() => text().includes('item-uuid'));
    expect(el.getAttribute('item-uuid')).to.equal('');
    expect(el.itemUuid).to.be.undefined;

    el.setAttribute('item-uuid', 'c3');
    await waitFor(() => text() === 'item:c3');
    el.removeAttribute('item-uuid');
    await waitFor(() => text().includes('item-uuid'));
    expect(el.itemUuid).to.be.undefined;

    el.itemUuid = 'd4';
    await waitFor(() => text() === 'item:d4');
    el.itemUuid = undefined;
    expect(el.hasAttribute('item-uuid')).to.equal(false);
    await waitFor(() => text().includes('item-uuid'));
  });

  it('keeps a property set before the element was defined (frameworks set properties early)', async () => {
    // Angular's [prop] and Lit's .prop set properties as soon as they create the element,
    // often before its script has defined the tag: the value must not be lost.
    const early = document.createElement('vigil-test-early') as HTMLElement & { itemUuid?: string };
    early.itemUuid = 'e5';
    document.body.append(early);
    added.push(early);
    const Echo = ({ itemUuid }: { itemUuid?: string }) => createElement('output', null, `item:${itemUuid}`);
    defineElement({ tag: 'vigil-test-early', component: Echo, session: 'none', attributes: { itemUuid: { required: true } } });
    await waitFor(() => shadow(early).textContent === 'item:e5');
    expect(early.getAttribute('item-uuid')).to.equal('e5');
    early.itemUuid = 'f6';
    await waitFor(() => shadow(early).textContent === 'item:f6');
  });

  it('shows a translated message instead of crashing on a bad api-base', async () => {
    const badge = add('<vigil-unread-badge api-base="javascript:alert(1)"></vigil-unread-badge>');
    const message = await until(() => shadow(badge).querySelector('[role="alert"]'));
    expect(message!.textContent).to.include('api-base');
    expect(message!.textContent).to.include('javascript:alert(1)');
  });

  it('an element naming another API than the page settled on says so, and nothing goes there', async () => {
    const calls: string[] = [];
    const stub = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return stub(input, init);
    };
    add('<vigil-unread-badge></vigil-unread-badge>');
    await waitFor(() => $apiBase.get() !== null);
    expect($apiBase.get()).to.equal(location.origin);
    const foreign = add('<vigil-unread-badge api-base="https://elsewhere.test"></vigil-unread-badge>');
    const message = await until(() => shadow(foreign).querySelector('[role="alert"]'));
    expect(message!.textContent).to.equal(
      `This element names another Vigil server (“https://elsewhere.test”) than this page (“${location.origin}”): it stays empty and your sign-in is not sent there.`,
    );
    await nextFrames(2);
    expect($apiBase.get()).to.equal(location.origin);
    expect(calls.filter((u) => u.startsWith('https://elsewhere.test'))).to.deep.equal([]);
    await expectNoA11yViolations(foreign);
  });

  it('appends one toast region per page and shows toasts in it', async () => {
    add('<vigil-unread-badge></vigil-unread-badge>');
    add('<vigil-language-picker></vigil-language-picker>');
    await waitFor(() => document.querySelectorAll('vigil-toast-region').length === 1);
    showError('core.errors.loadProject');
    const region = document.querySelector('vigil-toast-region')!;
    const toast = await until(() => shadow(region).querySelector('[role="alert"]'));
    expect(toast!.textContent).to.include('Unable to load project');
    expect(document.querySelectorAll('vigil-toast-region')).to.have.lengthOf(1);
  });

  it('an element reserves its loading box only until its first render (:state(rendered))', async () => {
    defineElement({
      tag: 'vigil-test-reserve',
      component: () => createElement('p', null, 'small'),
      session: 'none',
      internal: true,
      css: [':host { display: block } :host(:not(:state(rendered))) { min-block-size: 500px }'],
    });
    const el = document.createElement('vigil-test-reserve');
    document.body.append(el);
    added.push(el);
    // Defined and connected, nothing rendered yet: the reserve holds the place.
    expect(el.getBoundingClientRect().height).to.equal(500);
    await until(() => shadow(el).querySelector('p'));
    expect(el.matches(':state(rendered)')).to.equal(true);
    expect(el.getBoundingClientRect().height).to.be.below(100);
  });

  it('the language picker is accessible', async () => {
    const picker = add('<vigil-language-picker></vigil-language-picker>');
    await until(() => shadow(picker).querySelector('select'));
    expect(shadow(picker).querySelectorAll('option')).to.have.lengthOf(8);
    await expectNoA11yViolations(picker);
  });
});
