import { describe, expect, it } from 'vitest';
import { MESSAGE_LOCALES } from '../src/core/i18n/namespaces.ts';
import { flatten, loadCatalogue } from './catalogues.ts';

// All six catalogues must have exactly the same keys and no empty values: a missing
// translation fails here rather than showing English (or a raw key) to a user.
describe('message catalogues', () => {
  const en = flatten(loadCatalogue('en'));
  it('English has messages', () => {
    expect(en.size).toBeGreaterThan(10);
  });
  for (const locale of MESSAGE_LOCALES) {
    it(`${locale} has exactly the English keys, none empty`, () => {
      const cat = flatten(loadCatalogue(locale));
      expect([...cat.keys()].sort()).toEqual([...en.keys()].sort());
      const empty = [...cat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });
    it(`${locale} keeps every {{placeholder}} of English`, () => {
      const cat = flatten(loadCatalogue(locale));
      const bad: string[] = [];
      for (const [k, v] of en) {
        const want = new Set(String(v).match(/\{\{\s*\w+\s*\}\}/g) ?? []);
        const got = new Set(String(cat.get(k)).match(/\{\{\s*\w+\s*\}\}/g) ?? []);
        if ([...want].some((p) => !got.has(p))) bad.push(k);
      }
      expect(bad).toEqual([]);
    });
  }
});
