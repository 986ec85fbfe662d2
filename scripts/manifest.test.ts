import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The public surface (README, "Elements"): every element and its attributes (besides api-base). */
const SURFACE: Record<string, string[]> = {
  'vigil-portal': ['base-path'],
  'vigil-login': [],
  'vigil-projects': [],
  'vigil-project': ['project'],
  'vigil-site': ['site'],
  'vigil-system': ['system'],
  'vigil-live-view': ['system'],
  'vigil-demo-live-view': ['demo'],
  'vigil-inbox': ['view'],
  'vigil-unread-badge': [],
  'vigil-evacuation': ['project', 'site'],
  'vigil-schedule-matrix': ['site'],
  'vigil-site-schedules': ['project'],
  'vigil-project-users': ['project'],
  'vigil-language-picker': [],
  'vigil-evacuation-bar': [],
  'vigil-evacuation-history': ['project'],
  'vigil-activity-log': ['project'],
};

interface Decl {
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  cssProperties?: { name: string }[];
}

const file = join(import.meta.dirname, '..', 'custom-elements.json');

describe('custom-elements.json', () => {
  it('exists (npm run manifest)', () => {
    expect(existsSync(file)).toBe(true);
  });
  const manifest = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { modules: { declarations?: Decl[] }[] })
    : { modules: [] };
  const decls = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);

  it('lists exactly the 16 elements of the README', () => {
    expect(decls.map((d) => d.tagName).sort()).toEqual(Object.keys(SURFACE).sort());
  });

  for (const [tag, attrs] of Object.entries(SURFACE)) {
    it(`${tag} documents api-base${attrs.length ? ` and ${attrs.join(', ')}` : ''} and the theme properties`, () => {
      const decl = decls.find((d) => d.tagName === tag);
      const documented = decl?.attributes?.map((a) => a.name) ?? [];
      // The documented attributes must all be there; an element may document more (e.g. interval).
      expect(['api-base', ...attrs].filter((a) => !documented.includes(a))).toEqual([]);
      expect(decl?.cssProperties?.map((p) => p.name)).toContain('--vigil-color-primary');
    });
  }

  it('is what package.json points integrators to', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
      customElements: string;
      exports: Record<string, unknown>;
    };
    expect(pkg.customElements).toBe('custom-elements.json');
    expect(pkg.exports['./custom-elements.json']).toBe('./custom-elements.json');
  });
});
