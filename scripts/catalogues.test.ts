import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LOCALES, NAMESPACES } from '../src/core/i18n/namespaces.ts';
import { flatten, loadCatalogue } from './catalogues.ts';

const root = join(import.meta.dirname, '..');

/**
 * Every quoted message key in the portal's source (`'<namespace>.a.b'`), with its file:
 * keys reach `t` through variables and tables too, where the typed `t` cannot check
 * them. Names of page-wide instances (`shared('inbox.marking', …)`), storage keys and
 * comments share the shape but are not messages.
 */
export function messageKeysIn(source: string): string[] {
  const namespaces = Object.keys(NAMESPACES).join('|');
  const re = new RegExp(`(shared\\(\\s*|STORAGE_KEY = )?['\`]((?:${namespaces})\\.[A-Za-z0-9_.]*[A-Za-z0-9_])['\`]`, 'g');
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(re)].filter((m) => !m[1]).map((m) => m[2]!);
}

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const dir of ['src', 'elements'])
    for (const f of readdirSync(join(root, dir), { recursive: true }) as string[])
      if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)) files.push(join(dir, f));
  return files;
}

// All six catalogues must have exactly the same keys and no empty values: a missing
// translation fails here rather than showing English (or a raw key) to a user.
describe('message catalogues', () => {
  const en = flatten(loadCatalogue('en'));
  it('has English for every key the source names', () => {
    // A key is a message (plural forms `_one`/`_other` count) or the parent of messages
    // the code picks from (`t(`${base}.${kind}`)`).
    const known = (key: string) => en.has(key) || en.has(`${key}_one`) || [...en.keys()].some((k) => k.startsWith(`${key}.`));
    const checked = sourceFiles().flatMap((file) => messageKeysIn(readFileSync(join(root, file), 'utf8')).map((key) => ({ file, key })));
    expect(checked.length).toBeGreaterThan(400);
    expect(checked.filter(({ key }) => !known(key)).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });
  it('reads keys, not instance names or storage keys', () => {
    expect(
      messageKeysIn(
        `t('inbox.list.title'); shared('inbox.marking', f); const USER_STORAGE_KEY = 'auth.currentUser'; x('http.a')\n// see \`inbox.gone\``,
      ),
    ).toEqual(['inbox.list.title']);
  });
  for (const locale of MESSAGE_LOCALES) {
    it(`${locale} has exactly the English keys, none empty`, () => {
      const cat = flatten(loadCatalogue(locale));
      expect([...cat.keys()].filter((k) => !isContextVariant(k)).sort()).toEqual([...en.keys()].filter((k) => !isContextVariant(k)).sort());
      // A wording for a context exists only where the language needs it, and only beside its sentence.
      expect([...cat.keys()].filter((k) => isContextVariant(k) && !en.has(baseOf(k)))).toEqual([]);
      const empty = [...cat].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });
    it(`${locale} keeps every {{placeholder}} of English`, () => {
      const cat = flatten(loadCatalogue(locale));
      const bad: string[] = [];
      for (const [k, v] of [...en, ...[...cat].filter(([k]) => isContextVariant(k)).map(([k]) => [k, en.get(baseOf(k))] as const)]) {
        const want = new Set(String(v).match(/\{\{\s*\w+\s*\}\}/g) ?? []);
        const got = new Set(String(cat.get(k)).match(/\{\{\s*\w+\s*\}\}/g) ?? []);
        if ([...want].some((p) => !got.has(p))) bad.push(k);
      }
      expect(bad).toEqual([]);
    });
  }
});

/**
 * The wordings i18next picks by context (`t(key, { context })`): `_day` for a moment that is
 * not today (core/time/moments.ts), `_vowel` before a name starting with a vowel
 * (core/i18n/elision.ts). A language has one only where its wording differs.
 */
const CONTEXT_VARIANT = /_(day|vowel)$/;
const isContextVariant = (key: string) => CONTEXT_VARIANT.test(key);
const baseOf = (key: string) => key.replace(CONTEXT_VARIANT, '');
