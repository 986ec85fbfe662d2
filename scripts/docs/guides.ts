/**
 * The documentation site's guides, in HTML: how an integrator puts Vigil on a page. What
 * they say must match the code (the README and docs/ say the same at more length); the
 * parts that list elements, events or tokens are made from the manifest.
 */
import type { Element, Member } from './manifest.ts';

export interface GuideContext {
  elements: Element[];
  /** Event name → detail type (src/core/events.ts). */
  details: Map<string, string>;
  /** The named detail interfaces, as source. */
  interfaces: string;
  tokenTable: () => string;
  esc: (text: string) => string;
  prose: (text: string | undefined) => string;
  elementLink: (tag: string) => string;
}

export interface Guide {
  slug: string;
  title: string;
  summary: string;
  body: (ctx: GuideContext) => string;
}

/** A code block (escaped), focusable so that a keyboard can scroll it. */
const pre = (text: string) =>
  `<pre tabindex="0"><code>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code></pre>`;

/** The elements that fire an event, as links. */
const firedBy = (ctx: GuideContext, event: string) =>
  ctx.elements
    .filter((d) => d.events.some((e: Member) => e.name === event))
    .map((d) => ctx.elementLink(d.tagName))
    .join(', ');

export const GUIDES: Guide[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    summary: 'One script tag, or npm and your bundler.',
    body: () => `<p>Every element is a custom element: put its tag in your page, load Vigil's script once, and it upgrades. All Vigil elements of a page share one sign-in, one language and one API, whichever script loaded them.</p>
<h2>One script tag</h2>
${pre(`<meta name="vigil-api-base" content="https://portal.example.com" />
<script type="module" src="https://portal.example.com/dist/vigil.js"></script>

<vigil-login></vigil-login>
<vigil-evacuation site="20000000-0000-4000-8000-000000000001"></vigil-evacuation>
<vigil-unread-badge></vigil-unread-badge>`)}
<p><code>dist/vigil.js</code> is an autoloader. It defines nothing itself: it watches the page for <code>vigil-*</code> tags that are not defined yet (in the document, added later by a script or a framework, or inside shadow roots) and loads each element's module the first time its tag appears, so a page pays only for the elements it shows. Each element also has its own entry, <code>dist/vigil-evacuation.js</code> and so on; any mix of entries loads React and the session once.</p>
<p>Elements upgrade once their module has arrived. Call their methods or read their properties after <code>await customElements.whenDefined('vigil-…')</code>, which also loads an element whose tag is not on the page yet.</p>
<h2>npm and a bundler</h2>
${pre(`npm install vigil-portal react react-dom
pnpm add vigil-portal react react-dom
yarn add vigil-portal react react-dom`)}
<p>Pick the line of your package manager. <code>react</code> and <code>react-dom</code> are peer dependencies: npm 7 and later would install them anyway, pnpm and yarn only when you name them.</p>
${pre(`import 'vigil-portal/elements/vigil-evacuation'; // one element
import { configure } from 'vigil-portal';            // or all of them, and configure()

configure({ apiBase: 'https://portal.example.com' });`)}
<p>Bundlers (Vite, webpack, Rollup, esbuild) get the library build, <code>lib/</code>: ES modules that import React, i18next and the other libraries by name, so your app and the elements share one copy of each. <code>react</code> and <code>react-dom</code> 19 are peer dependencies: the elements render with your React.</p>
<h2>Keep the layout still</h2>
<p>An element keeps its box from its first render on. Before its script has loaded only your page can hold the place, with a rule in your own stylesheet:</p>
${pre(`vigil-evacuation:not(:defined) { display: block; min-block-size: 270px; }`)}
<h2>Types and editor completion</h2>
<p>The package ships <code>custom-elements.json</code> (every tag, attribute, event, CSS part and custom property), TypeScript declarations (<code>HTMLElementTagNameMap</code> entries and typed events; <code>vigil-portal/react</code>, <code>/vue</code> and <code>/svelte</code> for templates) and editor data made from the same manifest:</p>
<ul>
<li><strong>JetBrains IDEs</strong> (WebStorm, IntelliJ) read <code>web-types.json</code> by themselves: package.json names it in its <code>web-types</code> field.</li>
<li><strong>VS Code</strong>: add the file to your workspace settings, <code>"html.customData": ["./node_modules/vigil-portal/vscode.html-custom-data.json"]</code>.</li>
</ul>`,
  },
  {
    slug: 'session',
    title: 'The session and the API',
    summary: 'One sign-in per page, and how the page settles on its API.',
    body: () => `<p>A page has one session. Signing in anywhere (with ${'<code>&lt;vigil-login&gt;</code>'}, or with the compact form an element that needs a sign-in shows while signed out) signs in every Vigil element of the page and of the other tabs of the site; signing out signs them all out. The session is kept on the page, not in a bundle: two copies or versions of the suite on one page still share it.</p>
<h2>Which API a page talks to</h2>
<p>A page talks to exactly one Vigil API. It is settled once, just before the first request (at the end of the task in which the first element connected, so elements inserted together are all seen), from the first of these that gives one:</p>
<ol>
<li><code>configure({ apiBase })</code>, called before the first element connects;</li>
<li><code>&lt;meta name="vigil-api-base" content="https://portal.example.com"&gt;</code> in the page's <code>&lt;head&gt;</code> (a meta tag in the body is ignored, so injected markup cannot set it);</li>
<li>the <code>api-base</code> attribute of the Vigil elements in the document at that moment; an element without one names the page's own origin. If they disagree, or name another API than the one you are signed in to, the page settles on no API at all: every element says so, nothing is sent and nobody is signed out;</li>
<li>the API that issued the stored sign-in (when no element names one);</li>
<li>the page's own origin.</li>
</ol>
<p>Once settled it never moves. An element added later whose <code>api-base</code> names another API shows a message instead of a sign-in form and sends nothing there; <code>configure()</code> with another base after settling throws.</p>
<p><strong>Frameworks, lazy routes, elements added by scripts:</strong> when the element carrying <code>api-base</code> may come after the first element, the page settles without it. Declare the API with the meta tag or <code>configure()</code>: then insertion order never matters.</p>
<h2>The token</h2>
<p>The bearer token is only ever sent to the API that issued it, origin and path. The message catalogues come from the settled API, without the token. When the API is on another origin, your page's origin must be on the Vigil server's allow-list (CORS).</p>`,
  },
  {
    slug: 'theming',
    title: 'Theming and dark mode',
    summary: 'CSS custom properties, ::part(), light and dark.',
    body: (
      ctx,
    ) => `<p>Elements render in shadow DOM: your page's CSS does not reach inside and theirs does not leak out. You theme them with <code>--vigil-*</code> custom properties, set anywhere above the elements (<code>:root</code> is fine), and style named parts with <code>::part()</code>.</p>
${pre(`:root {
  --vigil-color-primary: light-dark(#0b6e4f, #5fd3a8);
  --vigil-font-family: 'Inter', sans-serif;
  --vigil-radius: 4px;
}
vigil-evacuation::part(card) { box-shadow: none; }`)}
<h2>What page CSS can and cannot change</h2>
<p>Sizes come from <code>--vigil-font-size</code>, never from your root font size, and the inherited text properties (font, size, line height, spacing, transform, alignment, white-space, colour) are set again inside, so rules on <code>html</code>, <code>body</code>, <code>*</code> or the tag do not reach in. The element's own box is yours: its <code>display</code>, margins, size and position. Turn on "Hostile page CSS" in the bar above to see aggressive page rules leave the live instances alone.</p>
<h2>Dark mode</h2>
<p>Elements follow your page's <code>color-scheme</code>: every default colour has a light and a dark value. A page that says nothing stays light; <code>:root { color-scheme: light dark; }</code> follows the visitor's system, <code>color-scheme: dark</code> forces dark (also on one container). A <code>--vigil-color-*</code> you set wins in both schemes; give it both values with <code>light-dark(#light, #dark)</code>. The theme switch in the bar above sets the page's <code>color-scheme</code>.</p>
<h2>Theme tokens</h2>
${ctx.tokenTable()}`,
  },
  {
    slug: 'events',
    title: 'Events',
    summary: 'What the elements fire, with typed details.',
    body: (
      ctx,
    ) => `<p>Elements fire <code>CustomEvent</code>s named <code>vigil-…</code> that bubble and are composed: listen on the element or anywhere above it, through shadow roots. An element also fires the events of the controls it contains. The detail types are exported (<code>VigilEventDetails</code>, <code>VigilEvent&lt;name&gt;</code>) and <code>document.addEventListener('vigil-…')</code> is typed.</p>
${pre(`import type { VigilEvent } from 'vigil-portal';

document.addEventListener('vigil-evacuation-started', (e: VigilEvent<'vigil-evacuation-started'>) => {
  console.log(e.detail.scope, e.detail.uuid, e.detail.status?.started_at);
});`)}
<div class="ds-table-wrap" role="region" aria-label="Events" tabindex="0"><table class="ds-table"><caption>Events</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Detail</th><th scope="col">Fired by</th></tr></thead><tbody>
${[...ctx.details]
  .map(
    ([name, type]) =>
      `<tr><th scope="row" id="event-${name}"><code>${name}</code></th><td><code>${ctx.esc(type)}</code></td><td>${firedBy(ctx, name) || '—'}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>
<h2>Detail types</h2>
${pre(ctx.interfaces)}`,
  },
  {
    slug: 'frameworks',
    title: 'React, Vue, Svelte, Angular and Lit',
    summary: 'Each framework renders the elements like any HTML tag.',
    body: () => `<p>Every attribute is a string and also a property, so binding either works, in any order: a property set before the tag was defined is taken when the element connects. Events bubble and are composed. Declare the API with the meta tag or <code>configure()</code> so that the order in which your framework inserts elements does not matter, and under a Trusted Types CSP add your framework's policy next to <code>vigil dompurify</code>.</p>
<h2>React 19</h2>
${pre(`import 'vigil-portal/elements/vigil-evacuation';
import type {} from 'vigil-portal/react'; // JSX types, once per app

<vigil-evacuation project={id} onvigil-evacuation-started={(e) => console.log(e.detail.uuid)} />`)}
<p>React 19 sets properties on custom elements and attaches <code>on&lt;event-name&gt;</code> props as listeners.</p>
<h2>Vue 3</h2>
<p>Tell the template compiler that <code>vigil-*</code> tags are custom elements (with Vite, in <code>@vitejs/plugin-vue</code>'s options):</p>
${pre(`vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('vigil-') } } })`)}
${pre(`<script setup lang="ts">
import type {} from 'vigil-portal/vue'; // template types, once per app
</script>
<template>
  <vigil-evacuation :project="projectId" @vigil-evacuation-started="(e) => log(e.detail.uuid)" />
</template>`)}
<p><code>vue-tsc</code> with <code>strictTemplates</code> checks the props and the listeners' detail types. Trusted Types policy: <code>vue</code>.</p>
<h2>Svelte 5</h2>
${pre(`<script lang="ts">
  import type {} from 'vigil-portal/svelte'; // element types, once per app
</script>
<vigil-evacuation {project} onvigil-evacuation-started={(e) => log(e.detail.uuid)}></vigil-evacuation>`)}
<p>Nothing to configure. <code>svelte-check</code> checks attributes and handlers. Trusted Types policy: <code>svelte-trusted-html</code>.</p>
<h2>Angular</h2>
${pre(`@Component({
  selector: 'app-safety',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: \`<vigil-evacuation [attr.project]="projectId" (vigil-evacuation-started)="onStarted($event)"></vigil-evacuation>\`,
})
export class SafetyComponent {}`)}
<p>Add <code>CUSTOM_ELEMENTS_SCHEMA</code> where templates use Vigil tags and <code>import 'vigil-portal';</code> in <code>main.ts</code>. <code>[project]</code> and <code>[attr.project]</code> both work. Trusted Types policies: <code>angular</code>, and <code>angular#bundler</code> with lazy chunks.</p>
<h2>Lit</h2>
${pre(`render() {
  return html\`<vigil-evacuation project=\${this.projectId}
    @vigil-evacuation-started=\${(e) => this.note(e.detail.uuid)}></vigil-evacuation>\`;
}`)}
<p>Vigil elements work inside your shadow roots. Custom properties still inherit from the page, but <code>::part()</code> rules and <code>:not(:defined)</code> placeholders belong in your component's <code>static styles</code>. Trusted Types policy: <code>lit-html</code>.</p>`,
  },
  {
    slug: 'security',
    title: 'CSP and Trusted Types',
    summary: 'The headers your page should send.',
    body: () => `<p>Everything works under a strict Content-Security-Policy with Trusted Types: no inline scripts or styles, no <code>eval</code>. Send headers like these with the page that hosts the elements:</p>
${pre(`Content-Security-Policy: default-src 'self'; script-src 'self' https://portal.example.com;
  connect-src 'self' https://portal.example.com; img-src 'self' blob: data:; style-src 'self';
  object-src 'none'; base-uri 'none'; frame-ancestors 'self';
  require-trusted-types-for 'script'; trusted-types vigil dompurify
X-Frame-Options: SAMEORIGIN`)}
<ul>
<li>Vigil creates one Trusted Types policy, <code>vigil</code>, once per page, even when two copies of the suite load (no <code>'allow-duplicates'</code> needed). <code>dompurify</code> is used only when <code>vigil</code> is not allowed.</li>
<li>Styles live in constructable style sheets inside the shadow roots, which <code>style-src 'self'</code> allows.</li>
<li>Notification text from the server is sanitized to a few tags (b, i, span, a).</li>
<li><code>frame-ancestors</code> (and <code>X-Frame-Options</code> for older browsers) keeps other sites from framing your page.</li>
<li>Declare the API in the head (meta tag or <code>configure()</code>), so that markup injected into the body cannot choose where the token goes.</li>
</ul>
<p>This site runs under exactly such a policy: the demo server sends it with every page.</p>`,
  },
  {
    slug: 'live',
    title: 'The live channel',
    summary: 'How elements hear about changes within a second.',
    body: () => `<p>Signed-in elements are told by the server what changed, over one event stream per browser (<code>GET /api/v2/events</code>, server-sent events), however many tabs and elements are open. One tab holds the stream and tells the others which topics changed; each page then reloads those once for all its elements. An event is only a hint: what you see always comes from the regular API calls.</p>
<ul>
<li>New incidents and notifications, the unread count, evacuations started or aborted (by anyone, in any browser) and systems going online or offline reach every element within a second.</li>
<li>A dropped stream reconnects by itself (after 1, 2, 4… seconds, at most 30) and catches up on what it missed; when the server cannot replay, the elements reload what they show.</li>
<li>Against an API without the stream, elements poll instead: the unread count and newest incidents every 20 seconds, evacuation statuses every 5 seconds, only while a tab is visible.</li>
<li>When neither works for 15 seconds, elements say "Live updates paused — reconnecting…" with when the data was last confirmed, and clear it on recovery.</li>
</ul>
<p>To test with a shorter polling period: <code>localStorage.setItem('vigil.live.intervalMs', '2000')</code> before the elements start.</p>`,
  },
  {
    slug: 'push',
    title: 'Alerts with Vigil closed',
    summary: 'Web Push, the installable portal and the alarm sound: what your API and your users need.',
    body: () => `<p>The portal is installable and can alert a device whose browser has no Vigil tab open, through the browser's own push service (Web Push: VAPID, RFC 8292; payloads encrypted with <code>aes128gcm</code>, RFC 8291). Each user chooses per device in the portal's user menu, under "Alerts on this device": severities, sites, systems going offline; evacuation starts and ends always come.</p>
<ul>
<li>The service worker is the portal's own (<code>/sw.js</code>, scope <code>/</code>, with <code>/manifest.webmanifest</code>), served by the API's origin. Elements embedded on another origin register none: on your pages they keep their in-page toasts and desktop alerts.</li>
<li>An API that implements the contract answers <code>GET /api/v2/push/key</code> and <code>GET|POST /api/v2/push/subscriptions</code>, <code>PATCH|DELETE /api/v2/push/subscriptions/{uuid}</code>; it sends <code>{kind, title, body, url, tag}</code> per incident, evacuation or system, accepts only <code>https:</code> endpoints on public hosts, and drops a subscription its push service answers 404 or 410 to. The full contract, with retries and the Acknowledge token, is in the repository's <code>docs/push.md</code>.</li>
<li>Installing: Chrome or Edge on a computer, the install icon in the address bar; Chrome on Android, menu, "Install app"; iPhone and iPad (iOS 16.4 or later), Safari, Share, "Add to Home Screen", then turn alerts on from the home-screen app.</li>
<li>A device with the portal in front gets its toast, not also a notification; a repeat replaces the earlier notification (one <code>tag</code> per incident or evacuation).</li>
<li>"Alarm sound on this device" plays a short sound in one open portal tab for critical incidents and real evacuations, never drills. It is made with the Web Audio API, so your CSP needs nothing more; browsers allow it only once the tab has been used (a click or a key).</li>
</ul>`,
  },
];
