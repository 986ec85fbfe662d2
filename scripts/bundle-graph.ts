/**
 * The built bundles' import graph: what a page loads up front for an entry (static
 * imports, transitively) and which chunks it may load later (dynamic imports).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { LOADER_MARK } from './loaders.ts';

/** The build to measure: dist/, or VIGIL_DIST (a build made with `vite build --outDir`). */
export const DIST = process.env.VIGIL_DIST ?? join(import.meta.dirname, '..', 'dist');

const STATIC = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`]([^"'`]+\.js)["'`]/g;
const DYNAMIC = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

function read(root: string, file: string): string {
  return readFileSync(join(root, file), 'utf8');
}

function resolveFrom(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return normalize(relative(root, join(root, dirname(from), spec)));
}

export interface Graph {
  /** Files loaded up front, entry first. */
  initial: string[];
  /** Chunks only reachable through dynamic import(). */
  lazy: string[];
  /** Each dynamic import target (a lazy page or part) with the files it adds when loaded. */
  lazyTargets: { target: string; files: string[] }[];
}

/** The graph of `entries`, paths relative to `root` (dist/ unless given: an app's build also works). */
export function graph(entries: string[], root = DIST): Graph {
  const initial = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file) || !existsSync(join(root, file))) return;
    initial.add(file);
    const code = read(root, file);
    for (const m of code.matchAll(STATIC)) {
      const dep = resolveFrom(root, file, m[1]!);
      if (dep) visit(dep);
    }
    // A single-element script's loader imports its element's module at once (scripts/loaders.ts).
    if (code.startsWith(LOADER_MARK)) {
      for (const m of code.matchAll(DYNAMIC)) {
        const dep = resolveFrom(root, file, m[1]!);
        if (dep) visit(dep);
      }
      return;
    }
    for (const m of code.matchAll(DYNAMIC)) {
      const dep = resolveFrom(root, file, m[1]!);
      if (dep) dynamic.add(dep);
    }
  };
  entries.forEach(visit);
  // A lazy chunk's own static imports load with it (when not already loaded up front, or
  // by the lazy chunk whose code imports it: that one has loaded before it can ask).
  const lazy = new Set<string>();
  const closure = (file: string, seen: Set<string>, loaded: Set<string>) => {
    if (initial.has(file) || loaded.has(file) || seen.has(file) || !existsSync(join(root, file))) return;
    seen.add(file);
    for (const m of read(root, file).matchAll(STATIC)) {
      const dep = resolveFrom(root, file, m[1]!);
      if (dep) closure(dep, seen, loaded);
    }
  };
  // Every dynamic import target, including those inside lazy chunks (nested lazy parts). A
  // target imported from several places is charged its largest cost.
  const costs = new Map<string, string[]>();
  const queue: { target: string; loaded: Set<string> }[] = [...dynamic].map((target) => ({ target, loaded: new Set<string>() }));
  const expanded = new Set<string>();
  while (queue.length) {
    const { target, loaded } = queue.shift()!;
    if (initial.has(target) || loaded.has(target)) continue;
    const seen = new Set<string>();
    closure(target, seen, loaded);
    seen.forEach((f) => lazy.add(f));
    if ((costs.get(target)?.length ?? -1) < seen.size) costs.set(target, [...seen]);
    if (expanded.has(target)) continue;
    expanded.add(target);
    const withThis = new Set([...loaded, ...seen]);
    for (const f of seen) {
      for (const m of read(root, f).matchAll(DYNAMIC)) {
        const dep = resolveFrom(root, f, m[1]!);
        if (dep) queue.push({ target: dep, loaded: withThis });
      }
    }
  }
  const lazyTargets = [...costs].map(([target, files]) => ({ target, files }));
  lazyTargets.sort((a, b) => a.target.localeCompare(b.target));
  return { initial: [...initial], lazy: [...lazy], lazyTargets };
}

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export function size(files: string[], root = DIST): Size {
  const out = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const buf = readFileSync(join(root, f));
    out.raw += buf.length;
    out.gzip += gzipSync(buf, { level: 9 }).length;
    out.brotli += brotliCompressSync(buf).length;
  }
  return out;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
