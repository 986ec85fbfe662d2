/**
 * DOM fixtures for browser tests: a host element with an open shadow root, attached to
 * the document and removed again by `cleanupFixtures()` (call it in `afterEach`).
 *
 *   const { host, root } = shadowFixture();
 *   afterEach(cleanupFixtures);
 */

const attached = new Set<Element>();

export interface ShadowFixture {
  host: HTMLElement;
  root: ShadowRoot;
  /** A plain div inside the shadow root: a place to render into. */
  container: HTMLDivElement;
}

export function shadowFixture({ tag = 'div', css }: { tag?: string; css?: string } = {}): ShadowFixture {
  const host = document.createElement(tag);
  host.setAttribute('data-test-fixture', '');
  const root = host.attachShadow({ mode: 'open' });
  if (css !== undefined) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  }
  const container = document.createElement('div');
  root.append(container);
  document.body.append(host);
  attached.add(host);
  return { host, root, container };
}

/** Attaches `html` in a plain div (light DOM) and returns that div. */
export function htmlFixture(html: string): HTMLDivElement {
  const div = document.createElement('div');
  div.setAttribute('data-test-fixture', '');
  div.innerHTML = html;
  document.body.append(div);
  attached.add(div);
  return div;
}

/** Removes every fixture created so far. */
export function cleanupFixtures(): void {
  for (const el of attached) el.remove();
  attached.clear();
}

/** Resolves after the browser has rendered a frame (layout and style are up to date). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}
