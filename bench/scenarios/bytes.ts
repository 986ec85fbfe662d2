import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, graph, kb, size } from '../../scripts/bundle-graph.ts';

/** gzip and brotli of every entry (what a page loads for it) and every lazy chunk. */
export function bytes() {
  const entries = readdirSync(DIST).filter((f) => f.endsWith('.js'));
  const rows = entries.map((entry) => {
    const g = graph([entry]);
    const s = size(g.initial);
    return { entry, files: g.initial.length, raw: s.raw, gzip: s.gzip, brotli: s.brotli, lazyChunks: g.lazy.length };
  });
  // A chunk is lazy when some page loads it only on demand (the all-in-one vigil.js loads
  // every element's entry up front, so the union of all entries would leave nothing lazy).
  const lazy = [...new Set(entries.filter((e) => e !== 'vigil.js').flatMap((e) => graph([e]).lazy))]
    .sort()
    .map((chunk) => ({ chunk, ...size([chunk]) }));
  const chunks = readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.js')).length;
  return {
    rows,
    lazy,
    chunks,
    markdown: [
      '| entry (what a page loads) | files | gzip | brotli |',
      '| --- | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.entry} | ${r.files} | ${kb(r.gzip)} | ${kb(r.brotli)} |`),
      '',
      '| lazy chunk | gzip | brotli |',
      '| --- | ---: | ---: |',
      ...lazy.map((r) => `| ${r.chunk} | ${kb(r.gzip)} | ${kb(r.brotli)} |`),
    ].join('\n'),
  };
}
