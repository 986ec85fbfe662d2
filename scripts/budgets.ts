/**
 * Fails when a bundle budget of budgets.json is exceeded (run by `npm test` after the
 * build). Prints what each page loads.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, graph, kb, size } from './bundle-graph.ts';

interface Budgets {
  pages: Record<string, { entries: string[]; maxGzip: number }>;
  lazyChunkMaxGzip: number;
}

const budgets = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'budgets.json'), 'utf8')) as Budgets;
if (!existsSync(join(DIST, 'vigil.js'))) {
  console.error('budgets: dist/ is missing; run `npm run build` first');
  process.exit(1);
}

let failed = 0;
let checked = 0;
const lazySeen = new Map<string, string[]>();
for (const [name, page] of Object.entries(budgets.pages)) {
  checked++;
  const missing = page.entries.filter((e) => !existsSync(join(DIST, e)));
  if (missing.length) {
    failed++;
    console.error(`✗ ${name}: missing ${missing.join(', ')}`);
    continue;
  }
  const g = graph(page.entries);
  const s = size(g.initial);
  const ok = s.gzip <= page.maxGzip;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✗'} ${name}: ${kb(s.gzip)} gz (${kb(s.brotli)} br, ${g.initial.length} files) — budget ${kb(page.maxGzip)}`);
  for (const t of g.lazyTargets) lazySeen.set(t.target, t.files);
}
// A lazy page costs its own chunk plus every chunk it pulls in that was not loaded up front.
for (const [target, files] of [...lazySeen].sort()) {
  checked++;
  const s = size(files);
  const ok = s.gzip <= budgets.lazyChunkMaxGzip;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✗'} lazy ${target} (+${files.length - 1} chunks): ${kb(s.gzip)} gz — budget ${kb(budgets.lazyChunkMaxGzip)}`);
}
console.log(`budgets: ${checked - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
