import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, startupChunks } from './compile-hints.ts';

describe('startupChunks', () => {
  const chunk = (fileName: string, imports: string[] = [], isEntry = false) => ({ fileName, imports, isEntry });

  it('takes the entries and what they import statically, transitively, and nothing loaded later', () => {
    const chunks = [
      chunk('index.js', ['react.js'], true),
      chunk('react.js', ['shared.js']),
      chunk('shared.js'),
      chunk('Dialog.js', ['shared.js']),
    ];
    expect([...startupChunks(chunks)].sort()).toEqual(['index.js', 'react.js', 'shared.js']);
  });

  it('adds the chunks `also` names, with their own static imports', () => {
    const chunks = [chunk('index.js', [], true), chunk('vigil.js', ['base.js']), chunk('base.js'), chunk('Dialog.js')];
    expect([...startupChunks(chunks, (c) => c.fileName === 'vigil.js')].sort()).toEqual(['base.js', 'index.js', 'vigil.js']);
  });
});

describe('compileHints in a Vite build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(join(dir, 'main.js'), "import { greet } from './shared.js';\ngreet();\nimport('./later.js').then((m) => m.later());\n");
  writeFileSync(join(dir, 'shared.js'), 'export function greet() { document.title = "hi"; }\n');
  writeFileSync(join(dir, 'later.js'), "import { greet } from './shared.js';\nexport function later() { greet(); }\n");

  const chunksOf = async (plugin = compileHints()) => {
    const out = (await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [plugin],
      // Two static files and one lazy one, so that Vite puts its preload helper at the entry's top.
      build: {
        write: false,
        minify: true,
        sourcemap: true,
        rollupOptions: { output: { manualChunks: (id) => (id.endsWith('shared.js') ? 'shared' : undefined) } },
      },
    })) as Rollup.RollupOutput;
    return out.output.flatMap((item) => (item.type === 'chunk' ? [item] : []));
  };

  it('puts the hint on the first line of the entry and its static imports, not of the lazy chunk', async () => {
    const chunks = await chunksOf();
    const named = (part: string) => chunks.find((c) => c.fileName.includes(part))!;
    expect(named('index').code.startsWith(COMPILE_HINT)).toBe(true);
    expect(named('shared').code.startsWith(COMPILE_HINT)).toBe(true);
    expect(named('later').code).not.toContain(COMPILE_HINT.trim());
    // The source map follows the line the hint added.
    expect(named('index').map?.mappings.startsWith(';')).toBe(true);
  });

  it('marks the chunks `also` names (a bundle imported lazily at start)', async () => {
    const chunks = await chunksOf(compileHints({ also: (c) => c.moduleIds.some((id) => id.endsWith('later.js')) }));
    expect(chunks.find((c) => c.fileName.includes('later'))!.code.startsWith(COMPILE_HINT)).toBe(true);
  });
});
