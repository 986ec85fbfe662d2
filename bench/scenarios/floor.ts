/**
 * The floor under every budget: the same build settings as the product (vite.config.ts),
 * applied to pages that only use the libraries the design card prescribes. What is left
 * between a floor and a budget target is all Vigil's own code (session, client, contract,
 * translations, styles, the element itself) may weigh.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { attribute, isOwn } from '../../scripts/attribute.ts';
import { DIST, graph, kb, size } from '../../scripts/bundle-graph.ts';
import { REPO } from '../harness.ts';

const FLOORS = [
  { file: 'react.ts', what: 'React 19 + react-dom rendering one element' },
  { file: 'react-i18next.ts', what: '+ i18next' },
  { file: 'card.ts', what: '+ r2wc, nanostores, @nanostores/react, wretch, valibot' },
];

/**
 * Builds one floor page (`bench/floor/<entry>`) as a single ES module with the product's
 * build settings (minified, production React), into `outDir` as `fileName`.
 */
export async function buildFloorPage(entry: string, outDir: string, fileName = 'floor.js'): Promise<void> {
  await build({
    configFile: false,
    root: REPO,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      lib: { entry: join(REPO, 'bench/floor', entry), formats: ['es'], fileName: () => fileName },
      rolldownOptions: { output: { minify: true, codeSplitting: false } },
    },
  });
}

async function gzipOf(entry: string): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'vigil-floor-'));
  try {
    await buildFloorPage(entry, outDir);
    return readdirSync(outDir)
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + gzipSync(readFileSync(join(outDir, f)), { level: 9 }).length, 0);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Each budgeted page of the current build: its gzip, and what of it is Vigil's own code. */
function ownCode(pages: Record<string, { entries: string[] }>, card: number) {
  if (!existsSync(join(DIST, 'vigil.js'))) return [];
  return Object.entries(pages).map(([name, { entries }]) => {
    const files = graph(entries).initial;
    const own = attribute(files)
      .filter((r) => isOwn(r.source))
      .reduce((n, r) => n + r.gzip, 0);
    return { name, gzip: size(files).gzip, aboveFloor: size(files).gzip - card, ownBySourceMaps: Math.round(own) };
  });
}

export async function floor() {
  const budgets = JSON.parse(readFileSync(join(REPO, 'budgets.json'), 'utf8')) as {
    targets: Record<string, number>;
    pages: Record<string, { entries: string[] }>;
  };
  const targets = budgets.targets;
  const rows: { what: string; gzip: number }[] = [];
  for (const f of FLOORS) rows.push({ what: f.what, gzip: await gzipOf(f.file) });
  const card = rows.at(-1)!.gzip;
  const left = Object.entries(targets)
    .filter(([name]) => name !== 'lazyPage')
    .map(([name, target]) => ({ name, target, leftForVigil: target - card }));
  const own = ownCode(budgets.pages, card);
  return {
    rows,
    left,
    own,
    markdown: [
      '| page using only | gzip |',
      '| --- | ---: |',
      ...rows.map((r) => `| ${r.what} | ${kb(r.gzip)} |`),
      '',
      "| target (budgets.json) | gzip | left for all of Vigil's own code |",
      '| --- | ---: | ---: |',
      ...left.map((l) => `| ${l.name} | ${kb(l.target)} | ${kb(l.leftForVigil)} |`),
      ...(own.length
        ? [
            '',
            "| this build | gzip | above the floor | Vigil's own code (source maps, `npm run attribute`) |",
            '| --- | ---: | ---: | ---: |',
            ...own.map((o) => `| ${o.name} | ${kb(o.gzip)} | ${kb(o.aboveFloor)} | ${kb(o.ownBySourceMaps)} |`),
          ]
        : []),
    ].join('\n'),
  };
}
