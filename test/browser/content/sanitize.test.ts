// The content-page sanitizer in real Chromium (DOMPurify behaves as in production here).
import { sanitizePageHtml } from '../../../src/core/content/sanitize.ts';
import { expect } from '../helpers/assert.ts';
import { describe, it } from '../helpers/mocha.ts';

const clean = (html: string) => String(sanitizePageHtml(html));

describe('sanitizePageHtml (content pages)', () => {
  it('keeps the content tags', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>A <b>b</b> <i>i</i> <strong>s</strong> <em>e</em><br></p><ul><li>x</li></ul><ol><li>y</li></ol>';
    expect(clean(html)).to.equal(html);
  });

  it('drops other tags but keeps their text, and every attribute but href', () => {
    expect(clean('<div class="x"><span style="color:red">text</span></div><h1>Big</h1>')).to.equal('textBig');
    expect(clean('<p class="lead" id="a" data-x="1" aria-label="y" onclick="alert(1)">p</p>')).to.equal('<p>p</p>');
  });

  it('hardens links: http(s) open in a new tab, all get rel noopener noreferrer', () => {
    expect(clean('<a href="https://vigil.example/help" target="_top">help</a>')).to.equal(
      '<a href="https://vigil.example/help" rel="noopener noreferrer" target="_blank">help</a>',
    );
    expect(clean('<a href="mailto:support@vigil.example">mail</a>')).to.equal(
      '<a href="mailto:support@vigil.example" rel="noopener noreferrer">mail</a>',
    );
  });

  it('keeps phone links (tel: with a number only), without a new tab', () => {
    expect(clean('<a href="tel:+3225550100">+32 2 555 01 00</a>')).to.equal(
      '<a href="tel:+3225550100" rel="noopener noreferrer">+32 2 555 01 00</a>',
    );
    expect(clean('<a href="tel:+32 (2) 555-01.00">x</a>')).to.equal('<a href="tel:+32 (2) 555-01.00" rel="noopener noreferrer">x</a>');
    for (const href of ['tel:javascript:alert(1)', 'tel:+32;phone-context=x', 'tel:', 'tel:abc'])
      expect(clean(`<a href="${href}">x</a>`)).to.equal('<a>x</a>');
  });

  it('strips other schemes and relative links', () => {
    for (const href of [
      'javascript:alert(1)',
      'javascript:tel:+321',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '/relative',
      'data:text/html,hi',
      'vbscript:x',
    ]) {
      expect(clean(`<a href="${href}">x</a>`)).to.equal('<a>x</a>');
    }
  });

  it('drops scripts, styles, images, iframes and forms with their payloads', () => {
    expect(clean('<p>ok</p><script>alert(1)</script><style>p{}</style>')).to.equal('<p>ok</p>');
    expect(
      clean('<img src="x" onerror="alert(1)"><iframe src="https://x"></iframe><form><input></form><svg><script>1</script></svg>'),
    ).to.equal('');
  });

  it('returns TrustedHTML where the browser has Trusted Types', () => {
    const out = sanitizePageHtml('<p>hi</p>');
    const tt = (window as { trustedTypes?: { isHTML(v: unknown): boolean } }).trustedTypes;
    if (tt) expect(tt.isHTML(out)).to.equal(true);
    expect(String(out)).to.equal('<p>hi</p>');
  });
});
