// The notification sanitizer in real Chromium (happy-dom runs DOMPurify differently
// from browsers): only b, i, span and a survive, links only http(s)/mailto
// and hardened, and none of the hostile bodies of xss-vectors.ts runs once in the DOM.
import { ALLOWED_LINK, sanitizeNotificationHtml } from '../../../src/core/sanitize/sanitize.ts';
import { expect, waitFor } from '../helpers/assert.ts';
import { cleanupFixtures, htmlFixture, nextFrame, shadowFixture } from '../helpers/dom.ts';
import { afterEach, beforeEach, describe, it, type MochaContext } from '../helpers/mocha.ts';
import { VECTORS, callX } from './xss-vectors.ts';

const clean = (html: string) => String(sanitizeNotificationHtml(html));

type XssWindow = Window & { __vigilXss: number[]; __vigilCanary: number[] };
const xssLog = () => (window as unknown as XssWindow).__vigilXss;
const canaryLog = () => (window as unknown as XssWindow).__vigilCanary;

/** Unsanitized payloads recording into their own list (late events never mix with the real one). */
const asCanary = (html: string) => html.replaceAll('__vigilXss.push(', '__vigilCanary.push(');

/**
 * Inserts unsanitized payloads of the slowest kinds (media errors, toggle events) and waits
 * until all of them ran: then events of the same kinds from sanitized content would have
 * run too.
 */
async function waitForCanaries(parent: Element): Promise<void> {
  const canaries = [
    `<img src=x onerror="${callX(1)}">`,
    `<audio src=x onerror="${callX(2)}"></audio>`,
    `<video><source onerror="${callX(3)}"></video>`,
    `<details open ontoggle="${callX(4)}"><summary>s</summary></details>`,
  ];
  const box = document.createElement('div');
  box.innerHTML = asCanary(canaries.join(''));
  parent.append(box);
  // (Late events of the unsanitized controls may add other numbers here; only these count.)
  await waitFor(() => [1, 2, 3, 4].every((n) => canaryLog().includes(n)), { timeout: 8_000, message: 'the canaries ran' });
  box.remove();
}

/** Lets events that run in the next frames (animations, autofocus, …) run; the canaries then cover the slow kinds. */
async function settle(): Promise<void> {
  await nextFrame();
  await nextFrame();
}

/** Pokes every element the way a user would: hover, focus, click (links are not clicked). */
function interact(root: ParentNode): void {
  for (const el of root.querySelectorAll('*')) {
    for (const type of ['mouseover', 'mouseenter', 'pointerover', 'focus', 'focusin']) el.dispatchEvent(new Event(type, { bubbles: true }));
    if (el instanceof HTMLElement && el.localName !== 'a') el.click();
  }
}

/** Every problem with a sanitized tree: a tag or attribute that must not be there. */
function problems(root: ParentNode): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.localName;
    if (!['b', 'i', 'span', 'a'].includes(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      found.push(`tag <${el.nodeName}> (${el.namespaceURI})`);
      continue;
    }
    const names = el.getAttributeNames();
    if (tag !== 'a') {
      if (names.length) found.push(`<${tag}> has ${names.join(', ')}`);
      continue;
    }
    const allowed = el.hasAttribute('href') ? ['href', 'target', 'rel'] : [];
    const extra = names.filter((n) => !allowed.includes(n));
    if (extra.length) found.push(`<a> has ${extra.join(', ')}`);
    const href = el.getAttribute('href');
    if (href !== null) {
      if (!ALLOWED_LINK.test(href)) found.push(`<a href="${href}">`);
      const url = new URL(href);
      if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) found.push(`<a> resolves to ${url.protocol}`);
      if (el.getAttribute('target') !== '_blank') found.push(`<a href="${href}"> without target=_blank`);
      if (el.getAttribute('rel') !== 'noopener noreferrer') found.push(`<a href="${href}"> with rel=${el.getAttribute('rel')}`);
    }
  }
  return found;
}

