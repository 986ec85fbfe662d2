/**
 * `dist/vigil.js`, the script-tag entry for every element: it defines nothing itself. It
 * watches the document (and every shadow root attached after it ran, and the open ones
 * already there) for `vigil-*` tags that are not defined yet, and imports that element's
 * own module when the first one appears. A page pays only for the elements it shows, yet
 * needs one script tag whatever it shows, now or later.
 *
 * `customElements.whenDefined('vigil-…')` loads that element too.
 *
 * Shadow roots: `attachShadow` is wrapped (behaviour unchanged) so the roots other
 * components create later are watched too, closed ones included; the roots of Vigil's own
 * elements are not watched (they import what they render). Declarative shadow roots that
 * arrive after this script are not seen: load that element's own module instead.
 *
 * Loading it twice (two URLs) or beside single-element entries is harmless: only the first
 * copy watches, and an element already defined is never imported again.
 */
export { configure, type VigilConfig } from '../src/core/config/settle.ts';

const PREFIX = 'vigil-';
/** Set on the page by the first copy of the autoloader that runs. */
const STARTED = Symbol.for('vigil.autoloader.v1');

/** Each element's module by tag (`./vigil-evacuation.ts` → `vigil-evacuation`): its own chunk. */
const modules = new Map(
  Object.entries(import.meta.glob(['./vigil-*.ts', '!./*.test.ts'])).map(([path, load]) => [path.slice(2, -3), load]),
);
const requested = new Set<string>();
/**
 * This script's URL (not written inline: the bundler would take `new URL(…, import.meta.url)`
 * for an asset of its own). As `dist/vigil.js`, each element's script is beside it: the
 * loader that asks for the element's code and first answers at once (elements/loader/boot.ts),
 * so an element found here starts as fast as one named in its own script tag. Bundled again
 * into an app, it is elsewhere: the app's bundler then resolved each module's import.
 */
const HERE = import.meta.url;
const BESIDE_LOADERS = /\/vigil\.js$/.test(new URL(HERE).pathname);

function load(tag: string): void {
  const module = modules.get(tag);
  if (requested.has(tag) || customElements.get(tag) || !module) return;
  requested.add(tag);
  (BESIDE_LOADERS ? import(/* @vite-ignore */ new URL(`./${tag}.js`, HERE).href) : module()).catch((error: unknown) => {
    // Another insertion of the tag tries again (a network failure may pass).
    requested.delete(tag);
    console.error(`Vigil: could not load <${tag}>.`, error);
  });
}

/** Loads every undefined Vigil element in `root`, `root` itself included. */
function discover(root: ParentNode): void {
  if (root.nodeType === Node.ELEMENT_NODE && (root as Element).localName.startsWith(PREFIX)) load((root as Element).localName);
  for (const el of root.querySelectorAll(':not(:defined)')) if (el.localName.startsWith(PREFIX)) load(el.localName);
}

const observer = new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) discover(node as Element);
});

function watch(root: Document | ShadowRoot): void {
  observer.observe(root, { childList: true, subtree: true });
  discover(root);
}

/** The open shadow roots already on the page when the autoloader starts, nested ones too. */
function watchExisting(root: Document | ShadowRoot): void {
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot && !el.localName.startsWith(PREFIX)) {
      watch(el.shadowRoot);
      watchExisting(el.shadowRoot);
    }
  }
}

const page = globalThis as unknown as Record<symbol, boolean | undefined>;
if (typeof document !== 'undefined' && !page[STARTED]) {
  page[STARTED] = true;
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const shadow = attachShadow.call(this, init);
    if (!this.localName.startsWith(PREFIX)) watch(shadow);
    return shadow;
  };
  // Pages that wait for an element before inserting it (`await
  // customElements.whenDefined('vigil-login')`, fine with a suite that defined every tag at
  // once) would wait forever for a tag nobody has inserted yet: asking loads it.
  const whenDefined = customElements.whenDefined;
  customElements.whenDefined = function (this: CustomElementRegistry, name: string) {
    if (name.startsWith(PREFIX)) load(name);
    return whenDefined.call(this, name);
  };
  watch(document);
  watchExisting(document);
}
