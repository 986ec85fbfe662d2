/**
 * A Vite plugin for the framework examples: marks the scripts a page runs at once with V8's
 * explicit compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136 and later; other
 * browsers read a comment). V8 then compiles such a file's functions on a background thread
 * while the file streams in, instead of on the main thread the first time each is called.
 *
 * Why: an app's first chunk holds React (or Vue, or Svelte), i18next and the elements it
 * shows, and most of their functions run while the page starts. Compiled lazily, that work
 * is one long task on the main thread; Lighthouse (mobile) measured the React example at
 * 88–95 with 230–450 ms of total blocking time, and with the hint at 95–99 with 20–220 ms.
 *
 * Which files: the entry chunks and every chunk they import statically, that is what the
 * browser must run before the app starts (and those `also` names, see below). Chunks loaded
 * later (a dialog, a list) stay lazy: compiling what may never run would cost time for nothing. The comment must be the file's
 * first line, so it is added after minification (a minifier drops comments).
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type Chunk = { fileName: string; isEntry: boolean; imports: readonly string[]; moduleIds: readonly string[] };

/** The file names of the entry chunks (and of those `also` names) and of the chunks they import statically, transitively. */
export function startupChunks<C extends Omit<Chunk, 'moduleIds'>>(
  chunks: readonly C[],
  also: (chunk: C) => boolean = () => false,
): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) if (byName.has(imported)) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry || also(chunk)) visit(chunk.fileName);
  return found;
}

/**
 * `also`: more chunks to mark, with the chunks they import statically; for an app whose
 * entry imports Vigil's elements lazily (its loader), the chunk with their shared runtime,
 * which the page loads as soon as the first element is in it.
 */
export function compileHints({ also }: { also?: (chunk: Chunk) => boolean } = {}): Plugin {
  return {
    name: 'vigil-compile-hints',
    apply: 'build',
    // Last, after Vite has put its preload helper at the top of the entry.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        for (const fileName of startupChunks(chunks, also)) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // One line more at the top: the map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}
