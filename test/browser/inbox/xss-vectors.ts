/**
 * Hostile notification bodies for the sanitizer tests. Every payload that could run
 * calls `X(n)` (see `callX`), which the test page defines to record `n`: after the
 * sanitized result is in the DOM, that record must stay empty.
 */

/** JavaScript that records vector `n` as executed. */
export const callX = (n: number) => `__vigilXss.push(${n})`;

export interface Vector {
  name: string;
  html: string;
}

const v =
  (name: string, html: (x: string) => string): ((n: number) => Vector) =>
  (n) => ({ name, html: html(callX(n)) });

const makers = [
  // <script> in its many spellings
  v('script element', (x) => `<script>${x}</script>`),
  v('script upper case with data: src', (x) => `<SCRIPT SRC="data:text/javascript,${x}"></SCRIPT>`),
  v('script split by a nested script', (x) => `<scr<script>ipt>${x}</scr</script>ipt>`),
  v('module script', (x) => `<script type="module">${x}</script>`),
  v('attribute breakout then script', (x) => `"><script>${x}</script>`),
  v('script with odd whitespace', (x) => `<script\n>${x}</script\t>`),
  // event handlers
  v('img onerror', (x) => `<img src=x onerror="${x}">`),
  v('img onerror, mixed case attribute', (x) => `<img src=x oNeRrOr="${x}">`),
  v('img with slashes for spaces', (x) => `<img/src=x/onerror=${x}>`),
  v('img with backtick value', (x) => `<img src=\`x\`onerror=${x}>`),
  v('img onerror, entity-encoded body', () => `<img src=x onerror="&#95;&#95;vigilXss.push(&#57;&#57;&#57;)">`),
  v('onmouseover on an allowed tag', (x) => `<b onmouseover="${x}">hover</b>`),
  v('onclick on span', (x) => `<span onclick="${x}">click</span>`),
  v('onclick on an allowed link', (x) => `<a href="https://vigil.example/" onclick="${x}">ok</a>`),
  v('onfocus + autofocus on input', (x) => `<input autofocus onfocus="${x}">`),
  v('body onload', (x) => `<body onload="${x}">`),
  v('svg onload', (x) => `<svg onload="${x}"></svg>`),
  v('details ontoggle', (x) => `<details open ontoggle="${x}"><summary>s</summary></details>`),
  v('video source onerror', (x) => `<video><source onerror="${x}"></video>`),
  v('audio onerror', (x) => `<audio src=x onerror="${x}"></audio>`),
  v('marquee onstart', (x) => `<marquee onstart="${x}">m</marquee>`),
  v('animation start handler', (x) => `<i style="animation:v-spin 1s" onanimationstart="${x}">i</i>`),
  v('handler after a quote-less attribute', (x) => `<span title=a onmouseover=${x}>t</span>`),
  v('keygen autofocus onfocus', (x) => `<keygen autofocus onfocus="${x}">`),
  // javascript:, vbscript:, data: and other schemes, plainly and disguised
  v('javascript: link', (x) => `<a href="javascript:${x}">j</a>`),
  v('javascript: mixed case', (x) => `<a href="JaVaScRiPt:${x}">j</a>`),
  v('javascript: after a space', (x) => `<a href=" javascript:${x}">j</a>`),
  v('javascript: with a tab entity', (x) => `<a href="java&#x09;script:${x}">j</a>`),
  v('javascript: with a newline entity', (x) => `<a href="java&#10;script:${x}">j</a>`),
  v('javascript: fully decimal-encoded', (x) => `<a href="${[...'javascript:'].map((c) => `&#${c.charCodeAt(0)};`).join('')}${x}">j</a>`),
  v('javascript: hex-encoded first letter', (x) => `<a href="&#x6A;avascript:${x}">j</a>`),
  v('javascript: with &colon;', (x) => `<a href="javascript&colon;${x}">j</a>`),
  v('javascript: with a control character', (x) => `<a href="\u0001javascript:${x}">j</a>`),
  v('javascript: with a NUL', (x) => `<a href="java\0script:${x}">j</a>`),
  v('javascript: percent-encoded', (x) => `<a href="%6Aavascript:${x}">j</a>`),
  v('javascript: looking like a URL', (x) => `<a href="javascript://https://vigil.example/%0a${x}">j</a>`),
  v('vbscript: link', () => `<a href="vbscript:msgbox(1)">v</a>`),
  v('VBScript: mixed case', () => `<a href="VBScript:MsgBox(1)">v</a>`),
  v('data: text/html base64', () => `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>`),
  v('DATA: upper case with markup', (x) => `<a href="DATA:text/html,<script>${x}</script>">d</a>`),
  v('data: svg image', (x) => `<a href="data:image/svg+xml,<svg onload='${x}'/>">d</a>`),
  v('file: link', () => `<a href="file:///etc/passwd">f</a>`),
  v('protocol-relative link', () => `<a href="//evil.example/">p</a>`),
  v('relative link', () => `<a href="/account/delete">r</a>`),
  v('xlink:href on a link', (x) => `<a xlink:href="javascript:${x}">x</a>`),
  v('link asking for an opener and another target', () => `<a href="https://vigil.example/" target="_self" rel="opener">o</a>`),
  // SVG and MathML
  v('svg script', (x) => `<svg><script>${x}</script></svg>`),
  v('svg a xlink:href javascript', (x) => `<svg><a xlink:href="javascript:${x}"><text x="0" y="10">t</text></a></svg>`),
  v('svg animate onbegin', (x) => `<svg><animate onbegin="${x}" attributeName="x" dur="1s"/></svg>`),
  v('svg set onmouseover', (x) => `<svg><set attributeName="onmouseover" to="${x}"/></svg>`),
  v('svg foreignObject img', (x) => `<svg><foreignObject><img src=x onerror="${x}"></foreignObject></svg>`),
  v(
    'svg use data: href',
    () =>
      `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)'/></svg>#x"/></svg>`,
  ),
  v('math mglyph style mXSS', (x) => `<math><mtext><table><mglyph><style><img src=x onerror="${x}">`),
  v('math maction xlink:href', (x) => `<math><maction actiontype="statusline" xlink:href="javascript:${x}">m</maction></math>`),
  v('svg style namespace confusion', (x) => `<svg></p><style><a id="</style><img src=1 onerror=${x}>">`),
  v('math textarea namespace confusion', (x) => `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${x} src=1>">`),
  v('svg style with img', (x) => `<svg><style><img src=x onerror="${x}"></style></svg>`),
  // mutation XSS through raw-text and template contexts
  v('noscript title breakout', (x) => `<noscript><p title="</noscript><img src=x onerror=${x}>">`),
  v('template content', (x) => `<template><img src=x onerror="${x}"></template>`),
  v('style with img', (x) => `<style><img src=x onerror="${x}"></style>`),
  v('xmp raw text', (x) => `<xmp><img src=x onerror="${x}"></xmp>`),
  v('textarea raw text', (x) => `<textarea><img src=x onerror="${x}"></textarea>`),
  v('title raw text', (x) => `<title><img src=x onerror="${x}"></title>`),
  v('comment-wrapped img', (x) => `<!--<img src=x onerror="${x}">-->`),
  v('comment breakout', (x) => `<!-- --!><img src=x onerror="${x}">-->`),
  v('CDATA-wrapped img', (x) => `<![CDATA[<img src=x onerror="${x}">]]>`),
  v('processing instruction', (x) => `<?xml-stylesheet ><img src=x onerror="${x}">?>`),
  // frames, plugins, forms and document-level tags
  v('iframe srcdoc', (x) => `<iframe srcdoc="<script>parent.${x}</script>"></iframe>`),
  v('iframe javascript: src', (x) => `<iframe src="javascript:parent.${x}"></iframe>`),
  v('object javascript: data', (x) => `<object data="javascript:${x}"></object>`),
  v('embed javascript: src', (x) => `<embed src="javascript:${x}">`),
  v('form javascript: action', (x) => `<form action="javascript:${x}"><button>go</button></form>`),
  v('button formaction', (x) => `<form><button formaction="javascript:${x}">go</button></form>`),
  v('isindex', (x) => `<isindex action="javascript:${x}" type="image">`),
  v('base href', (x) => `<base href="javascript:${x}//">`),
  v('meta refresh', (x) => `<meta http-equiv="refresh" content="0;url=javascript:${x}">`),
  v('link stylesheet data:', () => `<link rel="stylesheet" href="data:text/css,*{}">`),
  v('input image onerror', (x) => `<input type="image" src="x" onerror="${x}">`),
  // nested, encoded and styling tricks
  v('handler deep inside allowed tags', (x) => `<b><i><span onclick="${x}">deep</span></i></b>`),
  v('handler inside an allowed link', (x) => `<a href="https://vigil.example/"><b onclick="${x}">x</b></a>`),
  v('escaped markup stays text', (x) => `&lt;script&gt;${x}&lt;/script&gt;`),
  v('double-escaped markup', (x) => `&amp;lt;img src=x onerror=${x}&amp;gt;`),
  v('style url javascript', (x) => `<span style="background:url(javascript:${x})">s</span>`),
  v('overlay styling on a link', () => `<a href="https://vigil.example/" style="position:fixed;inset:0">overlay</a>`),
  v(
    'class, id, data and aria attributes',
    () => `<span class="v-btn" id="__vigilXss" data-x="1" aria-label="fake" role="button" tabindex="0">s</span>`,
  ),
  v('DOM clobbering names', () => `<form name="body"><img name="getElementById"></form><a name="__vigilXss">n</a>`),
  v('link ping', () => `<a href="https://vigil.example/" ping="https://tracker.example/">p</a>`),
  v('mailto with markup in it', (x) => `<a href="mailto:x@vigil.example?body=</a><img src=x onerror=${x}>">m</a>`),
  v('unclosed tags', (x) => `<b><i><span>open <img src=x onerror="${x}"`),
];

/** All vectors, numbered from 1 (vector n calls X(n); 999 is the entity-encoded one). */
export const VECTORS: Vector[] = makers.map((make, i) => make(i + 1));
