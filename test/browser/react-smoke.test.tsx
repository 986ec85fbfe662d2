// React 19 in Chromium through Vite: TSX with the automatic runtime (tsconfig
// `jsx: react-jsx`), React's CommonJS pre-bundled, a `?inline` CSS import adopted into a
// shadow root, like the portal's elements do.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import css from './react-smoke.css?inline';
import { expect, waitFor } from './helpers/assert.ts';
import { cleanupFixtures, shadowFixture } from './helpers/dom.ts';
import { afterEach, describe, it } from './helpers/mocha.ts';

function Greeting({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <p className="greeting">Hello, {name}!</p>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Clicked {count} times
      </button>
    </div>
  );
}

describe('smoke: React 19 in a shadow root', () => {
  let root: Root | undefined;
  afterEach(() => {
    root?.unmount();
    root = undefined;
    cleanupFixtures();
  });

  it('imports CSS as a string with ?inline', () => {
    expect(typeof css).toBe('string');
    expect(css).toContain('.greeting');
  });

  it('renders into a div inside an open shadow root, styled by an adopted sheet', async () => {
    const { host, root: shadow, container } = shadowFixture({ css });
    root = createRoot(container);
    flushSync(() => root!.render(<Greeting name="Vigil" />));

    const p = shadow.querySelector('.greeting');
    expect(p?.textContent).toBe('Hello, Vigil!');
    expect(getComputedStyle(p!).color).toBe('rgb(0, 128, 0)');
    // The style stays inside the shadow root.
    expect(host.textContent).toBe('');
    expect(document.querySelector('.greeting')).toBeNull();

    shadow.querySelector('button')!.click();
    await waitFor(() => expect(shadow.querySelector('button')?.textContent).toBe('Clicked 1 times'));
  });
});
