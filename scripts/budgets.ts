/**
 * Fails when a bundle budget of budgets.json is exceeded (run by `npm test` after the
 * build). Prints what each page loads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DIST, graph, kb, size } from './bundle-graph.ts';
import { reactCopies } from './react-copies.ts';

interface Page {
  entries: string[];
  /**
   * Entries the page's script imports on demand that this page does use (the autoloader
   * imports `vigil-evacuation.js` when the tag appears): counted as loaded up front.
   */
  loads?: string[];
  maxGzip: number;
  /** At most `bytes` gzip more than the named page. */
  near?: { page: string; bytes: number };
}

interface Budgets {
  pages: Record<string, Page>;
  lazyChunkMaxGzip: number;
  /** Lazy pages held to a guard of their own (by the chunk's name before its hash), each with its reason in budgets.json. */
  lazyPageMaxGzip?: Record<string, number | string>;
  reactApp: { dir: string; maxGzip: number };
}

const ROOT = join(import.meta.dirname, '..');
const budgets = JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8')) as Budgets;
if (!existsSync(join(DIST, 'vigil.js'))) {
  console.error('budgets: dist/ is missing; run `npm run build` first');
  process.exit(1);
}

let failed = 0;
let checked = 0;
const fail = (line: string) => {
  failed++;
  console.error(`✗ ${line}`);
};
const lazySeen = new Map<string, string[]>();
const pageGzip = new Map<string, number>();
for (const [name, page] of Object.entries(budgets.pages)) {
  checked++;
  const loads = page.loads ?? [];
  const missing = [...page.entries, ...loads].filter((e) => !existsSync(join(DIST, e)));
  if (missing.length) {
    fail(`${name}: missing ${missing.join(', ')}`);
    continue;
  }
  const g = graph([...page.entries, ...loads]);
  const s = size(g.initial);
  pageGzip.set(name, s.gzip);
  const ok = s.gzip <= page.maxGzip;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✗'} ${name}: ${kb(s.gzip)} gz (${kb(s.brotli)} br, ${g.initial.length} files) — budget ${kb(page.maxGzip)}`);
  // The autoloader can import every element: those are pages of their own, checked as such.
  if (!loads.length) for (const t of g.lazyTargets) lazySeen.set(t.target, t.files);
}
for (const [name, page] of Object.entries(budgets.pages)) {
  if (!page.near) continue;
  checked++;
  const mine = pageGzip.get(name);
  const theirs = pageGzip.get(page.near.page);
  if (mine === undefined || theirs === undefined) {
    fail(`${name}: cannot compare with "${page.near.page}"`);
    continue;
  }
  const ok = mine - theirs <= page.near.bytes;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✗'} ${name} vs ${page.near.page}: ${mine - theirs} B gz more — at most ${page.near.bytes} B`);
}
// A lazy page costs its own chunk plus every chunk it pulls in that was not loaded up front.
for (const [target, files] of [...lazySeen].sort()) {
  checked++;
  const s = size(files);
  const own = Object.entries(budgets.lazyPageMaxGzip ?? {}).find(([name]) => basename(target).startsWith(`${name}-`));
  const max = typeof own?.[1] === 'number' ? own[1] : budgets.lazyChunkMaxGzip;
  const ok = s.gzip <= max;
  if (!ok) failed++;
  console.log(`${ok ? '✓' : '✗'} lazy ${target} (+${files.length - 1} chunks): ${kb(s.gzip)} gz — budget ${kb(max)}`);
}

// The React example (built by `npm run build` from the library build): one React, and its
// first load within budget.
checked++;
const app = join(ROOT, budgets.reactApp.dir);
const html = existsSync(join(app, 'index.html')) ? readFileSync(join(app, 'index.html'), 'utf8') : '';
const entry = /<script type="module"[^>]*src="[^"]*\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
if (!entry) {
  fail(`React example: no built ${budgets.reactApp.dir}/index.html with a module script`);
} else {
  const g = graph([entry], app);
  const all = readdirSync(join(app, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const copies = reactCopies(all.map((f) => readFileSync(join(app, f), 'utf8')).join('\n'));
  const first = size(g.initial, app);
  const whole = size(all, app);
  const ok = copies === 1 && first.gzip <= budgets.reactApp.maxGzip;
  if (!ok) failed++;
  console.log(
    `${ok ? '✓' : '✗'} React example: ${copies} React; first load ${kb(first.gzip)} gz (${g.initial.length} files) — budget ${kb(budgets.reactApp.maxGzip)}; all its JS ${kb(whole.gzip)} gz`,
  );
}
console.log(`budgets: ${checked - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