describe('sanitizeNotificationHtml: what survives', () => {
  it('keeps b, i, span and their text as they are', () => {
    const html = 'Your <b>monthly</b> report for <i>Antwerp</i> is <span>ready</span>.';
    expect(clean(html)).to.equal(html);
  });

  it('hardens http, https and mailto links: new tab, no opener, no referrer', () => {
    expect(clean('<a href="https://vigil.example/reports/1">report</a>')).to.equal(
      '<a href="https://vigil.example/reports/1" target="_blank" rel="noopener noreferrer">report</a>',
    );
    expect(clean('<a href="http://vigil.example/">site</a>')).to.equal(
      '<a href="http://vigil.example/" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(clean('<a href="mailto:support@vigil.example">mail</a>')).to.equal(
      '<a href="mailto:support@vigil.example" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    expect(clean('<a href="HTTPS://VIGIL.EXAMPLE/">loud</a>')).to.equal(
      '<a href="HTTPS://VIGIL.EXAMPLE/" target="_blank" rel="noopener noreferrer">loud</a>',
    );
  });

  it('overrides a target and rel the server sent', () => {
    expect(clean('<a href="https://vigil.example/" target="_top" rel="opener">x</a>')).to.equal(
      '<a href="https://vigil.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps the text of links whose URL is not allowed, without the URL', () => {
    for (const href of [
      'javascript:alert(1)',
      '/relative',
      '//evil.example/',
      'ftp://files.example/',
      'tel:+3212345678',
      'data:text/html,hi',
      '#top',
    ]) {
      expect(clean(`<a href="${href}">x</a>`)).to.equal('<a>x</a>');
    }
  });

  it('drops every attribute but href: class, style, id, data-*, aria-*, title, role', () => {
    expect(
      clean('<span class="x" style="color:red" id="y" data-a="1" aria-label="z" title="t" role="button" dir="rtl" lang="fr">s</span>'),
    ).to.equal('<span>s</span>');
    expect(clean('<b class="x">b</b><i style="x">i</i>')).to.equal('<b>b</b><i>i</i>');
  });

  it('unwraps other tags but keeps their text; drops script, style and template contents', () => {
    expect(clean('<p>First</p><div>second <u>u</u> <strong>s</strong> <em>e</em></div><h1>big</h1>')).to.equal('Firstsecond u s ebig');
    expect(clean('a<script>alert(1)</script>b<style>*{}</style>c<template><b>t</b></template>d')).to.equal('abcd');
    expect(clean('a<img src="https://vigil.example/x.png">b<br>c')).to.equal('abc');
  });

  it('renders the seeded security notice without its payloads', () => {
    const seeded =
      'Please read this <b>important</b> notice.<img src=x onerror=alert(1)><script>alert(\'xss\')</script> <a href="javascript:alert(1)">javascript link</a> <a href="https://vigil.example/security">vigil.example/security</a>';
    expect(clean(seeded)).to.equal(
      'Please read this <b>important</b> notice. <a>javascript link</a> <a href="https://vigil.example/security" target="_blank" rel="noopener noreferrer">vigil.example/security</a>',
    );
  });

  it('returns TrustedHTML (Chromium has Trusted Types) that innerHTML accepts', () => {
    const out = sanitizeNotificationHtml('<b>hi</b>');
    const tt = (window as unknown as { trustedTypes: { isHTML(v: unknown): boolean } }).trustedTypes;
    expect(tt.isHTML(out)).to.equal(true);
    const div = htmlFixture('');
    div.innerHTML = out as unknown as string;
    expect(div.innerHTML).to.equal('<b>hi</b>');
    cleanupFixtures();
  });

  it('handles empty and plain text bodies', () => {
    expect(clean('')).to.equal('');
    expect(clean('Just text & symbols < > "quotes"')).to.equal('Just text &amp; symbols &lt; &gt; "quotes"');
  });
});

describe('sanitizeNotificationHtml: hostile bodies do not run', () => {
  beforeEach(() => {
    (window as unknown as XssWindow).__vigilXss = [];
    (window as unknown as XssWindow).__vigilCanary = [];
  });
  afterEach(cleanupFixtures);

  it(`has a large set of vectors (${VECTORS.length})`, () => {
    expect(VECTORS.length).to.be.above(80);
    expect(new Set(VECTORS.map((vec) => vec.name)).size).to.equal(VECTORS.length);
  });

  it('detects execution: the same payloads unsanitized do run (control)', async function (this: MochaContext) {
    this.timeout(10_000);
    const raw = htmlFixture('');
    raw.innerHTML = asCanary(
      `<img src=x onerror="${callX(1)}"><b onmouseover="${callX(2)}">h</b><details open ontoggle="${callX(3)}"><summary>s</summary></details><span onclick="${callX(4)}">c</span>`,
    );
    interact(raw);
    await waitFor(() => expect([...canaryLog()].sort()).to.deep.equal([1, 2, 3, 4]), { timeout: 8_000 });
  });

  it('detects execution: many of the vectors run when inserted unsanitized (control)', async function (this: MochaContext) {
    this.timeout(10_000);
    // Not the ones that would navigate or re-base the test page itself.
    const harmless = VECTORS.filter((vec) => !/base|meta|iframe|object|embed|form|isindex|link/.test(vec.name));
    const raw = htmlFixture('');
    for (const vec of harmless) {
      const div = document.createElement('div');
      div.innerHTML = asCanary(vec.html);
      raw.append(div);
    }
    interact(raw);
    await waitFor(() => expect(new Set(canaryLog()).size).to.be.above(9), { timeout: 8_000 });
  });

  for (const vector of VECTORS) {
    it(`neutralises: ${vector.name}`, () => {
      const out = clean(vector.html);
      const { container } = shadowFixture();
      container.innerHTML = out;
      expect(problems(container)).to.deep.equal([]);
      // Mutation XSS: what the DOM serializes must still be safe when parsed again.
      const again = htmlFixture(container.innerHTML);
      expect(problems(again)).to.deep.equal([]);
      expect(again.innerHTML).to.equal(container.innerHTML);
    });
  }

  it('none of them executes once in the page, in a shadow root and in the light DOM, poked and waited for', async function (this: MochaContext) {
    this.timeout(15_000);
    const { container } = shadowFixture();
    const light = htmlFixture('');
    const wrappers: HTMLElement[] = [];
    const wrap = (parent: Element, html: string | TrustedHTML) => {
      const div = document.createElement('div');
      div.innerHTML = html as string;
      parent.append(div);
      wrappers.push(div);
      return div;
    };
    for (const vector of VECTORS) {
      const out = sanitizeNotificationHtml(vector.html);
      wrap(container, out);
      const inLight = wrap(light, out);
      wrap(light, inLight.innerHTML); // the serialization parsed again (mutation XSS)
    }
    for (const div of wrappers) interact(div);
    await settle();
    await waitForCanaries(light);
    expect(xssLog()).to.deep.equal([]);
    expect(wrappers.flatMap(problems)).to.deep.equal([]);
  });
});
