import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';

// The policy's mechanics. What the sanitizer keeps is checked in real Chromium
// (test/browser/inbox/sanitize.test.ts, test/browser/content/sanitize.test.ts): happy-dom's
// DOM makes DOMPurify keep and drop the wrong things.
// happy-dom has no Trusted Types: a recording stand-in for the browser's factory, whose
// policies wrap what their createHTML returns (as the real ones do).
class Signed {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}
interface Rules {
  createHTML?: (s: string) => string;
  createScriptURL?: (s: string) => string;
}
const created: { name: string; rules: Rules }[] = [];
const policies: { createHTML(s: string): Signed; createScriptURL(s: string): string }[] = [];

beforeAll(() => {
  const names = new Set<string>();
  (globalThis as Record<string, unknown>).trustedTypes = {
    createPolicy(name: string, rules: Rules) {
      // Like a CSP without 'allow-duplicates': a name can be created once.
      if (names.has(name)) throw new TypeError(`policy ${name} exists`);
      names.add(name);
      created.push({ name, rules });
      const policy = {
        createHTML: (s: string) => new Signed(rules.createHTML!(s)),
        createScriptURL: (s: string) => {
          if (!rules.createScriptURL) throw new TypeError('no createScriptURL');
          return rules.createScriptURL(s);
        },
      };
      policies.push(policy);
      return policy;
    },
  };
});

describe('the vigil Trusted Types policy', () => {
  it('signs what the sanitizer produced, creating the policy once', () => {
    expect(sanitizeHtml('<b>hi</b>', 'notification')).toBeInstanceOf(Signed);
    expect(sanitizeHtml('<p>hi</p>', 'page')).toBeInstanceOf(Signed);
    expect(created.map((p) => p.name)).toEqual(['vigil']);
  });

  it("refuses to sign anything outside the sanitizer, and no script URL but the service worker's", () => {
    sanitizeHtml('<i>x</i>', 'page');
    const [vigil] = created;
    expect(() => vigil!.rules.createHTML!('<img src=x onerror=alert(1)>')).toThrow(TypeError);
    expect(() => policies[0]!.createScriptURL('https://evil.test/x.js')).toThrow(TypeError);
    expect(() => policies[0]!.createScriptURL('/sw.js?x=1')).toThrow(TypeError);
    expect(() => policies[0]!.createScriptURL('//evil.test/sw.js')).toThrow(TypeError);
    expect(vigil!.rules.createScriptURL!('/sw.js')).toBe('/sw.js');
  });

  it('is not on the page registry: only the sanitizing function is', () => {
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown>>)[Symbol.for('vigil.shared.v1')]!;
    for (const value of registry.values()) expect(policies).not.toContain(value);
    const shared = registry.get('sanitize.html.v1') as (html: string, profile: string) => unknown;
    expect(typeof shared).toBe('function');
    expect(Object.isFrozen(shared)).toBe(true);
    expect(shared('<b>x</b>', 'anything-else')).toBe(''); // no profile, no signature
  });

  it('a second copy of the suite (its own module, same page) uses the first copy’s sanitizer', async () => {
    const copy = (await import('./html.ts?copy=2' as string)) as typeof import('./html.ts');
    expect(copy.sanitizeHtml).not.toBe(sanitizeHtml);
    expect(copy.sanitizeHtml('<b>two</b>', 'notification')).toBeInstanceOf(Signed);
    expect(created).toHaveLength(1); // no second policy was needed (nor could be made)
  });
});

describe('link rules', () => {
  it('content pages allow tel: numbers; notifications never; javascript: nowhere', async () => {
    const { ALLOWED_LINK, PAGE_LINK } = await import('./html.ts');
    expect(PAGE_LINK.test('tel:+3225550100')).toBe(true);
    expect(PAGE_LINK.test('tel:+32(2)555-01.00')).toBe(true);
    expect(ALLOWED_LINK.test('tel:+3225550100')).toBe(false);
    for (const href of ['tel:', 'tel:abc', 'tel:+32;ext=1', 'javascript:alert(1)', 'javascript:tel:+32', 'data:text/html,x']) {
      expect(PAGE_LINK.test(href), href).toBe(false);
      expect(ALLOWED_LINK.test(href), href).toBe(false);
    }
    for (const href of ['https://vigil.example/', 'mailto:a@vigil.example'])
      expect(PAGE_LINK.test(href) && ALLOWED_LINK.test(href)).toBe(true);
  });
});
