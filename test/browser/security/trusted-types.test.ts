// The `vigil` Trusted Types policy in real Chromium: the policy the sanitizer creates is
// captured here (by wrapping the browser's factory before the sanitizer first runs) to
// show that even holding it, nobody can sign markup with it, and that it has no
// script-URL rule. What the sanitizer keeps is in ../inbox and ../content/sanitize.test.ts.
import { expect } from '../helpers/assert.ts';
import { describe, it } from '../helpers/mocha.ts';

interface Policy {
  createHTML(input: string): unknown;
  createScriptURL(input: string): unknown;
}
interface Factory {
  createPolicy(name: string, rules: object): Policy;
  isHTML(value: unknown): boolean;
}

const tt = (window as unknown as { trustedTypes: Factory }).trustedTypes;
const made: { name: string; policy: Policy }[] = [];
const original = tt.createPolicy.bind(tt);
tt.createPolicy = (name: string, rules: object) => {
  // Like a CSP naming each policy once (no 'allow-duplicates').
  if (made.some((m) => m.name === name)) throw new TypeError(`Policy "${name}" already exists`);
  const policy = original(name, rules);
  made.push({ name, policy });
  return policy;
};

const { sanitizeHtml } = await import('../../../src/core/sanitize/html.ts');

describe('the vigil Trusted Types policy', () => {
  it('signs the sanitizer’s output, which innerHTML accepts', () => {
    const out = sanitizeHtml('<b>hi</b><img src=x onerror=alert(1)>', 'notification');
    expect(tt.isHTML(out)).to.equal(true);
    expect(String(out)).to.equal('<b>hi</b>');
    expect(made.map((m) => m.name)).to.deep.equal(['vigil']);
  });

  it('refuses to sign anything handed to it directly', () => {
    const vigil = made.find((m) => m.name === 'vigil')!.policy;
    expect(() => vigil.createHTML('<img src=x onerror=alert(1)>')).to.throw(/signs only what its sanitizer produced/);
    expect(() => vigil.createScriptURL('https://evil.test/x.js')).to.throw(TypeError);
  });

  it('is held by no page-wide object: the registry only has the sanitizing function', () => {
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('vigil.shared.v1')]!;
    const values = [...registry.values()];
    expect(values.some((v) => made.some((m) => m.policy === v))).to.equal(false);
    const shared = registry.get('sanitize.html.v1') as (html: string, profile: string) => unknown;
    expect(String(shared('<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>', 'page'))).to.equal('<a>x</a>');
  });

  it('a second copy of the suite works with the first copy’s sanitizer (no second policy)', async () => {
    // Another URL is another module instance: a second copy of the code, same page.
    const url = new URL('../../../src/core/sanitize/html.ts?copy=2', import.meta.url).href;
    const copy = (await import(/* @vite-ignore */ url)) as typeof import('../../../src/core/sanitize/html.ts');
    expect(copy.sanitizeHtml === sanitizeHtml).to.equal(false);
    const out = copy.sanitizeHtml('<i>two</i><script>alert(1)</script>', 'notification');
    expect(tt.isHTML(out)).to.equal(true);
    expect(String(out)).to.equal('<i>two</i>');
    expect(made).to.have.lengthOf(1);
  });
});
