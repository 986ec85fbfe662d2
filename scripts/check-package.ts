/**
 * Checks the package as npm would pack it (run by `npm run budgets`, after the build):
 * every target of package.json "exports" exists and is packed; the element entries exist
 * in both builds (lib/ for bundlers, dist/ for script tags) for every element; the library
 * build bundles no React and imports only the package's declared runtime libraries.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reactCopies } from './react-copies.ts';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  'web-types'?: string;
};

const problems: string[] = [];
const packed = new Set(
  (
    JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { files: { path: string }[] }[]
  )[0]!.files.map((f) => f.path),
);

/** The package's files a target names (`./lib/*.js` → every lib/<name>.js), by what `*` stands for. */
function expand(target: string): Map<string, string> {
  const path = target.replace(/^\.\//, '');
  if (!path.includes('*')) return new Map(existsSync(join(ROOT, path)) ? [['', path]] : []);
  const [before, after] = path.split('*') as [string, string];
  const dir = before.slice(0, before.lastIndexOf('/') + 1);
  const prefix = before.slice(dir.length);
  const found = new Map<string, string>();
  const walk = (sub: string) => {
    if (!existsSync(join(ROOT, dir, sub))) return;
    for (const entry of readdirSync(join(ROOT, dir, sub), { withFileTypes: true })) {
      const rel = sub + entry.name;
      if (entry.isDirectory()) walk(`${rel}/`);
      else if (rel.startsWith(prefix) && rel.endsWith(after)) found.set(rel.slice(prefix.length, rel.length - after.length), dir + rel);
    }
  };
  walk('');
  return found;
}

const elements = readdirSync(join(ROOT, 'elements'))
  .filter((f) => /^vigil-[a-z-]+\.ts$/.test(f))
  .map((f) => f.slice(0, -3))
  .sort();
let targets = 0;
for (const [subpath, conditions] of Object.entries(pkg.exports)) {
  const byCondition = typeof conditions === 'string' ? { default: conditions } : conditions;
  for (const [condition, target] of Object.entries(byCondition)) {
    const files = expand(target);
    if (!files.size) problems.push(`exports["${subpath}"].${condition}: nothing at ${target}`);
    for (const file of files.values()) {
      targets++;
      if (!packed.has(file)) problems.push(`exports["${subpath}"].${condition}: ${file} is not packed (package.json "files")`);
    }
    // Every element can be imported by name from either build.
    if (subpath === './elements/*' && condition !== 'types') {
      const names = [...files.keys()].filter((n) => /^vigil-[a-z-]+$/.test(n)).sort();
      if (names.join() !== elements.join())
        problems.push(`exports["./elements/*"].${condition}: has ${names.join(', ')}; the elements are ${elements.join(', ')}`);
    }
  }
}

// Editor completion: JetBrains IDEs find web-types.json through this field; VS Code users
// point html.customData at vscode.html-custom-data.json (both made by `npm run manifest`).
for (const file of [pkg['web-types'], './vscode.html-custom-data.json']) {
  const path = file?.replace(/^\.\//, '');
  if (!path) problems.push('package.json has no "web-types" field');
  else if (!packed.has(path)) problems.push(`${path} is not packed (package.json "files"), or was not generated (npm run manifest)`);
}

// The library build: the app's React, and only declared runtime libraries.
const declared = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
for (const name of ['react', 'react-dom']) {
  if (!pkg.peerDependencies?.[name]) problems.push(`${name} must be a peer dependency (the app's own copy)`);
  if (pkg.dependencies[name]) problems.push(`${name} must not be a dependency (a second copy for apps on another version)`);
}
const lib = [...expand('./lib/*.js').values()];
const code = lib.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
const copies = reactCopies(code);
if (copies) problems.push(`lib/ bundles ${copies} copy of React; it must import it`);
// Unminified ES modules: one import statement per line, dynamic imports anywhere.
const IMPORTS = /^(?:import|export)\b[^;"'\n]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
const bare = new Set([...code.matchAll(IMPORTS)].map((m) => (m[1] ?? m[2] ?? m[3])!).filter((spec) => !spec.startsWith('.')));
for (const spec of bare) {
  if (!declared.some((name) => spec === name || spec.startsWith(`${name}/`)))
    problems.push(`lib/ imports ${spec}, which is not a dependency or peer dependency`);
}

for (const p of problems) console.error(`✗ package: ${p}`);
console.log(
  `${problems.length ? '✗' : '✓'} package: ${targets} export targets packed; ${elements.length} elements in lib/ and dist/; lib/ imports ${[...bare].sort().join(', ')}`,
);
process.exit(problems.length ? 1 : 0);
