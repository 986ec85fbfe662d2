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
const lazySeen = new Set<string>();
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
  g.lazy.forEach((f) => lazySeen.add(f));
}
for (const f of [...lazySeen].sort()) {
  checked++;
  const s = size([f]);
  const ok = s.gzip <= budgets.lazyChunkMaxGzip;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✗'} lazy ${f}: ${kb(s.gzip)} gz — budget ${kb(budgets.lazyChunkMaxGzip)}`);
}
console.log(`budgets: ${checked - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
