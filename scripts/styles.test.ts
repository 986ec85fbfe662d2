/**
 * Element style sheets size everything from the suite's own tokens (`--v-rem`,
 * `--v-font-size`), never from the page's root font size: a `rem` in a rule would let a
 * host page's `html { font-size: … }` shrink or grow the elements (docs/engineering.md,
 * "Styling rules"). Inside `@media` conditions `rem` is the browser's default size, not the page's,
 * so it stays allowed there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** `rem` lengths outside `@media` conditions, as "file:line". */
export function remUses(css: string, name: string): string[] {
  const found: string[] = [];
  css.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\*.*?\*\//g, '');
    if (/^\s*@media\b/.test(code)) return;
    if (/\d(?:\.\d+)?rem\b/.test(code)) found.push(`${name}:${i + 1}`);
  });
  return found;
}

describe('element style sheets', () => {
  it('spot a rem length in a rule, but not in a media condition or a comment', () => {
    expect(remUses('.a { font-size: 1.5rem; }', 'x.css')).toEqual(['x.css:1']);
    expect(remUses('@media (min-width: 40rem) {\n.a { padding: 4px; }\n}', 'x.css')).toEqual([]);
    expect(remUses('/* was 1rem */ .a { padding: 4px; }', 'x.css')).toEqual([]);
  });

  it('use no rem outside media conditions', () => {
    const files = cssFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(10);
    const uses = files.flatMap((file) => remUses(readFileSync(file, 'utf8'), relative(root, file)));
    expect(uses).toEqual([]);
  });
});
