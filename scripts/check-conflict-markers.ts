/**
 * Fails on leftover merge-conflict markers anywhere in the repository (`npm run lint` runs
 * it first). A marker line starts with seven `<`, `|` or `>` and a space, or is exactly
 * seven `=`. No tracked file uses a seven-`=` Markdown heading underline, so that form is
 * flagged too; underline a heading with any other length.
 *
 * Files: `git ls-files` (tracked, plus new files not ignored yet); where git is not
 * available, a walk of the tree. Built and installed folders are skipped, and so are
 * binary files (a NUL byte near the start, as git decides).
 *
 * The marker strings are built with `repeat()` so that this file never holds one itself.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const OPENING = '<'.repeat(7) + ' ';
const BASE = '|'.repeat(7) + ' ';
const CLOSING = '>'.repeat(7) + ' ';
const SEPARATOR = '='.repeat(7);

/** Folders never checked: installed, built or local data. */
const SKIPPED = new Set(['.git', 'node_modules', 'dist', 'lib', '.data']);

/** Whether one line (without its line break) is a merge-conflict marker. */
export function isConflictMarker(line: string): boolean {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.startsWith(OPENING) || text.startsWith(BASE) || text.startsWith(CLOSING) || text === SEPARATOR;
}

/** The 1-based numbers of the marker lines in `text`. */
export function conflictMarkerLines(text: string): number[] {
  const found: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (isConflictMarker(line)) found.push(i + 1);
  });
  return found;
}

/** Binary as git sees it: a NUL byte in the first 8000 bytes. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

const skipped = (path: string): boolean => path.split(/[\\/]/).some((part) => SKIPPED.has(part));

function gitFiles(root: string): string[] | null {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(out.split('\0').filter(Boolean))];
  } catch {
    return null;
  }
}

function walkFiles(root: string, dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(root, path, out);
    else if (entry.isFile()) out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

/** Every marker line under `root`, as `file:line`. */
export function findConflictMarkers(root: string): string[] {
  const files = gitFiles(root) ?? walkFiles(root);
  const found: string[] = [];
  for (const file of files) {
    if (skipped(file)) continue;
    const path = join(root, file);
    let bytes: Buffer;
    try {
      if (!lstatSync(path).isFile()) continue; // symlinks, submodules
      bytes = readFileSync(path);
    } catch {
      continue; // deleted from the work tree, not yet from the index
    }
    if (isBinary(bytes)) continue;
    for (const line of conflictMarkerLines(bytes.toString('utf8'))) found.push(`${file}:${line}`);
  }
  return found;
}

if (import.meta.main) {
  const found = findConflictMarkers(join(import.meta.dirname, '..'));
  if (found.length) {
    console.error(`Merge-conflict markers left in ${found.length} line(s):\n${found.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}
